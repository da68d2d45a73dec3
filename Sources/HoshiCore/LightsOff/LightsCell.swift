/// One cell of a board: 0-based row and column counted from the top-left of the puzzle as written in its file.
public struct LightsCell: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// 0-based row, 0 = top row as written.
    public var row: Int
    /// 0-based column, 0 = left column.
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Row-major order.
    public static func < (lhs: LightsCell, rhs: LightsCell) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    /// For people: 1-based, "row 1, column 1" for the top-left cell.
    public var description: String { "row \(row + 1), column \(column + 1)" }
}
