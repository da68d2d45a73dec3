/// The 5 x 5 fast path: an optimal solve in four table look-ups, four XORs and two popcounts.
///
/// A 5 x 5 board is a 25-bit integer, cell (row, column) at bit `row * 5 + column`. Solving is linear:
/// `presses = G · board` for a fixed 25 x 25 matrix G (the solver's `pseudoSolution`, see `LightsHintTable`),
/// so we precompute G's action on each byte of the board (four tables of 256 entries) and XOR four look-ups.
/// Solvability is linear too (the parity of the lights on each quiet pattern), so each table entry also
/// carries those parities in its upper 32 bits: the XOR of the four look-ups is the presses in the low bits
/// and zero in the high bits exactly when the board is solvable — no separate check.
///
/// The plain 5 x 5 rule has two quiet patterns q1, q2, so the fewest presses is the lightest of x, x^q1,
/// x^q2 and x^q1^q2. Why the popcounts are paired: Swift's default x86-64 target has no POPCNT
/// instruction, so each popcount is a dozen shift-and-add steps; packing two 25-bit candidates into one
/// 64-bit word counts both for the price of one. (Built with `-target-cpu haswell`, which has POPCNT, the
/// same code runs about three times faster; the default build already meets the 100 million per second
/// target.) Other rules (the 5 x 5 torus has eight quiet patterns) take a generic loop over combinations.
public struct LightsFiveByFiveSolver: Sendable {
    /// The rule the tables were built for.
    public let rule: LightsRule
    /// `byteTables[256 * chunk + byte]`: for the board bits `8 * chunk ..< 8 * chunk + 8` set as in `byte`,
    /// the presses (bits 0-24) and the parity of those lights on quiet pattern k (bit 32 + k).
    let byteTables: [UInt64]
    /// The quiet patterns as 25-bit masks (two for the plain rule, eight for the torus).
    public let quietMasks: [UInt32]
    /// Every combination of quiet patterns (including none), for the generic minimisation.
    let quietCombinations: [UInt32]
    /// The quiet-pattern combinations packed for the paired popcount, `q1 << 32` and `q2 | (q1 ^ q2) << 32`
    /// (zero when the rule does not have exactly two): XORed into `x | x << 32` they give the four candidates.
    let pairedFirst: UInt64
    let pairedSecond: UInt64
    let hasTwoQuietPatterns: Bool

    /// Builds the tables from the general solver (a one-time cost of a few microseconds).
    public init(rule: LightsRule = .plain) {
        self.rule = rule
        let solver = LightsSolver(width: 5, height: 5, rule: rule)
        let masks = solver.quietPatterns.map(LightsFiveByFiveSolver.encode)
        var cellEntries = [UInt64](repeating: 0, count: 25)
        for cell in 0..<25 {
            var board = LightsBoard(width: 5, height: 5)
            board[cell / 5, cell % 5] = true
            var entry = UInt64(solver.pseudoSolution(board).map(LightsFiveByFiveSolver.encode) ?? 0)
            for (index, mask) in masks.enumerated() where mask >> UInt32(cell) & 1 == 1 {
                entry |= 1 << UInt64(32 + index)
            }
            cellEntries[cell] = entry
        }
        var tables = [UInt64](repeating: 0, count: 4 * 256)
        for chunk in 0..<4 {
            for byte in 0..<256 {
                var entry: UInt64 = 0
                for bit in 0..<8 where byte >> bit & 1 == 1 && chunk * 8 + bit < 25 {
                    entry ^= cellEntries[chunk * 8 + bit]
                }
                tables[chunk * 256 + byte] = entry
            }
        }
        byteTables = tables
        quietMasks = masks
        var combinations: [UInt32] = [0]
        for mask in masks { combinations += combinations.map { $0 ^ mask } }
        quietCombinations = combinations
        hasTwoQuietPatterns = masks.count == 2
        pairedFirst = hasTwoQuietPatterns ? UInt64(masks[0]) << 32 : 0
        pairedSecond = hasTwoQuietPatterns ? UInt64(masks[1]) | UInt64(masks[0] ^ masks[1]) << 32 : 0
    }

