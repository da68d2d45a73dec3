import Foundation
import HoshiCore
import Yams

/// The `words:` mapping of hoshi.yml: the word lists published as Evil Hangman pages.
///
/// ```yaml
/// words:
///   sets:
///     - path: puzzles/words/american-english.txt   # below content/ (or a mount's target)
///       title: Evil Hangman
///       length: 8          # the first game's word length; default: the length with the most words
///       guesses: 8         # wrong guesses allowed in the first game, 1 to 26
///       evil: true         # false: a fair game that picks its word at the start
///       credit: Words from SCOWL by Kevin Atkinson (Debian's wamerican).
///       licence: puzzles/words/wamerican-copyright.txt   # a content file the page links to
///       analysis_budget: 300000   # words examined per length in the search for the fewest wrong guesses
/// ```
/// Every key but `path` is optional; unknown keys are warnings with their line.
public struct WordPuzzlesConfiguration: Sendable, Equatable {
    /// One published word list.
    public struct WordSet: Sendable, Equatable {
        public var path: String
        public var title: String?
        public var length: Int?
        public var guesses = 8
        public var isEvil = true
        public var credit: String?
        public var licence: String?
        public var analysisBudget = HangmanAnalysis.defaultBudget
        /// Where the entry is written in hoshi.yml.
        public var location: SourceLocation
    }

    public var sets: [WordSet] = []

    public init() {}

    public func set(for relativePath: String) -> WordSet? {
        sets.first { $0.path == relativePath }
    }

    static let setKeys: Set<String> = ["path", "title", "length", "guesses", "evil", "credit", "licence", "analysis_budget"]
}

extension WordPuzzlesConfiguration {
    /// Reads the value of the `words:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> WordPuzzlesConfiguration {
        var configuration = WordPuzzlesConfiguration()
        guard let mapping = node.mapping else {
            diagnostics.append(.error("'words' must be a mapping with a list of 'sets'", at: node.location(in: path)))
            return configuration
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if key == "sets" {
                configuration.sets = value.entries(named: "words.sets", path: path, into: &diagnostics).compactMap {
                    parseSet($0, path: path, into: &diagnostics)
                }
            } else {
                diagnostics.append(.warning("unknown key '\(key)' in words is ignored\(Set(["sets"]).didYouMean(key))",
                                            at: keyNode.location(in: path)))
            }
        }
        return configuration
    }

    private static func parseSet(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> WordSet? {
        var set = WordSet(path: "", location: node.location(in: path))
        for (keyNode, value) in node.mapping ?? [:] {
            let key = keyNode.string ?? ""
            let location = keyNode.location(in: path)
            func text() -> String? { value.scalarText(named: "words.sets \(key)", at: location, into: &diagnostics) }
            func number(_ range: ClosedRange<Int>) -> Int? {
                guard let text = text() else { return nil }
                guard let number = Int(text), range.contains(number) else {
                    diagnostics.append(.error("words.sets \(key) must be a whole number from \(range.lowerBound) to "
                                              + "\(range.upperBound), not '\(text)'", at: value.location(in: path)))
                    return nil
                }
                return number
            }
            switch key {
            case "path": set.path = text() ?? ""
            case "title": set.title = text()
            case "length": set.length = number(1...WordList.maximumWordLength)
            case "guesses": set.guesses = number(1...26) ?? set.guesses
            case "evil": set.isEvil = value.boolean(named: "words.sets evil", path: path, into: &diagnostics) ?? true
            case "credit": set.credit = text()
            case "licence": set.licence = text().map { $0.hasPrefix("content/") ? String($0.dropFirst(8)) : $0 }
            case "analysis_budget": set.analysisBudget = number(0...1_000_000_000) ?? set.analysisBudget
            default:
                diagnostics.append(.warning("unknown key '\(key)' in words.sets is ignored\(setKeys.didYouMean(key))", at: location))
            }
        }
        if set.path.hasPrefix("content/") { set.path.removeFirst("content/".count) }
        guard !set.path.isEmpty else {
            diagnostics.append(.error("each entry of words.sets needs a 'path' below content/ (puzzles/words.txt)", at: set.location))
            return nil
        }
        return set
    }
}
