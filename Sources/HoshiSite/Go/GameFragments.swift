import HoshiCore

/// The URL fragment of every node of a game, shared by the page's anchors, the search index and the
/// viewer script: `move-N` for the node where main-line move N is played, `move-0` for the start (the last
/// main-line node before the first move), `node-K` for any other node (K is its index in file order).
struct GameFragments {
    /// Main-line nodes that have a `move-N` fragment.
    private var mainLineNumbers: [Node.ID: Int] = [:]
    private var mainLineSet: Set<Node.ID> = []
    /// The main line's nodes in order.
    let mainLine: [Node.ID]
    /// The last main-line node before the first move.
    private(set) var start: Node.ID = 0
    /// For each main-line move (index 0 is move 1), the node that plays it.
    private(set) var moveNodes: [Node.ID] = []

    init(game: GameTree, positions: GamePositions) {
        mainLine = game.mainLine
        mainLineSet = Set(mainLine)
        var start = game.rootID
        for id in mainLine {
            guard positions.change(at: id).move != nil else {
                if moveNodes.isEmpty { start = id }
                continue
            }
            moveNodes.append(id)
            mainLineNumbers[id] = moveNodes.count
        }
        // A root with a move is both the start and move 1; it is named by its move.
        if mainLineNumbers[start] == nil { mainLineNumbers[start] = 0 }
        self.start = start
    }

    /// The node `#move-N` opens (0: the start).
    func mainLineMoveNode(_ number: Int) -> Node.ID {
        number == 0 ? start : moveNodes[number - 1]
    }

    /// Main-line moves, passes included.
    var moveCount: Int { moveNodes.count }

    /// The main-line move number of a node with a `move-N` fragment.
    func mainLineMove(of id: Node.ID) -> Int? { mainLineNumbers[id] }

    func mainLine(contains id: Node.ID) -> Bool { mainLineSet.contains(id) }

    /// Every fragment the viewer opens, for the link check: each node's, and `move-0` even where the root's
    /// own is `move-1`.
    var allFragments: Set<String> {
        var fragments = Set(mainLineNumbers.values.map { "move-\($0)" })
        fragments.insert("move-0")
        return fragments
    }

    func fragment(of id: Node.ID) -> String {
        mainLineNumbers[id].map { "move-\($0)" } ?? "node-\(id)"
    }
}
