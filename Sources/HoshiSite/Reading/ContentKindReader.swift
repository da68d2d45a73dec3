import HoshiCore

/// One kind of content (Markdown pages, MANUAL-format help, Lights Off sets, game records): the files it
/// takes and what it makes of them. `SiteBuilder` runs every registered reader the same way and knows none
/// of the kinds by name, so a new kind is a folder under `ContentKinds/` and one line in `ContentKinds.all`
/// (see `ContentKindRegistration`).
///
/// Readers are pure with respect to the output: they read their files and return pages, files to write,
/// navigation entries and diagnostics; rendering, link checking and writing happen later, for all kinds at once.
protocol ContentKindReader: Sendable {
    /// Whether this reader reads `file`. Of the readers claiming a file, the one of highest
    /// `ContentKindRegistration.claimPriority` gets it; files no reader claims are copied to the output unchanged.
    /// A reader that must look into a file to know (problems) asks `context`, whose parses reading reuses.
    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool

    /// The page a link to `file` opens (`docs/guide.md` -> `docs/guide.html`), known before anything is read
    /// so Markdown can rewrite links to any kind. Nil: a link to the file reaches the file itself.
    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String?

    /// Reads the files this reader claimed (possibly none: a kind may also publish what `hoshi.yml` asks for).
    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent

    /// True when what `read` makes of one file depends only on that file's bytes and the context, never on
    /// the other files this reader claims, and no other reader reads this kind's files: `hoshi serve` then
    /// re-reads a changed file alone (`BuildMemory`). Reading `[a, b]` must equal reading `[a]` then `[b]`.
    var readsFilesIndependently: Bool { get }

    /// True when the page a link to a file opens has an anchor per move (`#move-12`, game pages), so a
    /// diagram of a position can link to that move; other kinds' pages (a problem's) are linked as a whole.
    var pagesHaveMoveAnchors: Bool { get }
}

extension ContentKindReader {
    var readsFilesIndependently: Bool { false }
    var pagesHaveMoveAnchors: Bool { false }
}
