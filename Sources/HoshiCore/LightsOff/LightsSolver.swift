// Lights Off: exact minimum-press solutions for any board size under either rule.
//
// Steps, in order: light chasing reduces the board to a small system (LightsChaseSystem); Gaussian
// elimination over GF(2) (BitMatrix) finds one solution and the null space; the null space, expanded to whole
// boards, is the set of quiet patterns (press sets that change nothing); the fewest presses is the particular
// solution XOR the best combination of quiet patterns, found by enumerating them in Gray-code order.

/// Tuning constants of the solver, kept together so tests can pass smaller limits.
public struct LightsSolverParameters: Hashable, Sendable {
    /// Largest null-space dimension searched exhaustively (2^20 combinations by default). Above it the solver
    /// runs a local search (see `LightsSolver.minimise`) and marks the result as not proven minimal.
    public var exhaustiveNullityLimit: Int = 20
    /// Largest amount of work for the exhaustive search, in 64-bit words XORed and counted (2^31 by default,
    /// about a second): 2^nullity combinations times the words of a board. Large boards with a moderate null
    /// space fall back to the local search instead of running for minutes.
    public var exhaustiveWordBudget: Int = 1 << 31
    /// Largest system (unknowns) for which the solver keeps the elimination's row operations, so that each
    /// further board costs a matrix-vector product instead of a new elimination. 2,048 unknowns cost 1 MB.
    public var storedTransformLimit: Int = 2048

    public init() {}
}

/// A solution: which cells to press.
public struct LightsSolution: Hashable, Sendable {
    /// The cells to press, as a board of the puzzle's size (set bits are presses).
    public var presses: LightsBoard
    /// Whether no solution has fewer presses (false only when the null space was too large to search).
    public var isProvenMinimal: Bool

    /// The number of presses.
    public var pressCount: Int { presses.litCount }
}

/// The result of solving one board.
public enum LightsOutcome: Hashable, Sendable {
    /// The board can be turned off; the solution has the fewest presses (see `isProvenMinimal`).
    case solved(LightsSolution)
    /// No press set turns the board off.
    case unsolvable(LightsUnsolvability)

    /// The solution, if solvable.
    public var solution: LightsSolution? {
        if case .solved(let solution) = self { return solution }
        return nil
    }
}

/// A solver for one board size and rule. Build it once and solve many boards: for systems up to
/// `storedTransformLimit` unknowns it keeps the elimination, and it always keeps the quiet patterns.
public final class LightsSolver: Sendable {
    /// Board width (columns).
    public let width: Int
    /// Board height (rows).
    public let height: Int
    /// The press rule.
    public let rule: LightsRule
    /// Tuning constants.
    public let parameters: LightsSolverParameters

    let system: LightsChaseSystem
    /// The elimination of `[M | I]` when the system is small enough (see `storedTransformLimit`).
    let storedReduction: BitMatrix.Reduction?
    /// A basis of the quiet patterns: press sets (boards of this size) that change no light. Every solvable
    /// board has exactly `2^quietPatterns.count` solutions, one per combination; a board is solvable exactly
    /// when it shares an even number of lit cells with every quiet pattern (the press matrix is symmetric, so
    /// its range is the orthogonal complement of its null space).
    public let quietPatterns: [LightsBoard]

    /// Prepares a solver. Costs one elimination of the chase system (n x n for the plain rule, where n is the
    /// shorter side; 2n x 2n on a torus).
    public convenience init(width: Int, height: Int, rule: LightsRule = .plain,
                            parameters: LightsSolverParameters = .init()) {
        precondition(width > 0 && height > 0, "boards need at least one cell")
        let system = LightsChaseSystem(width: width, height: height, rule: rule)
        let unknowns = system.unknownCount
        if unknowns <= parameters.storedTransformLimit {
            let reduction = LightsSolver.augmented(system.matrix, with: BitMatrix.identity(size: unknowns))
                .reducedRowEchelonForm(eliminatedColumnCount: unknowns)
            self.init(system: system, reduction: reduction, storesTransform: true, parameters: parameters)
        } else {
            self.init(system: system, reduction: system.matrix.reducedRowEchelonForm(), storesTransform: false,
                      parameters: parameters)
        }
    }

    /// A solver from an elimination of the chase system, possibly augmented (with the identity when
    /// `storesTransform`, or with one right-hand side).
    init(system: LightsChaseSystem, reduction: BitMatrix.Reduction, storesTransform: Bool,
         parameters: LightsSolverParameters) {
        self.width = system.width
        self.height = system.height
        self.rule = system.rule
        self.parameters = parameters
        self.system = system
        self.storedReduction = storesTransform ? reduction : nil
        quietPatterns = reduction.nullSpaceBasis().map { system.presses(forUnknowns: $0, board: nil) }
    }

