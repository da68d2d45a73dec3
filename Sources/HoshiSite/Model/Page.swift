/// One HTML page of the site, modelled before any template runs.
///
/// Each content kind's reader produces pages (`ContentKindReader`); the renderer wraps their content in the
/// layout the page names; the link checker and the search index read them.
public struct Page: Sendable, Equatable {
    /// The file that produced the page, as diagnostics name it (`content/docs/guide.md`).
    public var sourcePath: String
    /// Where the page is written, relative to the output folder, with `/` separators.
    public var outputPath: String
    public var title: String
    public var description: String?
    /// The body HTML, already escaped or sanitised by its reader.
    public var contentHTML: String
    /// Headings for the on-page table of contents (levels 2 and 3 are listed).
    public var headings: [DocumentHeading] = []
    /// Links as written in the source, for locating broken links.
    public var sourceLinks: [SourceLink] = []
    /// The page's text for the search index, split at level-2/3 headings (MANUAL subsections) so a hit can
    /// open the section that holds it. Empty: the page is found by its title only.
    public var searchSections: [SearchSection] = []
    /// Fragments the page's script resolves without an element of that id (a game page's `#move-N` and
    /// `#node-K`), so links to them pass the link check.
    public var scriptFragments: Set<String> = []
    /// The navigation entry this page sits under, and its own entry.
    public var navigationID: NavigationID
    /// The template under `layouts/` that wraps the content.
    public var layout = "page"
    /// False when the content starts with its own `<h1>`, so the layout does not add a second one.
    public var showsTitle = true
    /// Whether the search index and the sitemap list the page: every page but the 404 page, which a reader
    /// reaches only by a broken address.
    public var isIndexed = true

    public init(sourcePath: String, outputPath: String, title: String, description: String? = nil,
                contentHTML: String, navigationID: NavigationID) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
        self.title = title
        self.description = description
        self.contentHTML = contentHTML
        self.navigationID = navigationID
    }
}
