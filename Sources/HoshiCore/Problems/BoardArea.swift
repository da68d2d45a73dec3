/// A rectangle of intersections, both ranges inclusive: the part of a board a problem is played on.
public struct BoardArea: Hashable, Sendable {
    public var columns: ClosedRange<Int>
    public var rows: ClosedRange<Int>

    public init(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.columns = columns
        self.rows = rows
    }

    /// The whole board.
    public init(wholeBoard size: BoardSize) {
        self.init(columns: 0...(size.columns - 1), rows: 0...(size.rows - 1))
    }

    public func contains(_ point: Point) -> Bool {
        columns.contains(point.column) && rows.contains(point.row)
    }

    /// The area a reader needs to see to play on `points`: their bounding box grown by `margin` lines on each
    /// side, then stretched to the board's edge on any side left `margin` lines or fewer from it (a sliver
    /// of board beyond the stones only hides where the edge is, and the edge matters in life and death).
    /// No points: the whole board.
    ///
    /// For example, stones within columns 0-4 and rows 0-3 of a 19x19 board with margin 2 give columns 0-6
    /// and rows 0-5.
    public static func around(_ points: some Sequence<Point>, on size: BoardSize, margin: Int = 2) -> BoardArea {
        var columns: ClosedRange<Int>?
        var rows: ClosedRange<Int>?
        for point in points where size.contains(point) {
            columns = columns.map { min($0.lowerBound, point.column)...max($0.upperBound, point.column) } ?? point.column...point.column
            rows = rows.map { min($0.lowerBound, point.row)...max($0.upperBound, point.row) } ?? point.row...point.row
        }
        guard let columns, let rows else { return BoardArea(wholeBoard: size) }
        func grown(_ range: ClosedRange<Int>, lines: Int) -> ClosedRange<Int> {
            var low = max(0, range.lowerBound - margin)
            var high = min(lines - 1, range.upperBound + margin)
            if low <= margin { low = 0 }
            if lines - 1 - high <= margin { high = lines - 1 }
            return low...high
        }
        return BoardArea(columns: grown(columns, lines: size.columns), rows: grown(rows, lines: size.rows))
    }
}
