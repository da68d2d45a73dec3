import HoshiCore

/// What the solver found for one problem, as the solution cache keeps it: the result and the solution tree
/// as SGF text. Stored as lines (`status proven`, `outcome kill`, `correct cd de`, ...) then `sgf` and the
/// tree to the end.
struct SolvedProblem: CachedAnswer, Hashable {
    var status: SolverResult.Status
    var outcome: SolverResult.Outcome?
    var goal: SolverGoal
    var toPlay: Stone
    /// Correct and wrong first moves, as SGF points (`cd`).
    var correct: [String]
    var wrong: [String]
    var nodes: Int
    var milliseconds: Int
    var reason: String?
    /// How a ko is fought, when its threats were counted.
    var koFight: SolverResult.KoFight?
    /// The solution tree (SGF), when proven.
    var treeSGF: String?

    init(_ result: SolverResult) {
        status = result.status
        outcome = result.outcome
        goal = result.frame.goal
        toPlay = result.frame.toPlay
        correct = result.correctFirstMoves.map(\.sgf)
        wrong = result.wrongFirstMoves.map(\.sgf)
        nodes = result.nodes
        milliseconds = result.milliseconds
        reason = result.reason
        koFight = result.koFight
        treeSGF = result.tree.map { SGFWriter.write($0) }
    }

    var isProven: Bool { status == .proven && outcome != nil }

    /// Whether the side to play reaches its goal (unconditionally, by ko or in seki): a page can then ask the
    /// reader for the correct first move.
    var reachesGoal: Bool {
        guard isProven, let outcome, !correct.isEmpty else { return false }
        switch outcome {
        case .kill: return goal == .kill
        case .live, .seki: return goal == .live
        case .ko: return true
        }
    }

    /// "proven: Black kills unconditionally", for pages and warnings.
    var resultText: String {
        let player = toPlay == .black ? "Black" : "White"
        guard isProven, let outcome else { return "not proven (\(reason ?? "budget exhausted"))" }
        switch outcome {
        case .kill: return goal == .kill ? "\(player) kills unconditionally" : "the group dies whatever \(player) plays"
        case .live: return goal == .live ? "\(player) lives unconditionally" : "the group lives whatever \(player) plays"
        case .ko:
            let fight = koFight.map { "; \($0.words(player: toPlay))" } ?? ""
            return "ko: \(player) reaches the goal only by winning the ko\(fight)"
        case .seki: return goal == .live ? "\(player) lives in seki" : "the group lives in seki whatever \(player) plays"
        }
    }

    var storedText: String {
        var lines = ["status \(status.rawValue)", "outcome \(outcome?.rawValue ?? "-")", "goal \(goal.rawValue)", "to_play \(toPlay.sgfLetter)",
                     "correct \(correct.joined(separator: " "))", "wrong \(wrong.joined(separator: " "))", "nodes \(nodes)",
                     "milliseconds \(milliseconds)"]
        if let reason { lines.append("reason \(reason)") }
        if let koFight { lines.append("ko_threats \(koFight.threatsNeeded) \(koFight.opponentThreatsBeaten)") }
        lines.append("sgf")
        return lines.joined(separator: "\n") + "\n" + (treeSGF ?? "")
    }

    init?(storedText: String) {
        guard let split = storedText.range(of: "\nsgf\n") else { return nil }
        var fields: [String: String] = [:]
        for line in storedText[..<split.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            fields[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        guard let status = fields["status"].flatMap(SolverResult.Status.init(rawValue:)),
              let goal = fields["goal"].flatMap(SolverGoal.init(rawValue:)),
              let toPlay = fields["to_play"].flatMap({ $0 == "B" ? Stone.black : $0 == "W" ? Stone.white : nil }),
              let nodes = fields["nodes"].flatMap({ Int($0) }), let milliseconds = fields["milliseconds"].flatMap({ Int($0) }),
              let correct = fields["correct"], let wrong = fields["wrong"], let outcomeText = fields["outcome"] else { return nil }
        let outcome = SolverResult.Outcome(rawValue: outcomeText)
        guard outcome != nil || outcomeText == "-" else { return nil }
        self.status = status
        self.outcome = outcome
        self.goal = goal
        self.toPlay = toPlay
        self.correct = correct.split(separator: " ").map(String.init)
        self.wrong = wrong.split(separator: " ").map(String.init)
        self.nodes = nodes
        self.milliseconds = milliseconds
        reason = fields["reason"]
        if let text = fields["ko_threats"] {
            let counts = text.split(separator: " ").compactMap { Int($0) }
            guard counts.count == 2 else { return nil }
            koFight = SolverResult.KoFight(threatsNeeded: counts[0], opponentThreatsBeaten: counts[1])
        }
        let tree = String(storedText[split.upperBound...])
        treeSGF = tree.isEmpty ? nil : tree
        guard (treeSGF != nil) == (status == .proven) else { return nil }
    }
}
