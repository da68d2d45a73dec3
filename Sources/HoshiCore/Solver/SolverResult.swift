/// What the solver found for one problem.
public struct SolverResult: Sendable {
    /// Whether the answer is proven or the budget ran out first.
    public enum Status: String, Hashable, Sendable {
        case proven
        case unproven
    }

    /// The best the side to play can reach.
    public enum Outcome: String, Hashable, Sendable {
        /// The target dies, unconditionally.
        case kill
        /// The target lives, unconditionally (with eyes, not in seki).
        case live
        /// The result depends on a ko: the side to play reaches its goal only if it wins the ko.
        case ko
        /// The target lives in seki.
        case seki
    }

    /// How a ko is fought, counted in ko threats (see `KoFight`).
    public struct KoFight: Hashable, Sendable {
        /// The threats the side to play needs: 0 when it takes the ko first, so that the other side must
        /// find the first threat.
        public let threatsNeeded: Int
        /// The most threats the other side may hold and still lose the ko (0, 1 or 2; checked up to 2): more
        /// than none is an approach ko in the side to play's favour.
        public let opponentThreatsBeaten: Int

        public init(threatsNeeded: Int, opponentThreatsBeaten: Int) {
            self.threatsNeeded = threatsNeeded
            self.opponentThreatsBeaten = opponentThreatsBeaten
        }

        /// "White must find the first threat", "Black needs 1 threat", with the side to play `player`.
        public func words(player: Stone) -> String {
            let name = player == .black ? "Black" : "White"
            let other = player == .black ? "White" : "Black"
            if threatsNeeded > 0 { return "\(name) needs \(threatsNeeded) ko threat\(threatsNeeded == 1 ? "" : "s")" }
            if opponentThreatsBeaten == 0 { return "\(other) must find the first ko threat" }
            return "\(other) needs more than \(opponentThreatsBeaten) ko threat\(opponentThreatsBeaten == 1 ? "" : "s")"
        }
    }

    public let frame: ProblemFrame
    public let status: Status
    /// The best result for the side to play; nil when unproven.
    public let outcome: Outcome?
    /// Moves each proven to reach `outcome` (empty when unproven, or when the side to play fails whatever
    /// it plays).
    public let correctFirstMoves: [Point]
    /// Moves proven not to reach `outcome`.
    public let wrongFirstMoves: [Point]
    /// The solution tree, as SGF (root: the problem's position), when proven.
    public let tree: GameTree?
    public let nodes: Int
    public let milliseconds: Int
    /// Why an unproven result is unproven.
    public let reason: String?
    /// For a ko, how it is fought by the correct first moves; nil for other results, and for a ko whose
    /// threats the budget left uncounted.
    public var koFight: KoFight? = nil

    /// Whether the side to play reaches its goal (unconditionally, by ko or in seki).
    public var reachesGoal: Bool {
        guard let outcome else { return false }
        switch outcome {
        case .kill: return frame.goal == .kill
        case .live: return frame.goal == .live
        case .ko: return true
        case .seki: return frame.goal == .live
        }
    }

    /// One sentence: "White to live: proven, lives with B2 (3 correct first moves)".
    public var summary: String {
        let player = frame.toPlay == .black ? "Black" : "White"
        let head = "\(player) to \(frame.goal.rawValue)"
        guard status == .proven, let outcome else { return "\(head): unproven (\(reason ?? "budget exhausted"))" }
        let size = frame.board.size.columns
        let moves = correctFirstMoves.map { GTPVertex.format($0, size: size) }.joined(separator: ", ")
        let words: String
        switch outcome {
        case .kill: words = frame.goal == .kill ? "kills" : "fails: the group dies"
        case .live: words = frame.goal == .live ? "lives" : "fails: the group lives"
        case .ko: words = koFight.map { "ko (\($0.words(player: frame.toPlay)))" } ?? "ko (the side to play must win the ko)"
        case .seki: words = frame.goal == .live ? "lives in seki" : "fails: the group lives in seki"
        }
        return "\(head): proven, \(words)" + (moves.isEmpty ? "" : " with \(moves)")
    }
}
