import Foundation
import HoshiCore

/// One word length of a list that wants its analysis: the words and the budget its key was made from.
struct WordAnalysisJob: CacheJob {
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
        // One length a core: the longest lists' middle lengths take longest.
        let run = cache.answers(for: jobs, .wordAnalyses) { $0.analyse() }
        return (WordAnalysisResults(byDigest: run.found, report: run.report), run.diagnostics)
    }
}

/// The analyses found (in the cache or computed), by key digest, handed to the word puzzle reader.
struct WordAnalysisResults: Sendable, Equatable {
    private(set) var byDigest: [String: HangmanAnalysis] = [:]
    /// What the lookups and the analysis did.
    private(set) var report = CacheRunReport(.wordAnalyses)

    init() {}

    init(byDigest: [String: HangmanAnalysis], report: CacheRunReport) {
        self.byDigest = byDigest
        self.report = report
    }

    /// The analysis of `job`'s words, when the engine work phase had the job.
    func analysis(of job: WordAnalysisJob) -> HangmanAnalysis? {
        byDigest[job.key.digest]
    }
}
