/// Solves every puzzle of a set and collects what the site build and `hoshi lights solve` need: each
/// puzzle's par and fewest-press solution, or why it is unsolvable and how to fix it.
///
/// One solver is built per board size (the 206 puzzles of the original game share one 5 x 5 solver, so
/// checking them costs one elimination plus 206 matrix-vector products). Boards whose chase system is too
/// large to keep (see `LightsSolverParameters.storedTransformLimit`) are solved one at a time with
/// `LightsSolver.solveOnce`.
public enum LightsSetChecker {
    /// Checks every puzzle of a set, in file order.
    public static func check(_ set: LightsPuzzleSet, parameters: LightsSolverParameters = .init()) -> LightsSetReport {
        var solvers: [Int: LightsSolver] = [:]
        var entries: [LightsSetReport.Entry] = []
        entries.reserveCapacity(set.puzzles.count)
        for (offset, puzzle) in set.puzzles.enumerated() {
            let board = puzzle.board
            let outcome: LightsOutcome
            if board.width == 0 || board.height == 0 {
                outcome = .solved(LightsSolution(presses: board, isProvenMinimal: true))
            } else if min(board.width, board.height) * (set.rule.wraps ? 2 : 1) > parameters.storedTransformLimit {
                outcome = LightsSolver.solveOnce(board, rule: set.rule, parameters: parameters)
            } else {
                let key = board.width << 32 | board.height
                let solver = solvers[key] ?? LightsSolver(width: board.width, height: board.height, rule: set.rule,
                                                          parameters: parameters)
                solvers[key] = solver
                outcome = solver.solve(board)
            }
            entries.append(LightsSetReport.Entry(index: offset + 1, puzzle: puzzle, outcome: outcome))
        }
        return LightsSetReport(path: set.path, rule: set.rule, entries: entries)
    }
}
