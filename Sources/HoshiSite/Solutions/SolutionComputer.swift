import Foundation
import HoshiCore

/// Looks every problem up in the solution cache and solves the missing ones on every core, storing each
/// answer as soon as it is found, so an interrupted build keeps all it finished. The solver's counterpart of
/// `HintComputer`, run by the same engine work phase.
struct SolutionComputer: Sendable {
    let cache: SolutionCache
    let progress: HintProgress

    /// The answers of `jobs` by key digest. With `computesMissing` false only cached answers are returned.
    func run(_ jobs: [SolveJob], computesMissing: Bool) -> (solved: [String: SolvedProblem], report: SolutionRunReport, diagnostics: [Diagnostic]) {
        var seen = Set<String>()
        let unique = jobs.filter { seen.insert($0.key.digest).inserted }.sorted { $0.key < $1.key }
        var report = SolutionRunReport()
        report.problems = unique.count
        var solved: [String: SolvedProblem] = [:]
        var diagnostics: [Diagnostic] = []
        var missing: [SolveJob] = []
        for (job, lookup) in zip(unique, cache.lookup(all: unique.map(\.key))) {
            switch lookup {
            case .hit(let answer):
                solved[job.key.digest] = answer
                report.cached += 1
            case .miss:
                missing.append(job)
            case .corrupt(let reason):
                report.corrupt += 1
                diagnostics.append(.warning("solution cache entry \(job.key.digest) is corrupt (\(reason)); solving it again",
                                            at: SourceLocation(path: cache.url(for: job.key.digest).path)))
                missing.append(job)
            }
        }
        guard computesMissing, !missing.isEmpty else { return (solved, report, diagnostics) }
        let computed = solve(missing)
        solved.merge(computed.solved) { first, _ in first }
        report.computed = computed.solved.count
        if let failure = computed.storeFailures.first {
            diagnostics.append(.warning("cannot store a solution in the cache: \(failure)", at: SourceLocation(path: cache.directory.path)))
        }
        return (solved, report, diagnostics)
    }

    /// Solves `jobs` on every core, each stored in the cache as soon as it is found.
    private func solve(_ jobs: [SolveJob]) -> (solved: [String: SolvedProblem], storeFailures: [String]) {
        let results = LockedValue([SolvedProblem?](repeating: nil, count: jobs.count))
        let failures = LockedValue<[String]>([])
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            let answer = SolvedProblem(LifeAndDeathSolver.solve(job.frame, options: job.budget.solverOptions))
            do { try cache.store(answer, for: job.key) } catch { failures.withLock { $0.append(error.localizedDescription) } }
            results.withLock { $0[index] = answer }
            progress.update(done: counter.increment(), total: jobs.count, work: "solver", unit: "problems")
        }
        progress.finish()
        var solved: [String: SolvedProblem] = [:]
        for (job, answer) in zip(jobs, results.value) {
            if let answer { solved[job.key.digest] = answer }
        }
        return (solved, failures.value)
    }
}

/// What a solver run did: the build's summary line, and the tests count solver runs with it.
struct SolutionRunReport: Sendable, Equatable {
    /// Distinct problems asked about.
    var problems = 0
    /// Found in the cache.
    var cached = 0
    /// Solved now (each one run of the solver).
    var computed = 0
    /// Cache entries found corrupt (and solved again).
    var corrupt = 0

    var summary: String {
        var text = "solver: \(problems) problem\(problems == 1 ? "" : "s"), \(cached) from the cache, \(computed) solved now"
        if corrupt > 0 { text += ", \(corrupt) corrupt entr\(corrupt == 1 ? "y" : "ies") replaced" }
        return text
    }
}
