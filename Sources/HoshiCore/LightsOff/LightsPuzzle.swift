/// One puzzle of a set: a starting board, where it came from, and an optional title.
public struct LightsPuzzle: Hashable, Sendable {
    /// The title line (`# ...`) of a text-format puzzle, without the `#`; nil when absent.
    public var title: String?
    /// The lit cells, row 0 being the first row as written in the file.
    public var board: LightsBoard
    /// The first row's position in the file (line and byte column); path only for binary plists.
    public var location: SourceLocation

    public init(title: String? = nil, board: LightsBoard, location: SourceLocation) {
        self.title = title
        self.board = board
        self.location = location
    }
}
