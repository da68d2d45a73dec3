import HoshiCore

/// A heading of a rendered document, for the on-page table of contents and the search index.
public struct DocumentHeading: Sendable, Equatable {
    public var level: Int
    public var title: String
    /// Unique within the page; the heading element carries it as `id`.
    public var id: String
    public var line: Int
}

/// A link or image reference as written in the source, kept so that a broken link found later in the
/// generated HTML can be reported at the line that wrote it.
public struct SourceLink: Sendable, Equatable {
    /// The URL as it appears in the output (after `.md` links were rewritten).
    public var url: String
    public var line: Int
    public var column: Int
    /// True when the reader already reported this link as broken, so the link checker stays quiet about it.
    public var isReported = false
}

/// The result of rendering one Markdown body.
public struct MarkdownDocument: Sendable {
    public var html: String
    public var headings: [DocumentHeading]
    public var links: [SourceLink]
    public var diagnostics: [Diagnostic]
    /// The body's text split at level-2/3 headings, for search hits that open a section.
    public var searchSections: [SearchSection] = []
}
