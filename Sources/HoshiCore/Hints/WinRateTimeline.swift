/// Black's win rate along a game's main line, and the moves that lost the most of it: what the win-rate
/// graph draws and the "key moments" list names.
public struct WinRateTimeline: Hashable, Sendable {
    /// A move that lowered its player's win rate.
    public struct Moment: Hashable, Sendable {
        /// Main-line move number (1 is the first move).
        public var moveNumber: Int
        public var stone: Stone
        /// Win rate (0...1) of the mover before and after the move.
        public var before: Double
        public var after: Double
        public var drop: Double { before - after }
    }

    /// Black's win rate (0...1) after each main-line move, index 0 being the start; nil where the position
    /// has no hint.
    public let blackWinRates: [Double?]
    /// The moves of the main line (index 0 is move 1), nil for a node without a move.
    private let movers: [Stone?]

    /// - Parameters:
    ///   - positions: per main-line position from the start (index 0) to the last move, the colour to move
    ///     and the engine's win rate for it (nil without a hint).
    ///   - movers: the colour of each main-line move, move 1 first.
    public init(positions: [(toMove: Stone, winRate: Double)?], movers: [Stone?]) {
        blackWinRates = positions.map { entry in entry.map { $0.toMove == .black ? $0.winRate : 1 - $0.winRate } }
        self.movers = movers
    }

    /// The `limit` moves whose player lost at least `threshold` of win rate, largest drop first (equal
    /// drops by move number).
    public func keyMoments(limit: Int = 5, threshold: Double = 0.05) -> [Moment] {
        var moments: [Moment] = []
        for (offset, stone) in movers.enumerated() {
            guard let stone, offset + 1 < blackWinRates.count,
                  let before = blackWinRates[offset], let after = blackWinRates[offset + 1] else { continue }
            let moment = Moment(moveNumber: offset + 1, stone: stone,
                                before: stone == .black ? before : 1 - before, after: stone == .black ? after : 1 - after)
            if moment.drop >= threshold { moments.append(moment) }
        }
        return Array(moments.sorted { $0.drop != $1.drop ? $0.drop > $1.drop : $0.moveNumber < $1.moveNumber }.prefix(limit))
    }
}
