import HoshiCore

/// One position a page (or a shard) needs a hint for.
public struct HintJob: Sendable {
    public var key: HintKey
    public var position: HintPosition
    public var komi: Double
    /// The engine and budget that answer it (the settings of the game's `hints.paths` entry).
    public var settings: HintSettings
    /// The game file it comes from, for diagnostics.
    public var sourcePath: String
    /// Which game of the file (from 1), nil when the file holds one game; for diagnostics.
    public var gameNumber: Int?
    /// Moves played before the position, for diagnostics.
    public var moveNumber: Int
    /// The node of the game the position is at: where its page shows the hint.
    public var node: Node.ID

    /// The job of one planned position of game `gameNumber` of the file at `sourcePath`.
    public init(_ request: GameHintPlan.Request, komi: Double, settings: HintSettings, sourcePath: String, gameNumber: Int?) {
        key = request.key
        position = request.position
        self.komi = komi
        self.settings = settings
        self.sourcePath = sourcePath
        self.gameNumber = gameNumber
        moveNumber = request.moveNumber
        node = request.node
    }

    /// `game 2, after move 14` (or `at the start`): where in its file the position is.
    var placeDescription: String {
        let place = moveNumber == 0 ? "at the start" : "after move \(moveNumber)"
        return gameNumber.map { "game \($0), \(place)" } ?? place
    }
}
