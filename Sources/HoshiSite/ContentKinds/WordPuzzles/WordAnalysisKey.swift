import Foundation
import HoshiCore

/// The key of one word length's analysis (`HangmanAnalysis`): everything the analysis reads, which is the
/// words of that length, the budget, and the analysis's version. Its digest names the cache entry, so a word
/// added to a length, another budget or a changed analysis computes that length again, while the lengths a
/// change leaves alone stay cached. The page's other settings (`length`, `guesses`, `evil`, title, credit)
/// shape the page around the numbers, not the numbers, and are not part of it.
struct WordAnalysisKey: CacheKey, Hashable {
    let text: String
    let digest: String

    /// Raised when the stored analysis's form changes.
    static let formatVersion = "hoshi-word-analysis-1"

    /// `words`: the list's words of one length, as the analysis gets them (upper-case A-Z, sorted, each once).
    init(words: [String], length: Int, budget: Int) {
        // Words are letters A-Z alone, so a line feed between them cannot be part of one.
        let lines = [Self.formatVersion, "analysis=\(HangmanAnalysis.version)",
                     "length=\(length) words=\(words.count) budget=\(budget)",
                     "list=\(SHA256.hexDigest(words.joined(separator: "\n")))"]
        self.init(storedText: lines.joined(separator: "\n"))
    }

    init(storedText: String) {
        text = storedText
        digest = SHA256.hexDigest(storedText)
    }
}

/// The content-addressed store of word length analyses: `.hoshi-cache/word-analyses/` beside the hints, the
/// same entries with the same promises (`AnswerCache`).
typealias WordAnalysisCache = AnswerCache<WordAnalysisKey, HangmanAnalysis>

extension AnswerCache where Key == WordAnalysisKey, Answer == HangmanAnalysis {
    /// The `word-analyses` folder beside a hint cache's folder.
    static func beside(_ hints: HintCache) -> WordAnalysisCache {
        WordAnalysisCache(directory: hints.directory.deletingLastPathComponent().appending(path: "word-analyses"))
    }
}

/// An analysis as a cache entry stores it: one `name value` line per field.
extension HangmanAnalysis: CachedAnswer {
    public var storedText: String {
        "minimum \(minimumWrongGuesses)\nexact \(isExact)\nupper \(upperBound.map(String.init) ?? "-")\nwork \(work)\n"
    }

    public init?(storedText: String) {
        var fields: [String: String] = [:]
        for line in storedText.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, fields.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else { return nil }
        }
        guard fields.count == 4, let minimum = fields["minimum"].flatMap({ Int($0) }), minimum >= 0,
              let isExact = fields["exact"].flatMap({ Bool($0) }), let upperText = fields["upper"],
              let work = fields["work"].flatMap({ Int($0) }), work >= 0 else { return nil }
        let upperBound = upperText == "-" ? nil : Int(upperText)
        // Exact results carry no upper bound, inexact ones always one.
        guard upperText == "-" || upperBound != nil, isExact == (upperBound == nil) else { return nil }
        self.init(minimumWrongGuesses: minimum, isExact: isExact, upperBound: upperBound, work: work)
    }
}
