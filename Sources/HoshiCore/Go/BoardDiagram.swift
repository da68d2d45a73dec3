extension Board {
    /// A text diagram: one line per row from the top, `X` black, `O` white, `.` empty, separated by single
    /// spaces, no coordinates; then `captures: black B white W` (stones each colour has captured).
    /// This is what `hoshi sgf show` prints.
    public var diagram: String {
        var lines: [String] = []
        lines.reserveCapacity(size.rows + 1)
        for row in 0..<size.rows {
            var cells: [String] = []
            for column in 0..<size.columns {
                switch self[Point(column: column, row: row)] {
                case .black: cells.append("X")
                case .white: cells.append("O")
                case nil: cells.append(".")
                }
            }
            lines.append(cells.joined(separator: " "))
        }
        lines.append("captures: black \(capturedByBlack) white \(capturedByWhite)")
        return lines.joined(separator: "\n") + "\n"
    }
}
