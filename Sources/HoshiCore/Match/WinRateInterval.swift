import Foundation

/// A win rate with its 95% confidence interval by Wilson's score method, which stays inside 0...1 and is
/// honest for small samples and rates near 0 or 1 (where the normal approximation is not).
public struct WinRateInterval: Hashable, Sendable, CustomStringConvertible {
    public var wins: Double
    public var games: Int
    public var rate: Double { games > 0 ? wins / Double(games) : 0 }
    public var lower: Double
    public var upper: Double

    /// `wins` may include halves for draws.
    public init(wins: Double, games: Int) {
        self.wins = wins
        self.games = games
        guard games > 0 else {
            lower = 0
            upper = 1
            return
        }
        let z = 1.959_964  // the 97.5th percentile of the normal distribution
        let n = Double(games)
        let p = wins / n
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let spread = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / (1 + z * z / n)
        lower = max(0, centre - spread)
        upper = min(1, centre + spread)
    }

    /// `12 of 20 (60.0%, 95% CI 38.7%-78.1%)`.
    public var description: String {
        let winsText = wins == wins.rounded() ? String(Int(wins)) : String(wins)
        return "\(winsText) of \(games) (\(percent(rate)), 95% CI \(percent(lower))-\(percent(upper)))"
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
}
