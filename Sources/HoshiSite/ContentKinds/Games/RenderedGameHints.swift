import HoshiCore

/// One game's hints as its page writes them: the viewer data's hint entry of each analysed node and the
/// section under the viewer (`GameHints`). Rendered from the game's hints, or read back from the
/// rendered hints cache (`RenderedFileHints`), where an unchanged game's rebuild finds them without reading
/// or rendering a single hint.
///
/// Both follow from the game file, the hint settings and the hints alone: no site setting, template, path or
/// translation goes into them (their links are the page's own `#move-N`), which is what lets the file's
/// hint index key them (`RenderedHintsKey`).
struct RenderedGameHints: Sendable, Equatable {
    /// By `Node.ID`: the node's entry of the viewer data's `hints` (`GameHints.viewerEntry(of:)`), nil for a
    /// node without a hint; empty for a game without hints.
    var viewerEntries: [String?]
    /// The section under the viewer (`GameHints.sectionHTML(size:moveNames:)`); empty for a game without hints.
    var sectionHTML: String

    /// A game without hints: its page writes nothing of them.
    static let none = RenderedGameHints(viewerEntries: [], sectionHTML: "")

    init(viewerEntries: [String?], sectionHTML: String) {
        self.viewerEntries = viewerEntries
        self.sectionHTML = sectionHTML
    }

    /// Renders `hints`; `moveNames` names a main-line move by its number (`Q16`, `pass`).
    init(_ hints: GameHints, size: BoardSize, moveNames: (Int) -> String) {
        viewerEntries = hints.nodes.map { $0.map(GameHints.viewerEntry(of:)) }
        sectionHTML = hints.sectionHTML(size: size, moveNames: moveNames)
    }

    /// The hint entry of node `id`, nil when it has none.
    func viewerEntry(at id: Node.ID) -> String? {
        viewerEntries.indices.contains(id) ? viewerEntries[id] : nil
    }
}
