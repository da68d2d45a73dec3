/// Hoshi's built-in engine: Monte Carlo tree search with RAVE (`MonteCarloSearch`) behind `GoEngine`, plus
/// the decisions around the search: when to pass, when to resign, how long to think, which stones are dead.
public final class MonteCarloEngine: GoEngine {
    public let parameters: EngineParameters
    public let name = "Hoshi"

    public init(parameters: EngineParameters = EngineParameters()) {
        self.parameters = parameters
    }

    /// Passes when the opponent just passed and `stone` wins both as the board stands and after removing
    /// the stones the engine believes dead (so passing cannot throw the game away); otherwise searches and
    /// plays the most visited move, resigning only when that move's win rate is below `resignWinRate` after
    /// enough playouts and moves.
    public func generateMove(in game: EngineGame, for stone: Stone, budget: MoveBudget) -> EngineDecision {
        decide(in: game, for: stone, budget: budget, isCleanup: false)
    }

    /// While stones of the opponent that `deadStones(in:)` calls dead are on the board, searches without
    /// pass at the root, so the engine plays on until they are captured (under area scoring a move in its
    /// own area costs nothing); then decides as `generateMove` does. Never resigns: the cleanup only settles
    /// which stones are dead in a game both players already ended.
    public func generateCleanupMove(in game: EngineGame, for stone: Stone, budget: MoveBudget) -> EngineDecision {
        decide(in: game, for: stone, budget: budget, isCleanup: true)
    }

    /// `generateMove` and, with `isCleanup`, `generateCleanupMove`.
    private func decide(in game: EngineGame, for stone: Stone, budget: MoveBudget, isCleanup: Bool) -> EngineDecision {
        let mustCapture = isCleanup && deadStones(in: game).contains { game[$0] == stone.opponent }
        if !mustCapture && game.lastMoveWasPass && isWinning(game, for: stone) { return .pass }
        let board = game.playoutBoard()
        board.setToMove(stone)
        var searchParameters = parameters
        // A different but reproducible seed for every move of every game.
        searchParameters.seed = parameters.seed &+ UInt64(game.moves.count) &* 0x9E37_79B9 &+ UInt64(game.serial) &* 0x2545_F491_4F6C_DD1D
        let (playouts, seconds) = searchLimits(for: budget, emptyPoints: board.emptyCount)
        let result = MonteCarloSearch.search(board, komi: game.komi, history: game.history, parameters: searchParameters,
                                             playouts: playouts, seconds: seconds, rootMayPass: !mustCapture)
        guard let best = result.best else { return .pass }
        if !isCleanup && best.winRate < parameters.resignWinRate && result.playouts >= parameters.resignMinimumPlayouts
            && game.moves.count >= parameters.resignMinimumMoves {
            return .resign
        }
        return best.point.map(EngineDecision.play) ?? .pass
    }

    /// One search of the parameters' budget for `stone` in `game` (what `hoshi engine bench` times).
    public func search(_ game: EngineGame, for stone: Stone) -> SearchResult {
        let board = game.playoutBoard()
        board.setToMove(stone)
        let (playouts, seconds) = searchLimits(for: MoveBudget(), emptyPoints: board.emptyCount)
        return MonteCarloSearch.search(board, komi: game.komi, history: game.history, parameters: parameters,
                                       playouts: playouts, seconds: seconds)
    }

    /// The stones whose points end up owned by the other colour in most of `ownershipPlayouts` playouts.
    public func deadStones(in game: EngineGame) -> [Point] {
        let ownership = ownership(of: game)
        return game.boardSize.points.filter { point in
            guard let stone = game[point] else { return false }
            let share = ownership[point.row * game.size + point.column]
            return stone == .black ? share < 0 : share > 0
        }
    }

    public func analyze(_ game: EngineGame, for stone: Stone, interval: Double, shouldStop: @escaping @Sendable () -> Bool,
                        report: (SearchResult) -> Void) {
        let board = game.playoutBoard()
        board.setToMove(stone)
        MonteCarloSearch.analyze(board, komi: game.komi, history: game.history, parameters: parameters,
                                 interval: interval, shouldStop: shouldStop, report: report)
    }

    // MARK: - Decisions

    /// Whether `stone` wins `game` if it ends now: by area with the stones on the board, and by area after
    /// removing the stones the engine believes dead.
    func isWinning(_ game: EngineGame, for stone: Stone) -> Bool {
        let position = game.position
        let asItStands = Double(position.score(deadStones: []).areaMargin) - game.komi
        let afterRemoval = Double(position.score(deadStones: Set(deadStones(in: game))).areaMargin) - game.komi
        return stone == .black ? asItStands > 0 && afterRemoval > 0 : asItStands < 0 && afterRemoval < 0
    }

    /// Playouts and seconds for one move: the parameters' budget, shortened to fit a clock.
    func searchLimits(for budget: MoveBudget, emptyPoints: Int) -> (playouts: Int, seconds: Double?) {
        var playouts = parameters.playouts
        var seconds = parameters.secondsPerMove
        if seconds != nil { playouts = parameters.maximumPlayouts }
        if let left = budget.secondsLeft, left > 0 {
            // In byo-yomi the period's stones share its time; in main time assume the game lasts about as many
            // more moves of this player as half the empty points (at least 15). A safety margin of 10% covers
            // the process and the pipe.
            let share = budget.stonesLeft > 0 ? left / Double(budget.stonesLeft) : left / Double(max(15, emptyPoints / 2))
            seconds = min(seconds ?? .infinity, share * 0.9)
        }
        return (playouts, seconds)
    }

    /// Per point (row-major), black's ownership minus white's over `ownershipPlayouts` playouts, -1...1.
    private func ownership(of game: EngineGame) -> [Double] {
        let root = game.playoutBoard()
        let board = root.copy()
        let policy = PlayoutPolicy(parameters: parameters)
        var random = SplitMix64(seed: parameters.seed)
        var totals = [Double](repeating: 0, count: game.size * game.size)
        let count = parameters.ownershipPlayouts
        for _ in 0..<count {
            board.assign(from: root)
            _ = policy.playOut(board, random: &random, firstColours: nil)
            for row in 0..<game.size {
                for column in 0..<game.size {
                    switch board.owner(of: board.index(of: Point(column: column, row: row))) {
                    case .black?: totals[row * game.size + column] += 1
                    case .white?: totals[row * game.size + column] -= 1
                    case nil: break
                    }
                }
            }
        }
        return totals.map { $0 / Double(max(1, count)) }
    }
}
