/// A titled part of a section, opened in the source by a `===` line and its title (closing `===` optional).
///
/// Little Go draws subsection titles as banners inside the section's HTML page, so, unlike group and
/// section titles, they are HTML: the real MANUAL has "What is <em>not</em> inside …". Hoshi keeps both
/// forms: ``titleHTML`` (sanitized, no automatic links) for the heading, ``title`` for plain-text uses.
public struct ManualSubsection: Hashable, Sendable {
    /// The title as plain text (tags removed, references decoded), for navigation, search and the ``id``.
    public var title: String
    /// The title as sanitized HTML, for the heading.
    public var titleHTML: String
    /// An anchor-safe identifier from the title, unique within the section (`how-do-i-start-a-new-game`).
    public var id: String
    /// 1-based line of the title in the source.
    public var line: Int
    /// Sanitized HTML of the body: `<p>`, `<ul>`/`<ol>` and `<pre>` blocks, or "" for an empty subsection.
    public var html: String
    /// ``html`` as plain text (tags removed, references decoded, white space collapsed).
    public var plainText: String

    public init(title: String, titleHTML: String, id: String, line: Int, html: String, plainText: String) {
        self.title = title
        self.titleHTML = titleHTML
        self.id = id
        self.line = line
        self.html = html
        self.plainText = plainText
    }

}
