/// A help document in Little Go's MANUAL format, read by ``ManualReader``: groups of sections, each section
/// an introduction and subsections, every body already rendered to safe HTML.
///
/// This is the model the site pipeline turns into pages: one page per section (named by
/// ``ManualSection/slug``), navigation by group, search records from the plain texts. Nothing in it refers
/// back to the source text except line numbers, so it can be cached, compared and sent across tasks.
public struct ManualDocument: Hashable, Sendable {
    /// In file order. Never empty: a file without `***` separators has one untitled group.
    public var groups: [ManualGroup]

    public init(groups: [ManualGroup]) {
        self.groups = groups
    }

    /// Every section of every group, in file order.
    public var sections: [ManualSection] {
        groups.flatMap(\.sections)
    }
}
