/// A problem's solution tree read for a page that answers the reader's moves: who plays, which lines are
/// right and which wrong, which reply the opponent plays, and the part of the board in play.
///
/// ## How lines are judged
/// Marks (`ProblemMark`) are read on every node below the start. A leaf is
/// - wrong when its line (from the start's child down to the leaf) has a wrong mark anywhere: a line that
///   went wrong does not come right again;
/// - else right when its line has a right mark;
/// - else, unmarked: right when the tree has no right mark at all (files that only mark failures: the end
///   of every other line is a success), wrong when it has some (files that mark only successes, like
///   goproblems.com's: every unmarked end is a failure).
///
/// An inner node is wrong when its line has a wrong mark; otherwise it is judged from its children as the
/// players would choose: when the side to play moves next, right if any of its moves is right; when the
/// opponent does, right only if every reply is (the opponent picks the best resistance).
///
/// ## Replies
/// Where the opponent moves next, the page plays one reply by itself: among the replies whose outcome
/// matches the node's (the refutation after a wrong move, best resistance after a right one), the first one
/// annotated `TE`, else the first in file order.
public struct ProblemAnalysis: Hashable, Sendable {
    /// One node of the solution tree, the start included.
    public struct Step: Hashable, Sendable {
        /// The node in the game tree.
        public var node: Node.ID
        /// The parent's index in `steps`; nil for the start.
        public var parent: Int?
        /// Children's indices in `steps`, in file order.
        public var children: [Int] = []
        public var move: Move?
        /// The author's mark on this node (never on the start).
        public var mark: ProblemMark?
        public var outcome: ProblemOutcome = .wrong
        /// The child the opponent plays automatically, when the opponent moves next.
        public var reply: Int?
    }

    /// The node whose position the reader starts from.
    public let start: Node.ID
    /// The side to play: `PL` of the start, else the colour of its first child's move, else black.
    public let player: Stone
    /// The start and every node below it, in file order (parents before children).
    public let steps: [Step]
    /// Intersections to show: the start's stones and every point the tree plays on, changes or captures,
    /// with a margin (`BoardArea.around`).
    public let area: BoardArea

    /// Whether the file gives any moves to answer the reader with.
    public var hasSolution: Bool { steps.count > 1 }

    /// Analyses the tree below `start`.
    /// - Parameter positions: the replayed game, for the start's stones and the points moves change.
    public init(game: GameTree, start: Node.ID, positions: GamePositions, margin: Int = 2) {
        let size = game.boardSize
        let startNode = game[start]
        // File order: a depth-first walk taking children in order.
        var steps: [Step] = []
        var stack: [(node: Node.ID, parent: Int?)] = [(start, nil)]
        while let (id, parent) = stack.popLast() {
            let index = steps.count
            steps.append(Step(node: id, parent: parent, move: parent == nil ? nil : game[id].move(on: size)))
            if let parent { steps[parent].children.append(index) }
            for child in game[id].children.reversed() { stack.append((child, index)) }
        }

        let player = startNode.playerToMove
            ?? steps.dropFirst().first(where: { $0.parent == 0 })?.move?.stone
            ?? .black
        for index in steps.indices.dropFirst() {
            steps[index].mark = ProblemMark.of(game[steps[index].node], player: player, on: size)
        }
        Self.judge(&steps, player: player)
        Self.chooseReplies(&steps, player: player, game: game)

        var points = positions.board(at: start, in: game).stones.map(\.point)
        for step in steps.dropFirst() {
            let change = positions.change(at: step.node)
            points += change.added.map(\.point) + change.removed.map(\.point)
            if let point = step.move?.point { points.append(point) }
        }
        self.start = start
        self.player = player
        self.steps = steps
        self.area = BoardArea.around(points, on: size, margin: margin)
    }

    /// Sets every step's outcome (see the type's documentation).
    private static func judge(_ steps: inout [Step], player: Stone) {
        let treeHasRightMarks = steps.contains { $0.mark == .right }
        var lineIsWrong = [Bool](repeating: false, count: steps.count)
        var lineIsRight = [Bool](repeating: false, count: steps.count)
        for index in steps.indices {
            let parentWrong = steps[index].parent.map { lineIsWrong[$0] } ?? false
            let parentRight = steps[index].parent.map { lineIsRight[$0] } ?? false
            lineIsWrong[index] = parentWrong || steps[index].mark == .wrong
            lineIsRight[index] = parentRight || steps[index].mark == .right
        }
        // Children come after their parents, so a backward pass sees every child before its parent.
        for index in steps.indices.reversed() {
            let step = steps[index]
            if lineIsWrong[index] {
                steps[index].outcome = .wrong
            } else if step.children.isEmpty {
                steps[index].outcome = lineIsRight[index] || !treeHasRightMarks ? .right : .wrong
            } else {
                let own = step.children.filter { steps[$0].move?.stone == player }
                let isRight = own.isEmpty
                    ? step.children.allSatisfy { steps[$0].outcome == .right }
                    : own.contains { steps[$0].outcome == .right }
                steps[index].outcome = isRight ? .right : .wrong
            }
        }
    }

    /// Sets the reply of every step where the opponent moves next.
    private static func chooseReplies(_ steps: inout [Step], player: Stone, game: GameTree) {
        for index in steps.indices {
            let replies = steps[index].children.filter { child in
                steps[child].move.map { $0.stone != player } ?? false
            }
            guard !replies.isEmpty, !steps[index].children.contains(where: { steps[$0].move?.stone == player }) else { continue }
            let matching = replies.filter { steps[$0].outcome == steps[index].outcome }
            let candidates = matching.isEmpty ? replies : matching
            let tesuji = candidates.first { child in
                if case .tesuji? = game[steps[child].node].moveAnnotation { return true }
                return false
            }
            steps[index].reply = tesuji ?? candidates.first
        }
    }
}