    /// Solves one board with the fewest presses, eliminating the chase system only once.
    ///
    /// Use this for a single large board: `LightsSolver(...).solve(board)` eliminates twice for systems above
    /// `storedTransformLimit` unknowns (once in `init` for the quiet patterns, once for the right-hand side),
    /// while this reduces `[M | c]` once and reads both the solution and the null space from it.
    public static func solveOnce(_ board: LightsBoard, rule: LightsRule = .plain,
                                 parameters: LightsSolverParameters = .init()) -> LightsOutcome {
        precondition(board.width > 0 && board.height > 0, "boards need at least one cell")
        let system = LightsChaseSystem(width: board.width, height: board.height, rule: rule)
        let unknowns = system.unknownCount
        if unknowns <= parameters.storedTransformLimit {
            return LightsSolver(width: board.width, height: board.height, rule: rule, parameters: parameters)
                .solve(board)
        }
        let rightHandSide = system.rightHandSide(for: board)
        let reduction = augmented(system.matrix, withColumn: rightHandSide)
            .reducedRowEchelonForm(eliminatedColumnCount: unknowns)
        let solver = LightsSolver(system: system, reduction: reduction, storesTransform: false, parameters: parameters)
        guard let first = LightsSolver.unknowns(fromAugmentedReduction: reduction) else {
            return .unsolvable(LightsUnsolvability(board: board, failingPatterns: solver.failingQuietPatterns(for: board),
                                                   solver: solver))
        }
        let (presses, proven) = solver.minimise(system.presses(forUnknowns: first, board: board))
        return .solved(LightsSolution(presses: presses, isProvenMinimal: proven))
    }

    /// The dimension of the null space: `2^nullity` press sets solve each solvable board.
    public var nullity: Int { quietPatterns.count }

    // MARK: - Solving

    /// Solves a board of this solver's size with the fewest presses.
    ///
    /// For systems above `storedTransformLimit` unknowns this runs a fresh elimination of `[M | c]`, which is
    /// the dominant cost for large boards (about a quarter of a second for 10,000 x 10,000 on one core).
    public func solve(_ board: LightsBoard) -> LightsOutcome {
        precondition(board.width == width && board.height == height, "board size must match the solver")
        let failing = failingQuietPatterns(for: board)
        if !failing.isEmpty {
            return .unsolvable(LightsUnsolvability(board: board, failingPatterns: failing, solver: self))
        }
        let rightHandSide = system.rightHandSide(for: board)
        guard let unknowns = particularUnknowns(for: rightHandSide) else {
            // Unreachable when the quiet patterns are right; reported rather than trapped.
            return .unsolvable(LightsUnsolvability(board: board, failingPatterns: [], solver: self))
        }
        let particular = system.presses(forUnknowns: unknowns, board: board)
        let (presses, proven) = minimise(particular)
        return .solved(LightsSolution(presses: presses, isProvenMinimal: proven))
    }

    /// A press set computed linearly from the board (free unknowns zero, inconsistency ignored): it turns the
    /// board off whenever the board is solvable, and `pseudoSolution(a XOR b) == pseudoSolution(a) XOR
    /// pseudoSolution(b)`. This linearity is what lets a web page compute solutions by XOR alone
    /// (`LightsHintTable`). Needs the stored transform, so nil for systems above `storedTransformLimit`.
    public func pseudoSolution(_ board: LightsBoard) -> LightsBoard? {
        guard storedReduction != nil,
              let unknowns = particularUnknowns(for: system.rightHandSide(for: board), requireConsistency: false)
        else { return nil }
        return system.presses(forUnknowns: unknowns, board: board)
    }

    /// Indices into `quietPatterns` of the patterns that share an odd number of lit cells with the board.
    public func failingQuietPatterns(for board: LightsBoard) -> [Int] {
        quietPatterns.indices.filter { index in
            var parity: UInt64 = 0
            let pattern = quietPatterns[index].words
            for wordIndex in pattern.indices { parity ^= pattern[wordIndex] & board.words[wordIndex] }
            return parity.nonzeroBitCount & 1 == 1
        }
    }

    /// The first-row unknowns of one solution with free unknowns set to zero, or nil if inconsistent.
    /// With `requireConsistency` false (only with a stored transform) the inconsistent rows are ignored, which
    /// makes the map from right-hand side to unknowns linear; see `pseudoSolution`.
    func particularUnknowns(for rightHandSide: [UInt64], requireConsistency: Bool = true) -> [UInt64]? {
        let unknownCount = system.unknownCount
        var solution = [UInt64](repeating: 0, count: (unknownCount + 63) / 64)
        if let reduction = storedReduction {
            // Row i of the augmented part is the combination of equations that reduced row i came from.
            let reduced = reduction.reduced
            for row in 0..<reduced.rowCount {
                var parity: UInt64 = 0
                let base = row * reduced.wordsPerRow
                for index in 0..<rightHandSide.count {
                    // The identity part starts at column `unknownCount`: read the shifted bits.
                    parity ^= LightsSolver.word(of: reduced.words, rowBase: base, bitOffset: unknownCount,
                                                wordIndex: index) & rightHandSide[index]
                }
                let bit = parity.nonzeroBitCount & 1 == 1
                if row < reduction.rank {
                    if bit { solution[reduction.pivotColumns[row] >> 6] |= 1 << UInt64(reduction.pivotColumns[row] & 63) }
                } else if bit && requireConsistency {
                    return nil
                }
            }
            return solution
        }
        let reduction = LightsSolver.augmented(system.matrix, withColumn: rightHandSide)
            .reducedRowEchelonForm(eliminatedColumnCount: unknownCount)
        return LightsSolver.unknowns(fromAugmentedReduction: reduction)
    }

