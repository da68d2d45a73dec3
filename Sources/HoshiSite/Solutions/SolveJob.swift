import HoshiCore

/// A problem a content kind asks the life-and-death solver about: the framed position, the budget, and its
/// cache key. Planned by the kind (the problems kind's `SolvePlan`), found in the solution cache or computed
/// by the engine work phase (`SolutionComputer`).
struct SolveJob: CacheJob {
    var key: SolutionKey
    var frame: ProblemFrame
    var budget: SolverBudget
    /// The problem's number within its file (1-based), as the kind counts problems.
    var problemNumber: Int

    init(frame: ProblemFrame, budget: SolverBudget, problemNumber: Int) {
        key = SolutionKey(frame: frame, budget: budget)
        self.frame = frame
        self.budget = budget
        self.problemNumber = problemNumber
    }
}

/// How much search one problem may take: searched positions, seconds, or both (whichever runs out first).
/// A node budget gives the same answer on every machine; a time budget does not.
struct SolverBudget: Sendable, Hashable {
    var nodes: Int?
    var seconds: Double?

    /// The transposition table's cap for a site's searches: small problems stay far below it, and one
    /// search runs per core beside the rest of a build. Part of the key, since a cap may change an answer.
    static let memoryLimit = 256 << 20

    var solverOptions: LifeAndDeathSolver.Options {
        LifeAndDeathSolver.Options(nodeLimit: nodes, seconds: seconds, memoryLimit: Self.memoryLimit)
    }

    /// `20000 positions searched`, `1 s`, `20000 positions searched or 1 s`: the budget in words, for pages.
    var text: String {
        [nodes.map { "\($0) positions searched" }, seconds.map { "\(GoBoardPicture.number($0)) s" }]
            .compactMap { $0 }.joined(separator: " or ")
    }
}
