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
