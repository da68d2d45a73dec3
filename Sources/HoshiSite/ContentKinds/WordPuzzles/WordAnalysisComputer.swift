import Foundation
import HoshiCore

/// One word length of a list that wants its analysis: the words and the budget its key was made from.
struct WordAnalysisJob: Sendable {
    let key: WordAnalysisKey
    /// The words of the length, as `WordList` holds them.
    let words: [String]
    let budget: Int

    init(words: [String], length: Int, budget: Int) {
        key = WordAnalysisKey(words: words, length: length, budget: budget)
        self.words = words
        self.budget = budget
    }

    func analyse() -> HangmanAnalysis {
        HangmanAnalysis.analyse(words.map { Array($0.utf8) }, budget: budget)
    }
}

/// Looks every word length up in the word analysis cache and analyses the missing ones on every core, each
/// stored as soon as it is done: the word puzzles' counterpart of `SolutionComputer`, run by the engine work
/// phase. Unlike hints and solutions, missing analyses are computed by every build (`--no-hints` and
/// `hoshi check` too): the page has always printed them, and a list's analysis takes about a second.
struct WordAnalysisComputer: Sendable {
    let cache: WordAnalysisCache

    func run(_ jobs: [WordAnalysisJob]) -> (results: WordAnalysisResults, diagnostics: [Diagnostic]) {
        var seen = Set<String>()
        let unique = jobs.filter { seen.insert($0.key.digest).inserted }
        var report = WordAnalysisRunReport()
        report.lengths = unique.count
        var found: [String: HangmanAnalysis] = [:]
        var diagnostics: [Diagnostic] = []
        var missing: [WordAnalysisJob] = []
        for (job, lookup) in zip(unique, cache.lookup(all: unique.map(\.key))) {
            switch lookup {
            case .hit(let analysis):
                found[job.key.digest] = analysis
                report.cached += 1
            case .miss:
                missing.append(job)
            case .corrupt(let reason):
                report.corrupt += 1
                diagnostics.append(.warning("word analysis cache entry \(job.key.digest) is corrupt (\(reason)); analysing it again",
                                            at: SourceLocation(path: cache.url(for: job.key.digest).path)))
                missing.append(job)
            }
        }
        let analysed = analyse(missing)
        found.merge(analysed.found) { first, _ in first }
        report.computed = missing.count
        if let failure = analysed.storeFailures.first {
            diagnostics.append(.warning("cannot store a word analysis in the cache: \(failure)", at: SourceLocation(path: cache.directory.path)))
        }
        return (WordAnalysisResults(byDigest: found, report: report), diagnostics)
    }

    /// Analyses `jobs` on every core (one length each: the longest lists' middle lengths take longest), each
    /// stored in the cache as soon as it is done, so an interrupted build keeps all it finished.
    private func analyse(_ jobs: [WordAnalysisJob]) -> (found: [String: HangmanAnalysis], storeFailures: [String]) {
        let analysed = LockedValue([HangmanAnalysis?](repeating: nil, count: jobs.count))
        let failures = LockedValue<[String]>([])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let analysis = jobs[index].analyse()
            do { try cache.store(analysis, for: jobs[index].key) } catch { failures.withLock { $0.append(error.localizedDescription) } }
            analysed.withLock { $0[index] = analysis }
        }
        var found: [String: HangmanAnalysis] = [:]
        for (job, analysis) in zip(jobs, analysed.value) {
            if let analysis { found[job.key.digest] = analysis }
        }
        return (found, failures.value)
    }
}

/// The analyses found (in the cache or computed), by key digest, handed to the word puzzle reader.
struct WordAnalysisResults: Sendable, Equatable {
    private(set) var byDigest: [String: HangmanAnalysis] = [:]
    /// What the lookups and the analysis did.
    private(set) var report = WordAnalysisRunReport()

    init() {}

    init(byDigest: [String: HangmanAnalysis], report: WordAnalysisRunReport) {
        self.byDigest = byDigest
        self.report = report
    }

    /// The analysis of `job`'s words, when the engine work phase had the job.
    func analysis(of job: WordAnalysisJob) -> HangmanAnalysis? {
        byDigest[job.key.digest]
    }
}

/// What a word analysis run did: the build's summary line, and the tests count analyses with it.
struct WordAnalysisRunReport: Sendable, Equatable {
    /// Distinct word lengths asked about (over every list).
    var lengths = 0
    /// Found in the cache.
    var cached = 0
    /// Analysed now.
    var computed = 0
    /// Cache entries found corrupt (and analysed again).
    var corrupt = 0

    var summary: String {
        var text = "word analyses: \(lengths) length\(lengths == 1 ? "" : "s"), \(cached) from the cache, \(computed) analysed now"
        if corrupt > 0 { text += ", \(corrupt) corrupt entr\(corrupt == 1 ? "y" : "ies") replaced" }
        return text
    }
}
