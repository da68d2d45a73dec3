import HoshiCore

/// What the solver is asked about one problem file: planned from the file alone (its problems, the
/// `problems:` settings holding it), before anything is computed.
struct SolvePlan: Sendable {
    /// A problem left to the solver, or why it is not.
    enum Item: Sendable {
        case job(SolveJob)
        /// Not solved (the goal is outside life and death, or the solver cannot frame the position).
        case skipped(String)
    }

    /// By problem number within the file (1-based); problems the mode leaves alone are absent.
    var items: [Int: Item] = [:]

    var jobs: [SolveJob] {
        items.keys.sorted().compactMap { number in
            if case .job(let job)? = items[number] { return job }
            return nil
        }
    }

    /// Plans the problems of a parsed file: under `missing` those without a solution tree, under `check`
    /// those with one.
    init(games: [GameTree], solving: ProblemSolving) {
        guard solving.mode != .off else { return }
        let positions = games.map(GamePositions.init(game:))
        for problem in ProblemPosition.all(in: games) {
            let game = games[problem.gameIndex]
            let hasTree = ProblemAnalysis(game: game, start: problem.start, positions: positions[problem.gameIndex]).hasSolution
            guard hasTree == (solving.mode == .check) else { continue }
            let goal = solving.goal(forProblem: problem.number)
            if goal == .other {
                items[problem.number] = .skipped("its goal is outside life and death (goal: other in hoshi.yml)")
                continue
            }
            do {
                let frame = try ProblemFrame(board: problem.board, toPlay: problem.toPlay, comment: problem.comment, goal: goal?.solverGoal)
                items[problem.number] = .job(SolveJob(frame: frame, budget: solving.budget, problemNumber: problem.number))
            } catch {
                items[problem.number] = .skipped(error.description)
            }
        }
    }
}
