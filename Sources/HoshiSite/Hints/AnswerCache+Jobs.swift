import Foundation
import HoshiCore

/// A piece of work whose answer an `AnswerCache` keeps under `key`: a problem for the solver (`SolveJob`), a
/// word length for the analysis (`WordAnalysisJob`).
protocol CacheJob: Sendable {
    associatedtype Key: CacheKey
    var key: Key { get }
}

/// What looking jobs up in an `AnswerCache` found, and what is left to compute.
private struct CacheLookups<Job: CacheJob, Answer> {
    /// By key digest.
    var found: [String: Answer] = [:]
    /// The jobs without a usable entry, missing or corrupt, in the order given.
    var missing: [Job] = []
    /// The jobs asked about, found in the cache and found corrupt; computing adds the computed.
    var report: CacheRunReport
    /// A warning per corrupt entry.
    var diagnostics: [Diagnostic] = []
}

/// What a run of cached work did (`SolutionComputer`, `WordAnalysisComputer`): the build's summary line
/// (`solver: 4 problems, 3 from the cache, 1 solved now`), and the tests count computations with it.
struct CacheRunReport: Sendable, Equatable {
    /// How messages name the work: `solver`, a `problem`, its `solution` entry, `solved`, `solving`.
    struct Wording: Sendable, Equatable {
        var work: String
        var piece: String
        var entry: String
        var computed: String
        var computing: String

        static let solver = Wording(work: "solver", piece: "problem", entry: "solution", computed: "solved", computing: "solving")
        static let wordAnalyses = Wording(work: "word analyses", piece: "length", entry: "word analysis", computed: "analysed",
                                          computing: "analysing")
    }

    let wording: Wording
    /// Distinct jobs asked about.
    var asked = 0
    /// Found in the cache.
    var cached = 0
    /// Computed now (each one run of the solver or the analysis).
    var computed = 0
    /// Cache entries found corrupt (and computed again).
    var corrupt = 0

    init(_ wording: Wording) {
        self.wording = wording
    }

    var summary: String {
        var text = "\(wording.work): \(asked) \(wording.piece)\(asked == 1 ? "" : "s"), \(cached) from the cache, "
            + "\(computed) \(wording.computed) now"
        if corrupt > 0 { text += ", \(corrupt) corrupt entr\(corrupt == 1 ? "y" : "ies") replaced" }
        return text
    }
}

extension AnswerCache {
    /// Looks every job up, on every core. A corrupt entry is never served: it is a warning
    /// (`solution cache entry … is corrupt (…); solving it again`) and its job is missing.
    private func lookups<Job: CacheJob>(of jobs: [Job], _ wording: CacheRunReport.Wording) -> CacheLookups<Job, Answer> where Job.Key == Key {
        var lookups = CacheLookups<Job, Answer>(report: CacheRunReport(wording))
        lookups.report.asked = jobs.count
        for (job, lookup) in zip(jobs, lookup(all: jobs.map(\.key))) {
            switch lookup {
            case .hit(let answer):
                lookups.found[job.key.digest] = answer
                lookups.report.cached += 1
            case .miss:
                lookups.missing.append(job)
            case .corrupt(let reason):
                lookups.report.corrupt += 1
                lookups.diagnostics.append(.warning("\(wording.entry) cache entry \(job.key.digest) is corrupt (\(reason)); "
                                                    + "\(wording.computing) it again", at: SourceLocation(path: url(for: job.key.digest).path)))
                lookups.missing.append(job)
            }
        }
        return lookups
    }

    /// The answers of `jobs` (each distinct key once): looked up on every core, the missing ones computed on
    /// every core unless `computesMissing` is false, each stored as soon as it is found. `finished` gets the
    /// number computed and to compute after each. Returns the answers by key digest, the report and the warnings.
    func answers<Job: CacheJob>(for jobs: [Job], _ wording: CacheRunReport.Wording, computesMissing: Bool = true,
                                compute: @Sendable (Job) -> Answer, finished: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in })
        -> (found: [String: Answer], report: CacheRunReport, diagnostics: [Diagnostic]) where Job.Key == Key {
        var seen = Set<String>()
        let lookups = lookups(of: jobs.filter { seen.insert($0.key.digest).inserted }, wording)
        guard computesMissing, !lookups.missing.isEmpty else { return (lookups.found, lookups.report, lookups.diagnostics) }
        let missing = lookups.missing
        let computed = computeAndStore(missing, wording, compute: compute) { finished($0, missing.count) }
        var report = lookups.report
        report.computed = computed.found.count
        return (lookups.found.merging(computed.found) { first, _ in first }, report, lookups.diagnostics + computed.diagnostics)
    }

    /// Computes every job on every core, each answer stored as soon as it is found so that an interrupted run
    /// keeps all it finished; `finished` gets the number done after each. Returns the answers by key digest,
    /// and a warning when storing failed (`cannot store a solution in the cache`).
    private func computeAndStore<Job: CacheJob>(_ jobs: [Job], _ wording: CacheRunReport.Wording, compute: @Sendable (Job) -> Answer,
                                        finished: @Sendable (Int) -> Void = { _ in }) -> (found: [String: Answer], diagnostics: [Diagnostic])
    where Job.Key == Key {
        let answers = LockedValue([Answer?](repeating: nil, count: jobs.count))
        let failures = LockedValue<[String]>([])
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let answer = compute(jobs[index])
            do { try store(answer, for: jobs[index].key) } catch { failures.withLock { $0.append(error.localizedDescription) } }
            answers.withLock { $0[index] = answer }
            finished(counter.increment())
        }
        var found: [String: Answer] = [:]
        for (job, answer) in zip(jobs, answers.value) {
            if let answer { found[job.key.digest] = answer }
        }
        let diagnostics = failures.value.first.map { failure in
            [Diagnostic.warning("cannot store a \(wording.entry) in the cache: \(failure)", at: SourceLocation(path: directory.path))]
        }
        return (found, diagnostics ?? [])
    }
}
