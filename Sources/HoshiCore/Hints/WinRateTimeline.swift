/// Black's win rate along a game's main line: what the win-rate graph draws. (Key moments are measured
/// against the engine's first choice in each search, by the games kind, not from this line alone.)
public struct WinRateTimeline: Hashable, Sendable {
    /// Black's win rate (0...1) after each main-line move, index 0 being the start; nil where the position
    /// has no hint.
    public let blackWinRates: [Double?]

    /// - Parameter positions: per main-line position from the start (index 0) to the last move, the colour to move
    ///     and the engine's win rate for it (nil without a hint).
    public init(positions: [(toMove: Stone, winRate: Double)?]) {
        blackWinRates = positions.map { entry in entry.map { $0.toMove == .black ? $0.winRate : 1 - $0.winRate } }
    }
}
