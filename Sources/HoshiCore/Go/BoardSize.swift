/// The dimensions of a board: `SZ[19]` is 19x19, `SZ[19:13]` is 19 columns by 13 rows.
///
/// FF[4] allows 1 to 52 in each direction (the 52 letters `a`–`z`, `A`–`Z`).
public struct BoardSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    /// The largest side SGF can address.
    public static let maximumSide = 52
    /// The size SGF assumes for Go when a record has no `SZ`.
    public static let standard = BoardSize(validColumns: 19, rows: 19)

    private init(validColumns columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Nil when a side is outside 1...52.
    public init?(columns: Int, rows: Int) {
        guard (1...BoardSize.maximumSide).contains(columns), (1...BoardSize.maximumSide).contains(rows) else {
            return nil
        }
        self.columns = columns
        self.rows = rows
    }

    public var isSquare: Bool { columns == rows }

    /// `19x19`, `19x13`.
    public var description: String { "\(columns)x\(rows)" }

    /// Whether a point lies on the board.
    public func contains(_ point: Point) -> Bool {
        point.column >= 0 && point.column < columns && point.row >= 0 && point.row < rows
    }

    /// The points next to `point` on the board (above, left, right, below): fewer on the edges.
    func neighbours(of point: Point) -> [Point] {
        [Point(column: point.column, row: point.row - 1), Point(column: point.column - 1, row: point.row),
         Point(column: point.column + 1, row: point.row), Point(column: point.column, row: point.row + 1)]
            .filter(contains)
    }

    /// Every point, top row first.
    public var points: [Point] {
        var result: [Point] = []
        result.reserveCapacity(columns * rows)
        for row in 0..<rows { for column in 0..<columns { result.append(Point(column: column, row: row)) } }
        return result
    }
}
