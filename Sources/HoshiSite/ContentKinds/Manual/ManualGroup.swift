/// A group of sections, opened in the source by a `***` line, its title and an optional closing `***` line.
///
/// Little Go shows groups as the headings of its help index ("Quick Help", "The Manual"); the ChangeLog has
/// none, which gives one untitled group.
public struct ManualGroup: Hashable, Sendable {
    /// The title as plain text (the app never renders it as HTML; escape it, or use ``titleHTML``).
    /// Nil for the untitled group of a file without `***` separators.
    public var title: String?
    /// 1-based line of the title in the source; 1 for an untitled group.
    public var line: Int
    /// In file order. Sections titled "Table of Contents" or "Purpose of this document" are not here.
    public var sections: [ManualSection]

    public init(title: String?, line: Int, sections: [ManualSection]) {
        self.title = title
        self.line = line
        self.sections = sections
    }

    /// ``title`` escaped for HTML, or nil when untitled.
    public var titleHTML: String? {
        title.map(HTMLText.escape)
    }
}
