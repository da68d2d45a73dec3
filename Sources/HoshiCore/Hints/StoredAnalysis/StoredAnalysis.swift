import Foundation

/// The analysis a game record already carries, written by the tool its owner analysed it with: Sabaki's
/// `SBKV` win rates (`SabakiWinRate`), Lizzie's `LZ` candidates (`LizzieAnalysis`) and KaTrain's `KT`
/// analysis (`KaTrainAnalysis`), read into the model the engine answers with (`PositionHint`), so pages
/// show them alike.
public struct StoredAnalysis: Sendable {
    /// One analysed position.
    public struct Position: Hashable, Sendable {
        public var toMove: Stone
        public var hint: PositionHint
        public var format: Format
    }

    /// Where a position's analysis was read from.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case sabaki = "SBKV"
        case lizzie = "LZ"
        case katrain = "KT"

        /// The tool and property as a page names them.
        public var description: String {
            switch self {
            case .sabaki: return "Sabaki’s SBKV win rates"
            case .lizzie: return "Lizzie’s LZ analysis"
            case .katrain: return "KaTrain’s KT analysis"
            }
        }
    }

    /// Per node the analysis found; a node with several properties keeps the fullest: `KT`, else `LZ`, else `SBKV`.
    public let positions: [Node.ID: Position]
    /// The application the file names (`AP[Sabaki:0.43.1]` gives `Sabaki 0.43.1`), as written: untrusted text.
    public let application: String?
    /// Values that could not be read, at their property's place in the file.
    public let diagnostics: [Diagnostic]

    public var isEmpty: Bool { positions.isEmpty }

    /// The formats found, in `Format` order.
    public var formats: [Format] { formats(of: positions.keys) }

    /// The formats the positions of `nodes` were read from, in `Format` order: a page names those it shows.
    public func formats(of nodes: some Sequence<Node.ID>) -> [Format] {
        let found = Set(nodes.compactMap { positions[$0]?.format })
        return Format.allCases.filter(found.contains)
    }

    /// Reads every node of `game`. `positions` is the game's replay: candidates on occupied points are
    /// left out with a warning, since no engine proposes them for that position.
    public init(game: GameTree, positions: GamePositions) {
        var found: [Node.ID: Position] = [:]
        var diagnostics: [Diagnostic] = []
        let size = game.boardSize
        let side = size.isSquare ? size.columns : 0
        var toMove: [Node.ID: Stone] = [:]
        // KaTrain refuses to read a format version newer than its own; so does this reader.
        let unreadableVersion: String? = {
            guard game.nodes.count > 0, let version = game[0].raw(KaTrainAnalysis.versionIdentifier) else { return nil }
            guard let number = Double(version.trimmingCharacters(in: .whitespaces)) else { return version }
            return number > KaTrainAnalysis.knownVersion ? version : nil
        }()
        for id in 0..<game.nodes.count {
            let node = game[id]
            let stone = Self.playerToMove(at: id, in: game, positions: positions, parentToMove: node.parent.flatMap { toMove[$0] })
            toMove[id] = stone
            guard node.has(SabakiWinRate.identifier) || node.has(LizzieAnalysis.identifier) || node.has(KaTrainAnalysis.identifier) else { continue }
            func warn(_ problem: StoredAnalysisProblem, _ identifier: String) {
                let offset = node.property(identifier)?.sourceOffset ?? node.sourceOffset
                let location = offset.flatMap { game.source?.location(ofOffset: $0) }
                    ?? game.source.map { SourceLocation(path: $0.path) }
                diagnostics.append(.warning("stored analysis ignored: \(problem.message)", at: location))
            }
            /// The candidates on empty points (a warning for each other), most visited first, ties in the order written.
            func playable(_ candidates: [PositionHint.Candidate], _ identifier: String) -> [PositionHint.Candidate] {
                let board = positions.board(at: id, in: game)
                var kept: [PositionHint.Candidate] = []
                for candidate in candidates {
                    if let point = candidate.point, board[point] != nil {
                        warn(StoredAnalysisProblem("\(identifier) candidate \(GTPVertex.format(point, size: side)) is on an occupied point"), identifier)
                    } else {
                        kept.append(candidate)
                    }
                }
                return kept.enumerated().sorted { left, right in
                    left.element.visits != right.element.visits ? left.element.visits > right.element.visits : left.offset < right.offset
                }.map(\.element)
            }
            if let values = node.property(KaTrainAnalysis.identifier)?.values.map(\.raw) {
                if let version = unreadableVersion {
                    warn(StoredAnalysisProblem("KTV[\(version)] is a format version newer than KaTrain's \(KaTrainAnalysis.knownVersion)"),
                         KaTrainAnalysis.identifier)
                } else {
                    switch KaTrainAnalysis.read(values, size: side) {
                    case .success(let reading?):
                        reading.problems.forEach { warn($0, KaTrainAnalysis.identifier) }
                        let forMover = reading.candidates.map { candidate in
                            var candidate = candidate
                            candidate.winRate = stone == .black ? candidate.winRate : 1 - candidate.winRate
                            return candidate
                        }
                        found[id] = Position(toMove: stone,
                                             hint: PositionHint(candidates: playable(forMover, KaTrainAnalysis.identifier), visits: reading.visits,
                                                                winRate: stone == .black ? reading.blackWinRate : 1 - reading.blackWinRate),
                                             format: .katrain)
                    case .success(nil):
                        break
                    case .failure(let problem):
                        warn(problem, KaTrainAnalysis.identifier)
                    }
                }
            }
            if found[id] == nil, let value = node.raw(LizzieAnalysis.identifier) {
                switch LizzieAnalysis.read(value, size: side) {
                case .success(let reading?):
                    reading.problems.forEach { warn($0, LizzieAnalysis.identifier) }
                    found[id] = Position(toMove: stone,
                                         hint: PositionHint(candidates: playable(reading.candidates, LizzieAnalysis.identifier),
                                                            visits: reading.visits, winRate: reading.winRate),
                                         format: .lizzie)
                case .success(nil):
                    break
                case .failure(let problem):
                    warn(problem, LizzieAnalysis.identifier)
                }
            }
            if found[id] == nil, let value = node.raw(SabakiWinRate.identifier) {
                switch SabakiWinRate.blackWinRate(value) {
                case .success(let black):
                    found[id] = Position(toMove: stone, hint: PositionHint(candidates: [], visits: 0,
                                                                           winRate: stone == .black ? black : 1 - black),
                                         format: .sabaki)
                case .failure(let problem):
                    warn(problem, SabakiWinRate.identifier)
                }
            }
        }
        self.positions = found
        self.diagnostics = diagnostics
        self.application = game.gameInfo.application.flatMap { application in
            let named = [application.name, application.version].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
            return named.isEmpty ? nil : named
        }
    }

    /// Who moves in the position of a node: `PL` when given, else the opponent of the node's move, else the
    /// colour of the first child's move (a setup node before the game goes on), else the parent's, else Black.
    private static func playerToMove(at id: Node.ID, in game: GameTree, positions: GamePositions, parentToMove: Stone?) -> Stone {
        let node = game[id]
        if let stone = node.playerToMove { return stone }
        if let move = positions.change(at: id).move { return move.stone.opponent }
        if let child = node.firstChild, let move = positions.change(at: child).move { return move.stone }
        return parentToMove ?? .black
    }
}

extension Array where Element == PositionHint.Candidate {
    /// The candidates' visits added up, held at `Int.max`: a file may claim any count, and an overflow
    /// would trap.
    var visitTotal: Int {
        reduce(0) { total, candidate in
            let (sum, overflow) = total.addingReportingOverflow(candidate.visits)
            return overflow ? Int.max : sum
        }
    }
}