    /// The fewest presses for a 25-bit board, or nil when it is unsolvable.
    @inline(__always)
    public func minimumPresses(for board: UInt32) -> UInt32? {
        let presses = pressesIfSolvable(board)
        return presses == LightsFiveByFiveSolver.unsolvableMarker ? nil : presses
    }

    /// The value `pressesIfSolvable` returns for unsolvable boards (no 25-bit press set has bit 31 set).
    public static let unsolvableMarker: UInt32 = 1 << 31

    /// The fewest presses for a 25-bit board, or `unsolvableMarker`. The branch-free form the benchmark uses.
    @inline(__always)
    public func pressesIfSolvable(_ board: UInt32) -> UInt32 {
        byteTables.withUnsafeBufferPointer { tables in
            var entry = tables[Int(board & 0xFF)]
            entry ^= tables[256 + Int(board >> 8 & 0xFF)]
            entry ^= tables[512 + Int(board >> 16 & 0xFF)]
            entry ^= tables[768 + Int(board >> 24 & 0xFF)]
            let presses = UInt32(truncatingIfNeeded: entry)
            let solvable = entry >> 32 == 0
            if hasTwoQuietPatterns {
                // Candidates x, x^q1 (first word) and x^q2, x^q1^q2 (second word), each as two 32-bit halves.
                let doubled = UInt64(presses) | UInt64(presses) << 32
                let firstWord = doubled ^ pairedFirst    // x | (x^q1) << 32
                let secondWord = doubled ^ pairedSecond  // (x^q2) | (x^q1^q2) << 32
                let (countA, countB) = LightsFiveByFiveSolver.halfPopcounts(firstWord)
                let (countC, countD) = LightsFiveByFiveSolver.halfPopcounts(secondWord)
                let lighterFirst = countB < countA ? firstWord >> 32 : firstWord & 0xFFFF_FFFF
                let lighterFirstCount = min(countA, countB)
                let lighterSecond = countD < countC ? secondWord >> 32 : secondWord & 0xFFFF_FFFF
                let lighterSecondCount = min(countC, countD)
                let best = UInt32(truncatingIfNeeded: lighterSecondCount < lighterFirstCount ? lighterSecond : lighterFirst)
                return solvable ? best : LightsFiveByFiveSolver.unsolvableMarker
            }
            var best = presses
            var bestCount = presses.nonzeroBitCount
            for combination in quietCombinations.dropFirst() {
                let candidate = presses ^ combination
                let count = candidate.nonzeroBitCount
                if count < bestCount { best = candidate; bestCount = count }
            }
            return solvable ? best : LightsFiveByFiveSolver.unsolvableMarker
        }
    }

    /// The popcounts of the low and high 32-bit halves of a word, by one SWAR popcount whose byte sums are
    /// added up per half (a multiply gathers the low half's sum in byte 3 and the total in byte 7).
    @inline(__always)
    static func halfPopcounts(_ value: UInt64) -> (low: Int, high: Int) {
        var bits = value - (value >> 1 & 0x5555_5555_5555_5555)
        bits = (bits & 0x3333_3333_3333_3333) + (bits >> 2 & 0x3333_3333_3333_3333)
        bits = (bits + (bits >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
        let sums = bits &* 0x0101_0101_0101_0101
        let low = Int(truncatingIfNeeded: sums >> 24 & 0xFF)
        let total = Int(truncatingIfNeeded: sums >> 56)
        return (low, total - low)
    }

    /// The par (fewest presses), or nil when unsolvable.
    public func par(for board: UInt32) -> Int? {
        minimumPresses(for: board)?.nonzeroBitCount
    }

    /// A 5 x 5 board as 25 bits (cell (row, column) at bit `row * 5 + column`).
    public static func encode(_ board: LightsBoard) -> UInt32 {
        precondition(board.width == 5 && board.height == 5, "the fast path is for 5 x 5 boards")
        var bits: UInt32 = 0
        for row in 0..<5 {
            bits |= UInt32(truncatingIfNeeded: board.words[row] & 0x1F) << UInt32(row * 5)
        }
        return bits
    }

    /// 25 bits as a 5 x 5 board.
    public static func decode(_ bits: UInt32) -> LightsBoard {
        var board = LightsBoard(width: 5, height: 5)
        for row in 0..<5 { board.words[row] = UInt64(bits >> UInt32(row * 5) & 0x1F) }
        return board
    }
}
