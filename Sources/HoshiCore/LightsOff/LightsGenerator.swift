/// Generates random solvable puzzles with an exact par, reproducibly from a seed, with no duplicates.
///
/// Method: each attempt presses random cells and solves the resulting board exactly; the board is kept when
/// its par (fewest presses, which may be lower than the number of random presses) is in the requested range
/// and the board is new. Attempts alternate between two ways of pressing, because each reaches a different
/// part of the range quickly: pressing exactly `p` distinct cells (for a target `p` drawn from the range)
/// favours low and middle pars, and pressing every cell with probability 1/2 draws uniformly among all
/// solvable boards, which is where the rare high pars come from. The accepted puzzles are returned sorted
/// by par (stable), so a set reads from easy to hard.
///
/// Deterministic: the same configuration and the same generator state give the same puzzles in the same
/// order. Pass `SplitMix64(seed:)` (what `generate(_:)` does) for results that never change between
/// Swift versions or platforms.
public enum LightsGenerator {
    /// One generated puzzle.
    public struct Puzzle: Hashable, Sendable {
        /// The starting board.
        public var board: LightsBoard
        /// Its fewest-press solution.
        public var solution: LightsSolution
        /// The number of presses in `solution`.
        public var par: Int { solution.pressCount }
    }

    /// Why a set could not be generated. `message` is one sentence naming the fix.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Attempts allowed per requested puzzle before giving up (the set may ask for more distinct boards of
    /// a par than exist).
    public static let attemptsPerPuzzle = 20_000

    /// Generates the set with `SplitMix64(seed: configuration.seed)`.
    public static func generate(_ configuration: LightsGeneratorConfiguration) throws(Failure) -> [Puzzle] {
        var random = SplitMix64(seed: configuration.seed)
        return try generate(configuration, using: &random)
    }

    /// Generates the set with the given random number generator.
    public static func generate(_ configuration: LightsGeneratorConfiguration,
                                using random: inout some RandomNumberGenerator) throws(Failure) -> [Puzzle] {
        let width = configuration.width, height = configuration.height
        guard width > 0, height > 0 else { throw Failure(message: "width and height must be at least 1") }
        guard width * height <= 1 << 20 else {
            throw Failure(message: "boards of more than 2^20 cells are not generated; choose a smaller size")
        }
        guard configuration.count >= 0 else { throw Failure(message: "count must not be negative") }
        let range = configuration.parRange
        guard range.lowerBound >= 0, range.lowerBound <= width * height else {
            throw Failure(message: "par range \(range.lowerBound)...\(range.upperBound) is impossible on "
                          + "\(width)x\(height); par lies between 0 and \(width * height)")
        }
        let solver = LightsSolver(width: width, height: height, rule: configuration.rule)
        var seen: Set<LightsBoard> = []
        var puzzles: [Puzzle] = []
        var attempts = 0
        let attemptLimit = max(1, configuration.count) * attemptsPerPuzzle
        while puzzles.count < configuration.count {
            guard attempts < attemptLimit else {
                throw Failure(message: "found only \(puzzles.count) distinct \(width)x\(height) puzzles with par "
                              + "\(range.lowerBound)...\(range.upperBound) in \(attempts) attempts; "
                              + "widen the par range or ask for fewer puzzles")
            }
            let presses = attempts % 2 == 0
                ? randomDistinctPresses(count: range.lowerBound + randomIndex(below: range.count, using: &random),
                                        width: width, height: height, using: &random)
                : randomHalfPresses(width: width, height: height, using: &random)
            attempts += 1
            let board = LightsBoard(width: width, height: height).applyingPresses(presses, rule: configuration.rule)
            guard !seen.contains(board), case .solved(let solution) = solver.solve(board),
                  solution.isProvenMinimal, range.contains(solution.pressCount) else { continue }
            seen.insert(board)
            puzzles.append(Puzzle(board: board, solution: solution))
        }
        // Stable sort by par (Swift's sort is not guaranteed stable, so sort by par then generation order).
        return puzzles.enumerated().sorted { ($0.element.par, $0.offset) < ($1.element.par, $1.offset) }.map(\.element)
    }

    /// `count` distinct cells chosen uniformly (partial Fisher–Yates shuffle of the cell indices).
    static func randomDistinctPresses(count: Int, width: Int, height: Int,
                                      using random: inout some RandomNumberGenerator) -> LightsBoard {
        var cells = Array(0..<(width * height))
        var presses = LightsBoard(width: width, height: height)
        for index in 0..<min(count, cells.count) {
            let chosen = index + randomIndex(below: cells.count - index, using: &random)
            cells.swapAt(index, chosen)
            presses[cells[index] / width, cells[index] % width] = true
        }
        return presses
    }

    /// A uniform integer in `0..<bound` by rejection sampling on the generator's raw 64-bit output. Written
    /// out rather than calling `Int.random(in:using:)`, whose algorithm the standard library does not
    /// promise to keep, so that a seed gives the same set with every Swift version.
    static func randomIndex(below bound: Int, using random: inout some RandomNumberGenerator) -> Int {
        precondition(bound > 0, "bound must be positive")
        let limit = UInt64(bound)
        // Largest multiple of `limit` that fits, so every residue is equally likely.
        let threshold = UInt64.max - UInt64.max % limit
        while true {
            let value = random.next()
            if value < threshold { return Int(value % limit) }
        }
    }

    /// Every cell pressed with probability 1/2: uniform over all press sets, hence over solvable boards.
    static func randomHalfPresses(width: Int, height: Int, using random: inout some RandomNumberGenerator) -> LightsBoard {
        var presses = LightsBoard(width: width, height: height)
        let mask = BitMatrix.lastWordMask(columnCount: width)
        for row in 0..<height {
            for index in 0..<presses.wordsPerRow {
                presses.words[row * presses.wordsPerRow + index] = random.next() & (index == presses.wordsPerRow - 1 ? mask : ~0)
            }
        }
        return presses
    }
}
