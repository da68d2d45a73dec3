import Foundation

/// The site's content-addressed stores of engine work side by side in `.hoshi-cache/`: move hints (`hints/`),
/// the hint indexes derived from them (`hint-index/`) and the game pages' hints rendered from those
/// (`rendered-hints/`), the solver's answers (`solutions/`) and the word lists' Evil Hangman analyses
/// (`word-analyses/`). `hoshi cache` looks after all of them and `hoshi hints`
/// fills hints, solutions and analyses, so a sharded run, its merge and its pruning are one mechanism for
/// every kind of engine work.
public struct EngineCaches: Sendable {
    public let hints: HintCache
    /// Derived from `hints`: never merged (a shard's would name entry files the receiving cache lacks).
    public let hintIndexes: HintIndexCache
    /// Derived from `hintIndexes`, never merged: what game pages write of their hints (`RenderedFileHints`).
    let renderedHints: RenderedHintsCache
    let solutions: SolutionCache
    let wordAnalyses: WordAnalysisCache

    /// The stores beside `hints` (the `hint-index`, `solutions` and `word-analyses` folders next to the
    /// `hints` folder).
    public init(hints: HintCache) {
        self.hints = hints
        hintIndexes = .beside(hints)
        renderedHints = .beside(indexDirectory: hintIndexes.directory)
        solutions = .beside(hints)
        wordAnalyses = .beside(hints)
    }

    /// The caches of the site whose `hoshi.yml` is in `siteDirectory`.
    public static func forSite(_ siteDirectory: URL) -> EngineCaches {
        EngineCaches(hints: .forSite(siteDirectory))
    }

    /// Accepts a site folder, a `.hoshi-cache` folder or its `hints` folder (what `hoshi cache merge` is given).
    public static func locate(_ url: URL) -> EngineCaches {
        EngineCaches(hints: .locate(url))
    }

    /// Whether any store that merges exists on disk.
    public var exists: Bool {
        [hints.directory, solutions.directory, wordAnalyses.directory].contains { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// One store as `hoshi cache stats` prints it.
    public struct StoreStatistics: Sendable {
        /// `hints`, `hint indexes`, `rendered hints`, `solutions` or `word analyses`.
        public var name: String
        public var directory: URL
        public var statistics: CacheStatistics
        /// The files of the corrupt entries.
        public var corruptFiles: [URL]
    }

    /// Counts and checks every entry of each store that exists.
    public func statistics() -> [StoreStatistics] {
        var stores = [StoreStatistics(name: "hints", directory: hints.directory, statistics: hints.statistics(),
                                      corruptFiles: [])]
        stores[0].corruptFiles = stores[0].statistics.corrupt.map(hints.url(for:))
        if FileManager.default.fileExists(atPath: hintIndexes.directory.path) {
            let statistics = hintIndexes.statistics()
            stores.append(StoreStatistics(name: "hint indexes", directory: hintIndexes.directory, statistics: statistics,
                                          corruptFiles: statistics.corrupt.map(hintIndexes.url(for:))))
        }
        func appendStore<Key, Answer>(_ cache: AnswerCache<Key, Answer>, name: String) {
            guard FileManager.default.fileExists(atPath: cache.directory.path) else { return }
            let statistics = cache.statistics()
            stores.append(StoreStatistics(name: name, directory: cache.directory, statistics: statistics,
                                          corruptFiles: statistics.corrupt.map(cache.url(for:))))
        }
        appendStore(renderedHints, name: "rendered hints")
        appendStore(solutions, name: "solutions")
        appendStore(wordAnalyses, name: "word analyses")
        return stores
    }

    /// What merging another site's or shard's caches did, over every store that merges.
    public struct Merge: Sendable {
        public var added = 0
        public var alreadyPresent = 0
        /// The source's entries that failed their checks and were not copied.
        public var corruptFiles: [URL] = []
    }

    /// Copies every valid entry of `source`'s stores these lack (or hold corrupt), each written atomically.
    public func merge(from source: EngineCaches) throws -> Merge {
        var merge = Merge()
        let hintReport = try hints.merge(from: source.hints)
        merge.corruptFiles += hintReport.corrupt.map(source.hints.url(for:))
        merge.added = hintReport.added
        merge.alreadyPresent = hintReport.alreadyPresent
        func mergeStore<Key, Answer>(_ cache: AnswerCache<Key, Answer>, from source: AnswerCache<Key, Answer>) throws {
            guard FileManager.default.fileExists(atPath: source.directory.path) else { return }
            let report = try cache.merge(from: source)
            merge.corruptFiles += report.corrupt.map(source.url(for:))
            merge.added += report.added
            merge.alreadyPresent += report.alreadyPresent
        }
        try mergeStore(solutions, from: source.solutions)
        try mergeStore(wordAnalyses, from: source.wordAnalyses)
        return merge
    }
}
