/// Hints from the built-in engine: one Monte Carlo search of the settings' budget per position, on one
/// thread with the settings' seed, so the same position and settings always give the same hint.
public struct BuiltinHintAnalyzer: Sendable {
    public let settings: HintSettings

    public init(settings: HintSettings) {
        self.settings = settings
    }

    /// Analyses `position` (which must be `isSupportedByBuiltinEngine`) at `komi`.
    public func analyze(_ position: HintPosition, komi: Double) -> PositionHint {
        Self.hint(from: search(position, komi: komi), candidates: settings.candidates)
    }

    /// The whole search result for `position`: every root move with its statistics.
    func search(_ position: HintPosition, komi: Double) -> SearchResult {
        let board = Self.playoutBoard(for: position)
        let parameters = settings.engineParameters
        let playouts = parameters.secondsPerMove == nil ? parameters.playouts : parameters.maximumPlayouts
        return MonteCarloSearch.search(board, komi: komi, history: [board.hash], parameters: parameters,
                                       playouts: playouts, seconds: parameters.secondsPerMove)
    }

    /// The search's most visited moves, at most `candidates` of them, each visited at least once.
    static func hint(from result: SearchResult, candidates: Int) -> PositionHint {
        let visited = result.candidates.filter { $0.visits > 0 }.prefix(max(1, candidates)).map { candidate in
            PositionHint.Candidate(point: candidate.point, visits: candidate.visits, winRate: PositionHint.stored(candidate.winRate),
                                   principalVariation: Array(candidate.principalVariation.prefix(8)))
        }
        // Win rates at the cache's precision, so a page built from fresh hints equals one built from the cache.
        return PositionHint(candidates: Array(visited), visits: result.playouts, winRate: visited.first?.winRate ?? 0.5)
    }

    /// A playout board holding the position: stones placed row by row (a stone that could not stand, in a
    /// position no game can reach, is left out), then the player to move and the ko.
    static func playoutBoard(for position: HintPosition) -> PlayoutBoard {
        let board = PlayoutBoard(size: position.size)
        for row in 0..<position.size {
            for column in 0..<position.size {
                let point = Point(column: column, row: row)
                guard let stone = position[point] else { continue }
                let index = board.index(of: point)
                if board.isLegal(index, stone) { board.play(index, stone) }
            }
        }
        board.startAfterSetup(toMove: position.toMove)
        if let ko = position.koPoint { board.forbidRetaking(at: board.index(of: ko), by: position.toMove) }
        return board
    }
}
