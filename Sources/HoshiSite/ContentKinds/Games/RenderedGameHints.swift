import HoshiCore

/// One game's hints as its page writes them: the hint fields of the viewer's data at each analysed node and
/// the section under the viewer (`GameHints`). Rendered from the game's hints, or read back from the
/// rendered hints cache (`RenderedFileHints`), where an unchanged game's rebuild finds them without reading
/// or rendering a single hint.
///
/// Both follow from the game file, the hint settings and the hints alone: no site setting, template, path or
/// translation goes into them (their links are the page's own `#move-N`), which is what lets the file's
/// hint index key them (`RenderedHintsKey`).
struct RenderedGameHints: Sendable, Equatable {
    /// By `Node.ID`: the node's hint fields of the viewer's data (`GameHints.viewerFields(of:)`), nil for a
    /// node without a hint; empty for a game without hints.
    var viewerFields: [String?]
    /// The section under the viewer (`GameHints.sectionHTML(size:moveNames:)`); empty for a game without hints.
    var sectionHTML: String

    /// A game without hints: its page writes nothing of them.
    static let none = RenderedGameHints(viewerFields: [], sectionHTML: "")

    init(viewerFields: [String?], sectionHTML: String) {
        self.viewerFields = viewerFields
        self.sectionHTML = sectionHTML
    }

    /// Renders `hints`; `moveNames` names a main-line move by its number (`Q16`, `pass`).
    init(_ hints: GameHints, size: BoardSize, moveNames: (Int) -> String) {
        viewerFields = hints.nodes.map { $0.map(GameHints.viewerFields(of:)) }
        sectionHTML = hints.sectionHTML(size: size, moveNames: moveNames)
    }

    /// The hint fields of node `id`, nil when it has none.
    func viewerFields(at id: Node.ID) -> String? {
        viewerFields.indices.contains(id) ? viewerFields[id] : nil
    }
}
