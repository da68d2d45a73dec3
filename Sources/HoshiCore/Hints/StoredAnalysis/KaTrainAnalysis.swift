import Foundation

/// KaTrain's `KT` property: the KataGo analysis KaTrain keeps for a node when told to save it, as KaTrain's
/// own code writes it (sanderland/katrain, `analysis_dumps` in katrain/core/game_node.py, read back by
/// `GameNode.load_analysis`). KaTrain documents no stored format; this is that code's layout:
///
/// - three values, `KT[ownership][policy][main]`, each standard base64 of gzip-compressed bytes;
/// - ownership and policy: half-precision floats (`struct` format `e`), one per point (and pass for policy).
///   They are not read: the hint model shows no ownership or policy;
/// - main: UTF-8 JSON `{"moves": {"Q16": {...}, ...}, "root": {...}, "completed": true}`, where each move is
///   a KataGo `moveInfo` (`move`, `order`, `visits`, `winrate`, `scoreLead`, `pv`, ...) and `root` its
///   `rootInfo` (`visits`, `winrate`, `scoreLead`). Win rates and scores are Black's: KaTrain runs KataGo
///   with `reportAnalysisWinratesAs = BLACK` (katrain/KataGo/analysis_config.cfg) and reads `winrate > 0.5`
///   as Black ahead. The root's `KTV` names the format version; KaTrain refuses versions above `1.0`.
public enum KaTrainAnalysis {
    /// The property's identifier.
    public static let identifier = "KT"
    /// The root property naming the format's version.
    public static let versionIdentifier = "KTV"
    /// The newest format version KaTrain writes (its `ANALYSIS_FORMAT_VERSION`).
    public static let knownVersion = 1.0

    /// One position's analysis as the property holds it.
    public struct Reading: Hashable, Sendable {
        /// Black's win rate in the position (0...1), from KataGo's `rootInfo`.
        public var blackWinRate: Double
        /// Black's expected lead in points, from `rootInfo.scoreLead` when present.
        public var blackScoreLead: Double?
        public var visits: Int
        /// In KaTrain's order (KataGo's `order`), win rates Black's.
        public var candidates: [PositionHint.Candidate]
        /// Candidates or continuation moves left out, with why.
        public var problems: [StoredAnalysisProblem]
    }

    private struct Main: Decodable {
        var moves: [String: MoveInfo]?
        var root: RootInfo?
    }

    private struct MoveInfo: Decodable {
        var move: String?
        var order: Int?
        var visits: Int
        var winrate: Double
        var pv: [String]?
    }

    private struct RootInfo: Decodable {
        var visits: Int?
        var winrate: Double
        var scoreLead: Double?
    }

    /// Reads the property's values for a square board of `size`; nil when the node holds no analysis
    /// (`root` is null), a failure when a value cannot be decoded.
    public static func read(_ values: [String], size: Int) -> Result<Reading?, StoredAnalysisProblem> {
        guard values.count >= 3 else {
            return .failure(StoredAnalysisProblem("KT has \(values.count) value(s); KaTrain writes three (ownership, policy, analysis)"))
        }
        let text = values[2].filter { !$0.isWhitespace }
        guard let compressed = Data(base64Encoded: text) else {
            return .failure(StoredAnalysisProblem("KT analysis value is not base64"))
        }
        let json: [UInt8]
        switch Gzip.decompress(Array(compressed)) {
        case .success(let bytes): json = bytes
        case .failure(let error): return .failure(StoredAnalysisProblem("KT analysis value: \(error.message)"))
        }
        let main: Main
        do {
            main = try JSONDecoder().decode(Main.self, from: Data(json))
        } catch {
            return .failure(StoredAnalysisProblem("KT analysis is not the JSON KaTrain writes (moves, root with visits and win rates)"))
        }
        guard let root = main.root else { return .success(nil) }
        guard root.winrate.isFinite, (0...1).contains(root.winrate) else {
            return .failure(StoredAnalysisProblem("KT root win rate \(root.winrate) is outside 0 to 1"))
        }
        var problems: [StoredAnalysisProblem] = []
        var ranked: [(order: Int, candidate: PositionHint.Candidate)] = []
        for (key, info) in (main.moves ?? [:]).sorted(by: { $0.key < $1.key }) {
            let moveText = info.move ?? key
            guard let vertex = GTPVertex.parse(moveText, size: size) else {
                problems.append(StoredAnalysisProblem("KT candidate '\(moveText)' is not a move in GTP's spelling (Q16, pass)"))
                continue
            }
            let point: Point?
            switch vertex {
            case .pass: point = nil
            case .point(let parsed): point = parsed
            case .offBoard:
                problems.append(StoredAnalysisProblem("KT candidate \(moveText) is off the \(size)x\(size) board"))
                continue
            }
            guard info.visits >= 0, info.winrate.isFinite, (0...1).contains(info.winrate) else {
                problems.append(StoredAnalysisProblem("KT candidate \(moveText) has no visits or no win rate from 0 to 1"))
                continue
            }
            var variation: [Point?] = []
            for token in info.pv ?? [] {
                guard let parsed = GTPVertex.parse(token, size: size), parsed != .offBoard else {
                    problems.append(StoredAnalysisProblem("KT continuation of \(moveText) stops at '\(token)', not a vertex on the \(size)x\(size) board"))
                    break
                }
                if case .point(let step) = parsed { variation.append(step) } else { variation.append(nil) }
            }
            if variation.first != point { variation.insert(point, at: 0) }
            ranked.append((info.order ?? Int.max,
                           PositionHint.Candidate(point: point, visits: info.visits, winRate: info.winrate, principalVariation: variation)))
        }
        let candidates = ranked.enumerated().sorted { left, right in
            left.element.order != right.element.order ? left.element.order < right.element.order : left.offset < right.offset
        }.map(\.element.candidate)
        let visits = max(root.visits ?? 0, candidates.visitTotal)
        return .success(Reading(blackWinRate: root.winrate, blackScoreLead: root.scoreLead.flatMap { $0.isFinite ? $0 : nil },
                                visits: visits, candidates: candidates, problems: problems))
    }
}