    /// Reads a solution (free unknowns zero) from the reduction of `[M | c]`, or nil if `c` is not in range.
    static func unknowns(fromAugmentedReduction reduction: BitMatrix.Reduction) -> [UInt64]? {
        let reduced = reduction.reduced
        let column = reduction.eliminatedColumnCount
        var solution = [UInt64](repeating: 0, count: (column + 63) / 64)
        for row in 0..<reduced.rowCount where reduced[row, column] {
            guard row < reduction.rank else { return nil }
            let pivot = reduction.pivotColumns[row]
            solution[pivot >> 6] |= 1 << UInt64(pivot & 63)
        }
        return solution
    }

    // MARK: - Fewest presses

    /// The lightest of `particular XOR (combination of quiet patterns)`, and whether it is proven lightest.
    ///
    /// Exhaustive when `2^nullity <= 2^exhaustiveNullityLimit` and the work fits `exhaustiveWordBudget`:
    /// combinations are visited in Gray-code order so each step XORs a single pattern into the running
    /// board. Otherwise a local search: repeatedly apply any single quiet pattern or pair of patterns that
    /// lowers the press count, until none does. The local search's result is a valid solution but is not
    /// proven minimal (`isProvenMinimal == false`).
    func minimise(_ particular: LightsBoard) -> (LightsBoard, Bool) {
        let patterns = quietPatterns
        if patterns.isEmpty { return (particular, true) }
        let wordCount = particular.words.count
        let count = patterns.count
        let exhaustive = count <= parameters.exhaustiveNullityLimit
            && (count < 62 && (1 << count) <= parameters.exhaustiveWordBudget / max(1, wordCount))
        if exhaustive {
            var current = particular.words
            var bestCount = particular.litCount
            var bestCode = 0
            var code = 0
            for step in 1..<(1 << count) {
                let flip = step.trailingZeroBitCount
                code ^= 1 << flip
                let pattern = patterns[flip].words
                var total = 0
                for index in 0..<wordCount {
                    current[index] ^= pattern[index]
                    total &+= current[index].nonzeroBitCount
                }
                if total < bestCount { bestCount = total; bestCode = code }
            }
            var best = particular
            for index in 0..<count where bestCode >> index & 1 == 1 { best.formSymmetricDifference(patterns[index]) }
            return (best, true)
        }
        var best = particular
        var improved = true
        while improved {
            improved = false
            for first in 0..<count {
                for second in first..<count {
                    var candidate = best
                    candidate.formSymmetricDifference(patterns[first])
                    if second != first { candidate.formSymmetricDifference(patterns[second]) }
                    if candidate.litCount < best.litCount { best = candidate; improved = true }
                }
            }
        }
        return (best, false)
    }

    // MARK: - Helpers

    /// `[left | right]` for matrices with the same number of rows.
    static func augmented(_ left: BitMatrix, with right: BitMatrix) -> BitMatrix {
        var result = BitMatrix(rowCount: left.rowCount, columnCount: left.columnCount + right.columnCount)
        for row in 0..<left.rowCount {
            for column in 0..<left.columnCount where left[row, column] { result[row, column] = true }
            for column in 0..<right.columnCount where right[row, column] { result[row, left.columnCount + column] = true }
        }
        return result
    }

    /// `[matrix | column]`, built word by word (this runs on 10,000 x 10,000 systems).
    static func augmented(_ matrix: BitMatrix, withColumn column: [UInt64]) -> BitMatrix {
        var result = BitMatrix(rowCount: matrix.rowCount, columnCount: matrix.columnCount + 1)
        let extra = matrix.columnCount
        for row in 0..<matrix.rowCount {
            var packed = matrix.row(row)
            if packed.count < result.wordsPerRow { packed.append(0) }
            if column[row >> 6] >> UInt64(row & 63) & 1 == 1 { packed[extra >> 6] |= 1 << UInt64(extra & 63) }
            result.setRow(row, to: packed)
        }
        return result
    }

    /// 64 bits of a matrix row starting at `bitOffset + 64 * wordIndex`.
    @inline(__always)
    static func word(of words: [UInt64], rowBase: Int, bitOffset: Int, wordIndex: Int) -> UInt64 {
        let start = bitOffset + wordIndex * 64
        let low = words[rowBase + start >> 6]
        let shift = UInt64(start & 63)
        if shift == 0 { return low }
        let nextIndex = rowBase + start >> 6 + 1
        let high = nextIndex < words.count ? words[nextIndex] : 0
        return low >> shift | high << (64 - shift)
    }
}
