/// Lizzie's `LZ` property: what Leela Zero or KataGo said about the position of the node, as Lizzie
/// (featurecat/lizzie, `SGFParser.formatNodeData` and `BoardData.bestMovesToString`) writes it:
///
/// ```
/// LZ[0.7.4 54.3 1.2k
/// move Q16 visits 38 winrate 5404 prior 1204 pv Q16 D4 Q3 info move D16 visits 20 winrate 5211 pv D16 Q4 info ]
/// ```
///
/// The first line: Lizzie's version, the win rate in percent of the player who made the node's move (100
/// minus that of the player to move), and the visits in Lizzie's short form (`345`, `1.3k`, `45k`, `1.2m`).
/// The second line, when the position was analysed: one `move V visits N winrate W … pv V V …` group per
/// candidate, separated by `info`, the win rate being the player to move's in hundredths of a percent
/// (0 to 10000), vertices in GTP's spelling (`Q16`, `pass`). Other keys (`prior`, `scoreMean`, `lcb`)
/// are skipped. A first line with 0 visits carries no analysis.
public enum LizzieAnalysis {
    /// The property's identifier.
    public static let identifier = "LZ"

    /// One position's analysis as the property holds it.
    public struct Reading: Hashable, Sendable {
        /// The player to move's win rate (0...1).
        public var winRate: Double
        public var visits: Int
        /// In the order written (Lizzie's, best first), win rates for the player to move.
        public var candidates: [PositionHint.Candidate]
        /// Candidates or continuation moves left out, with why (a vertex off the board, a malformed group).
        public var problems: [StoredAnalysisProblem]
    }

    /// Reads the property's value for a square board of `size`; nil when it carries no analysis (0 visits),
    /// a failure when its first line cannot be read at all.
    public static func read(_ value: String, size: Int) -> Result<Reading?, StoredAnalysisProblem> {
        let lines = value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let header = (lines.first ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        guard header.count >= 3, let percent = Double(header[1]), percent.isFinite, (0...100).contains(percent) else {
            return .failure(StoredAnalysisProblem("LZ[\(lines.first ?? "")] does not start with Lizzie's version, a win rate in percent and visits"))
        }
        guard let visits = shortCount(header[2]) else {
            return .failure(StoredAnalysisProblem("LZ visits '\(header[2])' are not a count (345, 1.3k, 1.2m)"))
        }
        var problems: [StoredAnalysisProblem] = []
        let body = lines.dropFirst().joined(separator: " ")
        var candidates: [PositionHint.Candidate] = []
        for group in body.components(separatedBy: "info").map({ $0.split(whereSeparator: \.isWhitespace).map(String.init) })
        where !group.isEmpty {
            switch candidate(group, size: size) {
            case .success(let (candidate, dropped)):
                candidates.append(candidate)
                if let dropped { problems.append(dropped) }
            case .failure(let problem):
                problems.append(problem)
            }
        }
        if visits == 0 && candidates.isEmpty { return .success(nil) }
        // The position's win rate: the first candidate's (Lizzie's own choice), else the first line's.
        let winRate = candidates.first?.winRate ?? (100 - percent) / 100
        let total = max(visits, candidates.visitTotal)
        return .success(Reading(winRate: winRate, visits: total, candidates: candidates, problems: problems))
    }

    /// One `move … visits … winrate … pv …` group; the failure names what is missing or wrong. A vertex of
    /// the continuation that cannot be read ends it there, reported beside the candidate.
    private static func candidate(_ tokens: [String], size: Int)
        -> Result<(PositionHint.Candidate, StoredAnalysisProblem?), StoredAnalysisProblem> {
        var fields: [String: String] = [:]
        var variationTokens: [String] = []
        var index = 0
        while index < tokens.count {
            let key = tokens[index]
            if key == "pv" {
                variationTokens = Array(tokens[(index + 1)...])
                break
            }
            if index + 1 < tokens.count { fields[key] = tokens[index + 1] }
            index += 2
        }
        let text = tokens.prefix(8).joined(separator: " ")
        guard let moveText = fields["move"], let vertex = GTPVertex.parse(moveText, size: size) else {
            return .failure(StoredAnalysisProblem("LZ candidate '\(text)' has no move in GTP's spelling (Q16, pass)"))
        }
        let point: Point?
        switch vertex {
        case .pass: point = nil
        case .point(let parsed): point = parsed
        case .offBoard: return .failure(StoredAnalysisProblem("LZ candidate \(moveText) is off the \(size)x\(size) board"))
        }
        guard let visitsText = fields["visits"], let visits = Int(visitsText), visits >= 0 else {
            return .failure(StoredAnalysisProblem("LZ candidate \(moveText) has no visits"))
        }
        guard let rateText = fields["winrate"], let rate = Double(rateText), rate.isFinite, (0...10_000).contains(rate) else {
            return .failure(StoredAnalysisProblem("LZ candidate \(moveText) has no win rate from 0 to 10000"))
        }
        var variation: [Point?] = []
        var dropped: StoredAnalysisProblem?
        for token in variationTokens {
            switch GTPVertex.parse(token, size: size) {
            case .pass?: variation.append(nil)
            case .point(let parsed)?: variation.append(parsed)
            case .offBoard?, nil:
                dropped = StoredAnalysisProblem("LZ continuation of \(moveText) stops at '\(token)', not a vertex on the \(size)x\(size) board")
            }
            if dropped != nil { break }
        }
        if variation.first != point { variation.insert(point, at: 0) }
        return .success((PositionHint.Candidate(point: point, visits: visits, winRate: rate / 10_000, principalVariation: variation), dropped))
    }

    /// `345`, `1.3k`, `45k`, `1.2m` as a number; nil for anything else.
    static func shortCount(_ text: String) -> Int? {
        let lower = text.lowercased()
        let scale: Double
        let digits: Substring
        if lower.hasSuffix("k") { scale = 1_000; digits = lower.dropLast() }
        else if lower.hasSuffix("m") { scale = 1_000_000; digits = lower.dropLast() }
        else { scale = 1; digits = Substring(lower) }
        guard let number = Double(digits), number.isFinite, number >= 0, number * scale < Double(Int.max) else { return nil }
        return Int((number * scale).rounded())
    }
}
