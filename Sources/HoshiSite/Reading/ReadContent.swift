import HoshiCore

/// What one content kind adds to the site. `SiteBuilder` concatenates these in registration order.
struct ReadContent {
    var pages: [Page] = []
    /// Files written beside the pages: sources offered for download, generated data, pictures.
    var assets: [OutputFile] = []
    var navigationItems: [NavigationItem] = []
    /// Content folders that hold this kind's pages: each gets a navigation entry (with its ancestors).
    var folders: [String] = []
    /// Pages that stand for their folder in the navigation (a folder's `index.md`), by content folder.
    var folderLandings: [String: FolderLanding] = [:]
    var diagnostics: [Diagnostic] = []
    /// Facts for the build's summary line (`10 problems in problems/`).
    var notes: [String] = []
    /// Content paths of other files whose bytes reading consulted (the SGF files diagrams draw): an
    /// independently read file is read again when one of them changes (`BuildMemory`).
    var consultedFiles: Set<String> = []

    mutating func append(_ other: ReadContent) {
        pages += other.pages
        assets += other.assets
        navigationItems += other.navigationItems
        folders += other.folders
        folderLandings.merge(other.folderLandings) { first, _ in first }
        diagnostics += other.diagnostics
        notes += other.notes
        consultedFiles.formUnion(other.consultedFiles)
    }
}

/// A page that opens a folder's navigation entry and names it.
struct FolderLanding {
    var title: String
    var outputPath: String
    var order: Int?
}
