import Foundation
import HoshiCore

/// Looks every problem up in the solution cache and solves the missing ones on every core, storing each
/// answer as soon as it is found, so an interrupted build keeps all it finished. The solver's counterpart of
/// `HintComputer`, run by the same engine work phase.
struct SolutionComputer: Sendable {
    let cache: SolutionCache
    let progress: HintProgress

    /// The answers of `jobs` by key digest. With `computesMissing` false only cached answers are returned.
    func run(_ jobs: [SolveJob], computesMissing: Bool) -> (solved: [String: SolvedProblem], report: CacheRunReport, diagnostics: [Diagnostic]) {
        let run = cache.answers(for: jobs.sorted { $0.key < $1.key }, .solver, computesMissing: computesMissing) { job in
            SolvedProblem(LifeAndDeathSolver.solve(job.frame, options: job.budget.solverOptions))
        } finished: { [progress] done, total in
            progress.update(done: done, total: total, work: "solver", unit: "problems")
        }
        progress.finish()
        return (run.found, run.report, run.diagnostics)
    }
}
