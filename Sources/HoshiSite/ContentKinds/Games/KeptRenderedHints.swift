import HoshiCore

/// Where one game file's rendered hints are kept (`RenderedHintsCache`): looked up when the file's hints came
/// from its hint index, and kept once its pages are made when they were not found. The pages are the same
/// either way: a hit gives what rendering the same hints gave.
struct KeptRenderedHints {
    private let cache: RenderedHintsCache?
    /// Where this file's rendered hints go; nil when none are kept (no index gave the hints, or no cache).
    private let key: RenderedHintsKey?

    /// The place of the rendered hints of a file whose hints came from `index` (nil: not from an index, and
    /// nothing is looked up or kept), shown under `preference`.
    init(cache: RenderedHintsCache?, index: HintIndex.Identity?, preference: HintSettings.Preference) {
        self.cache = cache
        key = index.flatMap { RenderedHintsKey(index: $0, preference: preference) }
    }

    /// What a lookup found.
    struct Found {
        /// Per game of the file, its hints as an earlier build rendered them; nil when they were not kept.
        var games: [RenderedGameHints]?
        /// A warning about an entry that failed its checks (the hints are then rendered and kept again).
        var diagnostics: [Diagnostic] = []
    }

    /// The rendered hints of `games`, read from `file`.
    func lookup(for games: [GameTree], in file: ContentFile) -> Found {
        guard let cache, let key else { return Found() }
        let problem: String
        switch cache.lookup(key) {
        case .hit(let kept) where kept.fit(games):
            return Found(games: kept.games)
        case .hit:
            problem = "its games are not the file's"
        case .corrupt(let reason):
            problem = reason
        case .miss:
            return Found()
        }
        return Found(diagnostics: [.warning("rendered hints entry \(key.digest) is corrupt (\(problem)); rendering the hints of "
                                            + "\(file.displayPath) again", at: SourceLocation(path: cache.path(for: key.digest)))])
    }

    /// Keeps `rendered`, the file's hints as its pages wrote them. A write that fails leaves the next build
    /// rendering them again, which loses nothing: no warning.
    func keep(_ rendered: RenderedFileHints) {
        guard let cache, let key else { return }
        try? cache.store(rendered, for: key)
    }
}
