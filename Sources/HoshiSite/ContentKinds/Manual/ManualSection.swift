/// One help topic, opened in the source by a `---` line, its title and an optional closing `---` line.
///
/// Little Go shows each section as one page; Hoshi does the same, naming the page by ``slug``. The body
/// before the first `===` subsection title is the ``introductionHTML``.
public struct ManualSection: Hashable, Sendable {
    /// The title as plain text (escape it, or use ``titleHTML``), without surrounding white space.
    public var title: String
    /// A file-name-safe identifier from the title, unique within the document (`players-profiles`,
    /// then `players-profiles-2` for a second section of that title). Stable while titles do not change.
    public var slug: String
    /// 1-based line of the title in the source.
    public var line: Int
    /// Sanitized HTML of the text before the first subsection: `<p>`, `<ul>`/`<ol>` and `<pre>` blocks, or "".
    public var introductionHTML: String
    /// ``introductionHTML`` as plain text (tags removed, references decoded, white space collapsed).
    public var introductionText: String
    /// In file order.
    public var subsections: [ManualSubsection]

    public init(
        title: String, slug: String, line: Int, introductionHTML: String, introductionText: String,
        subsections: [ManualSubsection]
    ) {
        self.title = title
        self.slug = slug
        self.line = line
        self.introductionHTML = introductionHTML
        self.introductionText = introductionText
        self.subsections = subsections
    }

    /// ``title`` escaped for HTML.
    public var titleHTML: String {
        HTMLText.escape(title)
    }

    /// All the section's text for a search index: the introduction, then each subsection's title and text,
    /// separated by newlines. Excludes the section title.
    public var plainText: String {
        var parts = introductionText.isEmpty ? [] : [introductionText]
        for subsection in subsections {
            parts.append(subsection.title)
            if !subsection.plainText.isEmpty { parts.append(subsection.plainText) }
        }
        return parts.joined(separator: "\n")
    }
}
