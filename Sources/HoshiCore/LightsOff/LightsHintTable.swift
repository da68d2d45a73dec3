/// What a web page needs to compute a fewest-press solution from any board state with XOR and popcount only.
///
/// Serialised as JSON (it is `Codable`; the page embeds it):
/// ```
/// {"width": 5, "height": 5, "rule": "plain", "wordsPerRow": 1,
///  "cellPresses": [[[r0, r1, r2, r3, r4]], ...],   // one press set per cell, row-major
///  "quietPatterns": [[[...]], [[...]]]}             // null-space basis
/// ```
/// A press set (and a board state) is an array of `height` bit rows; each bit row is an array of
/// `wordsPerRow` unsigned 32-bit words with column `c` at bit `c % 32` of word `c / 32` (32 bits so that
/// JavaScript's bitwise operators work on them: mask with `>>> 0` after XOR).
///
/// Algorithm for the page, given the lit cells of the current state:
/// 1. Solvable? The state must share an even number of lit cells with every quiet pattern (AND, popcount,
///    parity). If not, no hint leads to all-off.
/// 2. `x` = XOR of `cellPresses[row * width + column]` over the lit cells: a solution (the map is linear).
/// 3. The fewest presses: the lightest of `x XOR (any combination of quietPatterns)`; there are
///    `2^quietPatterns.length` combinations (4 for the plain 5 x 5 rule).
/// The hint is then any press in the chosen set (presses commute).
///
/// `cellPresses[k]` is column k of a pseudo-inverse of the press matrix: pressing it toggles light k when
/// light k alone is solvable, and some other combination otherwise — which is why step 1 comes first.
public struct LightsHintTable: Hashable, Sendable, Codable {
    /// Board width.
    public var width: Int
    /// Board height.
    public var height: Int
    /// The press rule.
    public var rule: LightsRule
    /// 32-bit words per bit row.
    public var wordsPerRow: Int
    /// Press set for each cell, row-major (`row * width + column`).
    public var cellPresses: [[[UInt32]]]
    /// Null-space basis: press sets that change no light.
    public var quietPatterns: [[[UInt32]]]

    /// Largest board (cells) for which a table is built: the table has `cells^2` bits (10,000 cells make a
    /// 12.5 MB table before JSON), which is already more than a page should embed.
    public static let maximumCellCount = 10_000

    /// Builds the table for a solver's size and rule; nil above `maximumCellCount` cells or when the solver
    /// does not keep its elimination (`storedTransformLimit`).
    public init?(solver: LightsSolver) {
        guard solver.width * solver.height <= LightsHintTable.maximumCellCount else { return nil }
        width = solver.width
        height = solver.height
        rule = solver.rule
        wordsPerRow = (solver.width + 31) / 32
        var presses: [[[UInt32]]] = []
        presses.reserveCapacity(width * height)
        for row in 0..<height {
            for column in 0..<width {
                var board = LightsBoard(width: width, height: height)
                board[row, column] = true
                guard let solution = solver.pseudoSolution(board) else { return nil }
                presses.append(LightsHintTable.bitRows(solution))
            }
        }
        cellPresses = presses
        quietPatterns = solver.quietPatterns.map(LightsHintTable.bitRows)
    }

    /// A board as bit rows of 32-bit words (the table's serialised form).
    public static func bitRows(_ board: LightsBoard) -> [[UInt32]] {
        let wordCount = (board.width + 31) / 32
        return (0..<board.height).map { row in
            (0..<wordCount).map { index in
                let word = board.words[row * board.wordsPerRow + index / 2]
                return UInt32(truncatingIfNeeded: index % 2 == 0 ? word : word >> 32)
            }
        }
    }

    /// The inverse of `bitRows`.
    public static func board(fromBitRows rows: [[UInt32]], width: Int) -> LightsBoard {
        var board = LightsBoard(width: width, height: rows.count)
        for (row, words) in rows.enumerated() {
            for column in 0..<width where column / 32 < words.count && words[column / 32] >> UInt32(column % 32) & 1 == 1 {
                board[row, column] = true
            }
        }
        return board
    }

    /// Runs the page's algorithm (see the type's documentation) in Swift: the fewest presses for a state, or
    /// nil when it is unsolvable. Tests use it to check that the table alone is enough.
    public func minimumPresses(for state: LightsBoard) -> LightsBoard? {
        let quiet = quietPatterns.map { LightsHintTable.board(fromBitRows: $0, width: width) }
        for pattern in quiet {
            var shared = 0
            for index in pattern.words.indices { shared += (pattern.words[index] & state.words[index]).nonzeroBitCount }
            if shared % 2 == 1 { return nil }
        }
        var presses = LightsBoard(width: width, height: height)
        for cell in state.litCells {
            presses.formSymmetricDifference(LightsHintTable.board(fromBitRows: cellPresses[cell.row * width + cell.column],
                                                                  width: width))
        }
        var best = presses
        for combination in 1..<(1 << quiet.count) {
            var candidate = presses
            for index in quiet.indices where combination >> index & 1 == 1 { candidate.formSymmetricDifference(quiet[index]) }
            if candidate.litCount < best.litCount { best = candidate }
        }
        return best
    }
}
