/// Why a board cannot be turned off, and the smallest change that would fix it.
///
/// The reason is always a quiet pattern (a press set that changes nothing; see `LightsSolver.quietPatterns`)
/// that shares an odd number of lit cells with the board: every press toggles an even number of that
/// pattern's cells, so the parity of the lit cells on it can never change and never reach zero.
public struct LightsUnsolvability: Hashable, Sendable {
    /// One quiet pattern whose parity check fails.
    public struct ParityFailure: Hashable, Sendable {
        /// Index into the solver's `quietPatterns`.
        public var patternIndex: Int
        /// The quiet pattern itself.
        public var pattern: LightsBoard
        /// How many lit cells of the board lie on the pattern (odd).
        public var sharedLitCount: Int
    }

    /// The failing parity checks (at least one for a genuinely unsolvable board).
    public var failures: [ParityFailure]
    /// The fewest lights to toggle (add or remove) to make the board solvable, in row-major order; nil when
    /// the null space is too large to search (more than 20 quiet patterns).
    public var repair: [LightsCell]?

    /// Largest number of quiet patterns for which the repair is searched (breadth-first over 2^n syndromes).
    static let repairSearchLimit = 20

    init(board: LightsBoard, failingPatterns: [Int], solver: LightsSolver) {
        let patterns = solver.quietPatterns
        failures = failingPatterns.map { index in
            var shared = 0
            for wordIndex in board.words.indices {
                shared += (board.words[wordIndex] & patterns[index].words[wordIndex]).nonzeroBitCount
            }
            return ParityFailure(patternIndex: index, pattern: patterns[index], sharedLitCount: shared)
        }
        var syndrome = 0
        for index in failingPatterns { syndrome |= 1 << index }
        repair = LightsUnsolvability.smallestRepair(syndrome: syndrome, patterns: patterns,
                                                    width: board.width, height: board.height)
    }

    /// The fewest cells whose combined membership in the quiet patterns equals `syndrome`: toggling them
    /// flips exactly the failing parities. Breadth-first search over syndromes, with one edge per distinct
    /// membership vector (its first cell in row-major order), so the answer is minimal and deterministic.
    static func smallestRepair(syndrome: Int, patterns: [LightsBoard], width: Int, height: Int) -> [LightsCell]? {
        guard syndrome != 0 else { return [] }
        guard patterns.count <= repairSearchLimit else { return nil }
        var firstCellOfKey: [Int: LightsCell] = [:]
        var keys: [Int] = []
        for row in 0..<height {
            for column in 0..<width {
                var key = 0
                for (index, pattern) in patterns.enumerated() where pattern[row, column] { key |= 1 << index }
                if key != 0 && firstCellOfKey[key] == nil {
                    firstCellOfKey[key] = LightsCell(row: row, column: column)
                    keys.append(key)
                }
            }
        }
        let stateCount = 1 << patterns.count
        var parentKey = [Int](repeating: -1, count: stateCount)
        parentKey[0] = 0
        var frontier = [0]
        while !frontier.isEmpty && parentKey[syndrome] < 0 {
            var next: [Int] = []
            for state in frontier {
                for key in keys where parentKey[state ^ key] < 0 {
                    parentKey[state ^ key] = key
                    next.append(state ^ key)
                }
            }
            frontier = next
        }
        guard parentKey[syndrome] >= 0 else { return nil }
        var cells: [LightsCell] = []
        var state = syndrome
        while state != 0 {
            let key = parentKey[state]
            if let cell = firstCellOfKey[key] { cells.append(cell) }
            state ^= key
        }
        return cells.sorted()
    }

    /// One sentence for a diagnostic: the reason and the fix, lower-case start, no trailing period.
    /// Example: "unsolvable: 3 lit cells lie on quiet pattern 1 (an odd number, which no press can change);
    /// toggle the light at row 1, column 1 to make it solvable".
    public var message: String {
        let reasons = failures.map { failure in
            "\(failure.sharedLitCount) lit cell\(failure.sharedLitCount == 1 ? " lies" : "s lie") on quiet pattern "
                + "\(failure.patternIndex + 1) (\(LightsUnsolvability.compactPicture(failure.pattern)))"
        }
        var text = "unsolvable: " + reasons.joined(separator: " and ")
            + " — an odd number, which no press can change"
        if let repair, !repair.isEmpty {
            let cells = repair.map { "the light at \($0)" }.joined(separator: " and ")
            text += "; toggle \(cells) to make it solvable"
        }
        return text
    }

    /// A small pattern as `x-x/-x-` rows; large ones as their size and press count.
    static func compactPicture(_ pattern: LightsBoard) -> String {
        guard pattern.cellCount <= 100 else {
            return "\(pattern.litCount) presses on \(pattern.width)x\(pattern.height)"
        }
        return pattern.description.split(separator: "\n").joined(separator: "/")
    }
}
