import HoshiCore

/// The result of rendering one Markdown body.
public struct MarkdownDocument: Sendable {
    public var html: String
    public var headings: [DocumentHeading]
    public var links: [SourceLink]
    public var diagnostics: [Diagnostic]
    /// The body's text split at level-2/3 headings, for search hits that open a section.
    public var searchSections: [SearchSection] = []
}
