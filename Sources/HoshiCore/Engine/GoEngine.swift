/// What an engine decided to do.
public enum EngineDecision: Hashable, Sendable {
    case play(Point)
    case pass
    case resign
}

/// How long an engine may think about one move.
public struct MoveBudget: Hashable, Sendable {
    /// Seconds left on the mover's clock (GTP `time_left`), nil without a clock.
    public var secondsLeft: Double?
    /// Stones left in the current byo-yomi period (0 in main time).
    public var stonesLeft: Int

    public init(secondsLeft: Double? = nil, stonesLeft: Int = 0) {
        self.secondsLeft = secondsLeft
        self.stonesLeft = stonesLeft
    }
}

/// The interface every playing engine offers the GTP layer and the tests, which never know which engine
/// they talk to (as Pachi's `engine.h` does for its engines).
public protocol GoEngine: AnyObject {
    /// The name GTP's `name` reports.
    var name: String { get }
    /// A move for `stone` in `game` (which it may assume is `stone`'s turn).
    func generateMove(in game: EngineGame, for stone: Stone, budget: MoveBudget) -> EngineDecision
    /// A move for `stone` in the cleanup phase after the players disagreed on dead stones (KGS's
    /// `kgs-genmove_cleanup`): like `generateMove`, but no pass while opponent stones the engine believes
    /// dead are on the board, so that they are captured rather than counted as one side claims; never a
    /// resignation.
    func generateCleanupMove(in game: EngineGame, for stone: Stone, budget: MoveBudget) -> EngineDecision
    /// The stones the engine believes dead at the end of `game`.
    func deadStones(in game: EngineGame) -> [Point]
    /// Searches `game` for `stone`, calling `report` with the current candidates every `interval` seconds
    /// until `shouldStop` returns true (GTP `lz-analyze`).
    func analyze(_ game: EngineGame, for stone: Stone, interval: Double, shouldStop: @escaping @Sendable () -> Bool,
                 report: (SearchResult) -> Void)
}
