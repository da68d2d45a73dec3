/// A stretch of a page's text that a search hit can point at: the text before the first subsection (no
/// ``id``: a hit opens the page itself), or one level-2/3 Markdown section or MANUAL subsection (a hit opens
/// `page.html#id`).
///
/// Readers fill ``Page/searchSections`` with these because only they know where a heading's text ends;
/// the index builder cannot recover that from the rendered HTML cheaply.
public struct SearchSection: Sendable, Equatable {
    /// The heading's anchor, or nil for the text before the first heading.
    public var id: String?
    /// The heading as plain text, or the page title for the text before the first heading.
    public var title: String
    /// Plain text of the section, heading included.
    public var text: String

    public init(id: String?, title: String, text: String) {
        self.id = id
        self.title = title
        self.text = text
    }
}
