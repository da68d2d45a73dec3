import HoshiCore

/// Problems published together under one index page: the one-problem files of a folder
/// (`problems/corner.sgf`, `problems/edge.sgf` -> `problems/index.html`, `problems/corner.html`, ...), or a
/// file holding several (`classics/hatsuyoron.sgf` -> `classics/hatsuyoron/index.html`, `.../1.html`, ...).
struct ProblemSet {
    var title: String
    /// The set's introduction (a collection's root comment), plain text.
    var introduction: String?
    var indexPath: String
    /// The index opens its folder's navigation entry (a folder set without `index.md`).
    var isFolderLanding: Bool
    var navigationID: NavigationID
    var parentNavigationID: NavigationID
    /// Content folder holding the set's files.
    var folder: String
    var sourcePath: String
    /// The SGF to download, for a one-file set.
    var downloadPath: String?
    var problems: [PublishedProblem]

    /// The key of the reader's marks in `localStorage`: the index page's path.
    var id: String { indexPath }

    /// Problems with nothing to answer the reader with (the classical collections publish positions only).
    var unsolvedCount: Int { problems.filter { !$0.analysis.hasSolution }.count }

    /// Problems whose page answers from the solver's proven tree.
    var computedCount: Int { problems.filter { $0.computedAnswer != nil }.count }
}
