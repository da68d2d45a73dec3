/// The solution tree a proof gives, as a book would print it: every proven correct first move (`TE`,
/// "Correct"), each followed by a reply to every defence in the region and the main line after it; every
/// proven wrong first move (`BM`, "Wrong"), followed by its refutation and the main line. Main lines follow
/// the proof: the winner's proven move, and the loser's longest resistance (the reply whose proof cost
/// most work).
struct SolutionTree {
    /// Moves of a main line after the first two: enough for a book's diagram.
    static let mainLineLength = 12

    let tree: GameTree

    /// `search` proved the correct moves (those it did not, `alsoProving`), `refutation` the wrong ones (the
    /// same search but when kills are proven with the way out open; see `LifeAndDeathSolver.solve`).
    init(frame: ProblemFrame, search: ProofNumberSearch, alsoProving: ProofNumberSearch? = nil, refutation: ProofNumberSearch,
         outcome: SolverResult.Outcome, correct: [Point], wrong: [Point]) {
        let size = frame.board.size
        var tree = GameTree()
        var root = Node()
        root.set("GM", [PropertyValue(raw: "1")])
        root.set("SZ", [PropertyValue(raw: size.isSquare ? "\(size.columns)" : "\(size.columns):\(size.rows)")])
        let stones = frame.board.stones
        let black = stones.filter { $0.stone == .black }.map { PropertyValue(raw: $0.point.sgf) }
        let white = stones.filter { $0.stone == .white }.map { PropertyValue(raw: $0.point.sgf) }
        if !black.isEmpty { root.set("AB", black) }
        if !white.isEmpty { root.set("AW", white) }
        root.set("PL", [PropertyValue(raw: frame.toPlay.sgfLetter)])
        let player = frame.toPlay == .black ? "Black" : "White"
        root.set("C", [PropertyValue(text: "\(player) to \(frame.goal.rawValue). Computed by Hoshi's life-and-death solver: \(outcome.rawValue).")])
        tree.root = root
        for point in correct {
            var search = search
            if let alsoProving, search.board.play(search.board.index(of: point)) {
                if search.knownWinner() != frame.toPlay { search = alsoProving }
                search.board.undo()
            }
            let builder = LineBuilder(search: search, size: size)
            let board = search.board
            guard board.play(board.index(of: point)) else { continue }
            var first = builder.moveNode(point, colour: frame.toPlay)
            first.set("TE", [PropertyValue(raw: "1")])
            first.set("C", [PropertyValue(text: "Correct.")])
            let id = tree.appendNode(first, to: tree.rootID)
            for reply in search.legalMoves() {
                guard let cell = reply, board.play(cell) else { continue }
                let replyID = tree.appendNode(builder.moveNode(board.point(ofIndex: cell), colour: frame.toPlay.opponent), to: id)
                builder.appendMainLine(to: &tree, below: replyID, winner: frame.toPlay, comment: "Correct.")
                board.undo()
            }
            board.undo()
        }
        let refuter = LineBuilder(search: refutation, size: size)
        for point in wrong {
            let board = refutation.board
            guard board.play(board.index(of: point)) else { continue }
            var first = refuter.moveNode(point, colour: frame.toPlay)
            first.set("BM", [PropertyValue(raw: "1")])
            first.set("C", [PropertyValue(text: "Wrong.")])
            let id = tree.appendNode(first, to: tree.rootID)
            refuter.appendMainLine(to: &tree, below: id, winner: frame.toPlay.opponent, comment: "Wrong.")
            board.undo()
        }
        self.tree = tree
    }

    /// Writes main lines from the search's proofs.
    private struct LineBuilder {
        let search: ProofNumberSearch
        let size: BoardSize

        func moveNode(_ point: Point?, colour: Stone) -> Node {
            Node(properties: [Property(colour.sgfLetter, raw: point?.sgf ?? "")])
        }

        /// Appends the main line from the current position below `parent`, the winner's proven moves and
        /// the loser's longest resistance, and comments its last node. Leaves the board as it found it.
        func appendMainLine(to tree: inout GameTree, below parent: Node.ID, winner: Stone, comment: String) {
            let board = search.board
            var parentID = parent
            var played = 0
            while played < SolutionTree.mainLineLength, search.settled.winner(on: board) == nil {
                let move: Int?
                if board.toMove == winner {
                    guard let proven = winningMove() else { break }
                    move = proven
                } else {
                    guard let resistance = longestResistance() else { break }
                    move = resistance
                }
                guard let move, board.play(move) else { break }
                played += 1
                parentID = tree.appendNode(moveNode(board.point(ofIndex: move), colour: board.toMove.opponent), to: parentID)
            }
            for _ in 0..<played { board.undo() }
            var last = tree[parentID]
            last.set("C", [PropertyValue(text: comment)])
            tree[parentID] = last
        }

        /// A move of the side to move proven to win, searching if the table no longer knows one; nil for
        /// none (or a pass: the line ends there).
        private func winningMove() -> Int?? {
            let board = search.board
            let mover = board.toMove
            for attempt in 0..<2 {
                for move in search.legalMoves() {
                    guard board.play(move) else { continue }
                    let known = search.knownWinner()
                    board.undo()
                    if known == mover { return .some(move) }
                }
                if attempt == 0 && search.solve() != mover { return nil }
            }
            return nil
        }

        /// The loser's reply whose proof cost the winner most work (nil when the loser has only a pass).
        private func longestResistance() -> Int?? {
            let board = search.board
            var best: (move: Int?, work: UInt32)?
            for move in search.legalMoves() where move != nil {
                guard board.play(move) else { continue }
                let work = search.knownWork()
                board.undo()
                if best == nil || work > (best?.work ?? 0) { best = (move, work) }
            }
            guard let best else { return nil }
            return .some(best.move)
        }
    }
}
