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
        case .ko: words = "ko (the side to play must win the ko)"
        case .seki: words = frame.goal == .live ? "lives in seki" : "fails: the group lives in seki"
        }
        return "\(head): proven, \(words)" + (moves.isEmpty ? "" : " with \(moves)")
    }
}
