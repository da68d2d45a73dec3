/// Which positions of a game get hints, and the question (`HintKey`) each one asks: the pure part of hint
/// computation, shared by the site build, `hoshi hints` and `hoshi cache prune`.
public struct GameHintPlan: Sendable {
    /// One position to analyse.
    public struct Request: Sendable {
        public var node: Node.ID
        public var position: HintPosition
        public var key: HintKey
        /// Moves played from the start to this node (0 at the start), as diagnostics name the position.
        public var moveNumber: Int

        public init(node: Node.ID, position: HintPosition, key: HintKey, moveNumber: Int) {
            self.node = node
            self.position = position
            self.key = key
            self.moveNumber = moveNumber
        }
    }

    public let komi: Double
    public let requests: [Request]
    /// Why the game gets no hints (a board the engine cannot play), nil when it gets them.
    public let unsupportedReason: String?

    /// Plans `game`'s hints. Komi is the game's `KM`, or 7.5 (0.5 with a handicap) when the record has none.
    public init(game: GameTree, positions: GamePositions, settings: HintSettings) {
        let info = game.gameInfo
        komi = info.komi ?? ((info.handicap ?? 0) > 1 ? 0.5 : 7.5)
        let size = game.boardSize
        if case .builtin = settings.engine, !(size.isSquare && (2...25).contains(size.columns)) {
            unsupportedReason = "the built-in engine analyses square boards of 2 to 25 lines, not \(size)"
            requests = []
            return
        }
        unsupportedReason = nil
        let identity = settings.identity
        let identityWithKo = settings.identityWithKo
        let rules = info.rules ?? ""
        let nodes = settings.nodes == .mainLine ? game.mainLine : Array(0..<game.nodes.count)
        var toMove: [Node.ID: Stone] = [:]
        var moveNumbers: [Node.ID: Int] = [:]
        var requests: [Request] = []
        for id in nodes {
            let change = positions.change(at: id)
            let node = game[id]
            let parentStone = node.parent.flatMap { toMove[$0] }
            let stone = node.playerToMove ?? change.move?.stone.opponent ?? parentStone
                ?? Self.firstPlayer(after: change, handicap: info.handicap)
            toMove[id] = stone
            let moveNumber = (node.parent.flatMap { moveNumbers[$0] } ?? 0) + (change.move == nil ? 0 : 1)
            moveNumbers[id] = moveNumber
            let captured = change.removed.filter { $0.stone != change.move?.stone }.map(\.point)
            let board = positions.board(at: id, in: game)
            let position = HintPosition(board: board, toMove: stone, lastMove: change.move, captured: captured)
            requests.append(Request(node: id, position: position,
                                    key: HintKey(position: position, komi: komi, rules: rules,
                                                 settingsIdentity: position.koPoint == nil ? identity : identityWithKo),
                                    moveNumber: moveNumber))
        }
        self.requests = requests
    }

    /// White moves first after black handicap stones, black otherwise.
    private static func firstPlayer(after change: PositionChange, handicap: Int?) -> Stone {
        let onlyBlackAdded = !change.added.isEmpty && change.added.allSatisfy { $0.stone == .black }
        return onlyBlackAdded && (handicap ?? 0) > 1 ? .white : .black
    }
}
