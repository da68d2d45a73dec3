/// A heading of a rendered document, for the on-page table of contents and the search index.
public struct DocumentHeading: Sendable, Equatable {
    public var level: Int
    public var title: String
    /// Unique within the page; the heading element carries it as `id`.
    public var id: String
    public var line: Int
}
