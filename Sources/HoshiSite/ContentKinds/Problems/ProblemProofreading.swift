import HoshiCore

/// `solve: check`: compares an author's solution tree with the solver's proven answer and warns, at the
/// SGF node, about a "correct" first move the solver refutes (with the refutation), a "wrong" first move
/// that works, and a correct first move the tree lacks. Unproven answers say nothing: never a guess.
struct ProblemProofreading {
    let game: GameTree
    let analysis: ProblemAnalysis
    let solved: SolvedProblem
    /// Names the problem in messages of a file holding several (`problem 3: `).
    let problemLabel: String

    func warnings() -> [Diagnostic] {
        guard solved.isProven, let computed = computedAnalysis() else { return [] }
        let size = game.boardSize
        let name = { (point: Point) in GoBoardPicture.pointName(point, on: size) }
        let startLocation = location(of: analysis.start)
        guard solved.reachesGoal else {
            return [.warning("\(problemLabel)Hoshi's solver proves \(solved.resultText), so no first move reaches the goal it read "
                             + "(\(solved.goal.rawValue)); give the goal in hoshi.yml if it read the wrong one", at: startLocation)]
        }
        let correct = Set(solved.correct)
        let wrong = Set(solved.wrong)
        var warnings: [Diagnostic] = []
        var authorMoves = Set<String>()
        for child in analysis.steps[0].children {
            let step = analysis.steps[child]
            guard let move = step.move, move.stone == analysis.player, let point = move.point else { continue }
            authorMoves.insert(point.sgf)
            let at = location(of: step.node)
            if step.outcome == .right, wrong.contains(point.sgf) {
                warnings.append(.warning("\(problemLabel)the author's correct first move \(name(point)) is refuted by Hoshi's solver: "
                                         + refutation(of: point, in: computed), at: at))
            } else if step.outcome == .wrong, correct.contains(point.sgf) {
                warnings.append(.warning("\(problemLabel)the author's wrong first move \(name(point)) works: Hoshi's solver proves "
                                         + "\(solved.resultText) with it", at: at))
            }
        }
        let lacking = solved.correct.filter { !authorMoves.contains($0) }.compactMap { Self.point($0) }
        if !lacking.isEmpty {
            warnings.append(.warning("\(problemLabel)the solution tree lacks the correct first move\(lacking.count == 1 ? "" : "s") "
                                     + "\(lacking.map(name).joined(separator: ", ")) (proven by Hoshi's solver: \(solved.resultText))",
                                     at: startLocation))
        }
        return warnings
    }

    /// The solver's tree read as a problem page would read it.
    private func computedAnalysis() -> (game: GameTree, analysis: ProblemAnalysis)? {
        guard let tree = solved.computedTree() else { return nil }
        return (tree, ProblemAnalysis(game: tree, start: tree.rootID, positions: GamePositions(game: tree)))
    }

    /// `White D18, Black C18, White B19.`: the solver's main line after `point`.
    private func refutation(of point: Point, in computed: (game: GameTree, analysis: ProblemAnalysis)) -> String {
        let steps = computed.analysis.steps
        guard var index = steps[0].children.first(where: { steps[$0].move?.point == point }) else {
            return "it does not reach the goal"
        }
        var words: [String] = []
        while let next = steps[index].reply ?? steps[index].children.first, words.count < 8, let move = steps[next].move {
            let colour = move.stone == .black ? "Black" : "White"
            words.append(move.point.map { "\(colour) \(GoBoardPicture.pointName($0, on: game.boardSize))" } ?? "\(colour) passes")
            index = next
        }
        return words.isEmpty ? "it does not reach the goal" : words.joined(separator: ", ") + "."
    }

    private func location(of node: Node.ID) -> SourceLocation? {
        guard let offset = game[node].sourceOffset else { return nil }
        return game.source?.location(ofOffset: offset)
    }

    /// `cd` -> the point (column c, row d).
    static func point(_ sgf: String) -> Point? {
        let letters = Array(sgf.utf8)
        guard letters.count == 2 else { return nil }
        let values = letters.map { Int($0) - Int(UInt8(ascii: "a")) }
        guard values.allSatisfy({ (0..<52).contains($0) }) else { return nil }
        return Point(column: values[0], row: values[1])
    }
}

extension SolvedProblem {
    /// The solution tree, parsed; nil when there is none.
    func computedTree() -> GameTree? {
        guard let treeSGF else { return nil }
        return SGFParser.parse(bytes: Array(treeSGF.utf8), path: "solution").games.first
    }
}
