/// The 3x3 shapes the playouts answer the last move with, as one bit per neighbourhood code.
///
/// A code (`PlayoutBoard.neighbourhood`) packs the eight neighbours of a point, 2 bits each in the order NW,
/// N, NE, W, E, SW, S, SE (0 empty, 1 black, 2 white, 3 edge), so a lookup is one shift and mask. The shapes
/// are the hane, cut and edge patterns Gelly, Wang, Munos and Teytaud described for MoGo ("Modification of
/// UCT with Patterns in Monte-Carlo Go", 2006), written here in Hoshi's own notation and expanded at first
/// use to all rotations, reflections and both colour assignments (the table does not depend on who moves).
enum PatternTable {
    /// The shapes, three rows each, the centre being the empty candidate point.
    ///
    /// `A` and `B` are stones of the two colours (either way round), `.` empty, `#` off the board,
    /// `a` anything but an `A` stone (so empty, `B` or edge), `b` anything but a `B` stone, `?` anything.
    static let shapes: [(name: String, rows: [String])] = [
        ("hane enclosing", ["ABA", "...", "???"]),
        ("hane, not cutting", ["AB.", "...", "?.?"]),
        ("hane, magari", ["AB?", "A..", "?.?"]),
        ("diagonal attachment", [".B.", "A..", "..."]),
        ("cut, unprotected", ["AB?", "B.b", "?b?"]),
        ("cut, peeped", ["AB?", "B.A", "???"]),
        ("cut across", ["?A?", "B.B", "aaa"]),
        ("cut at the knight's move", ["BA?", "b.B", "???"]),
        ("edge: chase", ["A.?", "B.?", "###"]),
        ("edge: block the cut", ["BA?", "A.B", "###"]),
        ("edge: block the connection", ["?A?", "a.B", "###"]),
        ("edge: descend", ["?AB", "a.a", "###"]),
        ("edge: cut", ["?BA", "A.B", "###"]),
    ]

    /// Bit `code` is set when some shape matches that neighbourhood.
    static let matches: [UInt64] = buildTable()

    /// Whether the neighbourhood code of an empty point matches a shape.
    @inline(__always)
    static func matches(_ code: UInt16) -> Bool {
        matches.withUnsafeBufferPointer { $0[Int(code >> 6)] } & (1 << UInt64(code & 63)) != 0
    }

    // MARK: - Expansion

    /// The eight symmetries of the square: (row, column) in -1...1 maps to (row * a + column * b,
    /// row * c + column * d) for each (a, b, c, d).
    private static let symmetries: [(Int, Int, Int, Int)] = [
        (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
        (1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0),
    ]

    /// Ring slot of each (row, column) offset, in code order NW, N, NE, W, E, SW, S, SE.
    private static func slot(row: Int, column: Int) -> Int {
        let position = (row + 1) * 3 + (column + 1)
        return position < 4 ? position : position - 1
    }

    private static func buildTable() -> [UInt64] {
        var table = [UInt64](repeating: 0, count: 1 << 10)
        for shape in shapes {
            let grid = shape.rows.map { Array($0) }
            for symmetry in symmetries {
                for colours in [(a: UInt8(1), b: UInt8(2)), (a: UInt8(2), b: UInt8(1))] {
                    // Allowed values per slot, as a 4-bit mask over 0 empty, 1 black, 2 white, 3 edge.
                    var allowed = [UInt8](repeating: 0, count: 8)
                    for row in -1...1 {
                        for column in -1...1 where row != 0 || column != 0 {
                            let (mappedRow, mappedColumn) = (row * symmetry.0 + column * symmetry.1, row * symmetry.2 + column * symmetry.3)
                            let character = grid[row + 1][column + 1]
                            allowed[slot(row: mappedRow, column: mappedColumn)] = mask(of: character, colours.a, colours.b)
                        }
                    }
                    enumerate(allowed, slot: 0, code: 0, into: &table)
                }
            }
        }
        return table
    }

    private static func mask(of character: Character, _ a: UInt8, _ b: UInt8) -> UInt8 {
        switch character {
        case "A": return 1 << a
        case "B": return 1 << b
        case ".": return 1 << 0
        case "#": return 1 << 3
        case "a": return 0b1111 & ~(1 << a)
        case "b": return 0b1111 & ~(1 << b)
        default: return 0b1111
        }
    }

    private static func enumerate(_ allowed: [UInt8], slot: Int, code: Int, into table: inout [UInt64]) {
        guard slot < 8 else {
            table[code >> 6] |= 1 << UInt64(code & 63)
            return
        }
        for value in 0..<4 where allowed[slot] & (1 << value) != 0 {
            enumerate(allowed, slot: slot + 1, code: code | (value << (2 * slot)), into: &table)
        }
    }
}
