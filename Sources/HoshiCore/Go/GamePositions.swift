/// The position at every node of a game tree (not just the main line), computed once, incrementally:
/// a node's position is its parent's position plus the node's setup (`AB`, `AW`, `AE`) and then its move.
///
/// For each node it keeps what changed (stones added and removed, captures, hash, prisoners) rather than
/// a whole board, so memory grows with the moves, not with moves x board area; `board(at:)` rebuilds a full
/// board by replaying the changes from the root. Game pages embed the changes directly.
///
/// Rules are applied as facts, never refused (see `Board`): suicide, moves on occupied points, immediate
/// ko recaptures and repeated positions (positional superko) are replayed and reported as warnings, unless
/// the node has `KO[]` (which asks for the move to be played even if illegal).
public struct GamePositions: Sendable {
    public let size: BoardSize
    /// Per node, indexed by `Node.ID`.
    private var records: [Record]
    /// Stones added and removed, each node owning a contiguous run: its added stones, then its removed ones.
    private var stoneChanges: [CellStone]
    /// Rule findings, in tree order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// What a node changed, in 40 bytes: games have a record per node, and replay writes every one.
    struct Record: Sendable {
        /// The node's first stone change; `addedCount` stones added, then `removedCount` removed.
        var changesStart: Int32 = 0
        var addedCount: Int32 = 0
        var removedCount: Int32 = 0
        var captures: Int32 = 0
        var capturedByBlack: Int32 = 0
        var capturedByWhite: Int32 = 0
        var moveNumber: Int32 = 0
        var move = PackedMove.none
        var hash: UInt64 = 0
    }

    /// Replays every node of `game` (see `GameReplay`).
    public init(game: GameTree) {
        let size = game.boardSize
        var stoneChanges: [CellStone] = []
        var diagnostics: [Diagnostic] = []
        // The replay writes the records in place, so they are never copied.
        let nodeCount = game.nodes.count
        records = Array(unsafeUninitializedCapacity: nodeCount) { buffer, initializedCount in
            let records = UnsafeMutableBufferPointer(rebasing: buffer[0..<nodeCount])
            records.initialize(repeating: Record())
            initializedCount = nodeCount
            var replay = GameReplay(game: game, size: size, records: records)
            replay.run()
            stoneChanges = replay.stoneChanges.array
            diagnostics = replay.diagnostics
        }
        self.size = size
        self.stoneChanges = stoneChanges
        self.diagnostics = diagnostics
    }

    // MARK: - Reading

    /// What changed at a node.
    public func change(at id: Node.ID) -> PositionChange {
        let record = records[id]
        let added = Int(record.changesStart)..<Int(record.changesStart + record.addedCount)
        let removed = added.upperBound..<added.upperBound + Int(record.removedCount)
        return PositionChange(
            move: record.move.move,
            added: added.map { placedStone(stoneChanges[$0]) },
            removed: removed.map { placedStone(stoneChanges[$0]) },
            captures: Int(record.captures),
            capturedByBlack: Int(record.capturedByBlack),
            capturedByWhite: Int(record.capturedByWhite),
            moveNumber: Int(record.moveNumber),
            hash: record.hash)
    }

    private func placedStone(_ change: CellStone) -> PlacedStone {
        PlacedStone(point: Board.point(ofIndex: change.cell, stride: Board.stride(for: size)), stone: change.stone)
    }

    /// The move played at a node, nil for none: what `change(at:).move` is, without the node's stone changes
    /// (`change(at:)` makes two arrays, and a game page with hints asks for every main-line move more than once).
    public func move(at id: Node.ID) -> Move? { records[id].move.move }

    /// The Zobrist hash of the position at a node.
    public func hash(at id: Node.ID) -> UInt64 { records[id].hash }

    /// How many main-line nodes have a move (passes included): `game.mainLineMoves.count`, counted from
    /// the replay's records instead of reading every move again (`hoshi sgf check` prints it per game).
    public func mainLineMoveCount(in game: GameTree) -> Int {
        var count = 0
        var id: Node.ID? = game.rootID
        while let node = id {
            if records[node].move.move != nil { count += 1 }
            id = game.nodes.firstChild(of: node)
        }
        return count
    }

    /// The full board at a node, rebuilt from the root (cost grows with the node's depth).
    public func board(at id: Node.ID, in game: GameTree) -> Board {
        var board = Board(size: size)
        var edits = ScratchBuffer<BoardEdit>()
        for node in game.path(to: id) {
            let record = records[node]
            let added = Int(record.changesStart)..<Int(record.changesStart + record.addedCount)
            for change in stoneChanges[added.upperBound..<added.upperBound + Int(record.removedCount)] {
                board.setCell(change.cell, to: Board.empty, edits: &edits)
            }
            for change in stoneChanges[added] { board.setCell(change.cell, to: change.stone.rawValue, edits: &edits) }
            edits.removeAll()
        }
        let record = records[id]
        board.setPrisoners(black: Int(record.capturedByBlack), white: Int(record.capturedByWhite))
        return board
    }

    /// The main-line node after `moves` moves (passes count), or the last main-line node when the line
    /// is shorter; nil for a negative count. 0 is the root (after its setup).
    public static func mainLineNode(afterMoves moves: Int, in game: GameTree) -> Node.ID? {
        guard moves >= 0 else { return nil }
        let size = game.boardSize
        var played = 0
        var last = game.rootID
        for id in game.mainLine {
            if game.nodes[id].move(on: size) != nil {
                if played == moves { return last }
                played += 1
            }
            last = id
        }
        return last
    }
}

/// A stone on a cell of a board (an index in `Board`'s layout), in 32 bits: a replayed game stores one
/// per stone a node adds or removes, and the point is only worked out when a change is read.
struct CellStone: BitwiseCopyable {
    private var bits: UInt32

    init(cell: Int, stone: Stone) {
        bits = UInt32(truncatingIfNeeded: cell) << 2 | UInt32(stone.rawValue)
    }

    var cell: Int { Int(bits >> 2) }
    var stone: Stone { bits & 3 == UInt32(Stone.black.rawValue) ? .black : .white }
}

/// A node's move (or none) in 32 bits, for `GamePositions.Record`.
struct PackedMove: BitwiseCopyable {
    /// -1 for none; else the stone's raw value in bits 0-1, bit 2 for a pass, the column in bits 8-15
    /// and the row in bits 16-23.
    private var bits: Int32

    static let none = PackedMove(bits: -1)

    private init(bits: Int32) { self.bits = bits }

    init(_ move: Move?) {
        guard let move else {
            bits = -1
            return
        }
        guard let point = move.point else {
            bits = Int32(move.stone.rawValue) | 4
            return
        }
        bits = Int32(move.stone.rawValue) | Int32(point.column) << 8 | Int32(point.row) << 16
    }

    var move: Move? {
        guard bits >= 0 else { return nil }
        let stone: Stone = bits & 3 == Int32(Stone.black.rawValue) ? .black : .white
        guard bits & 4 == 0 else { return .pass(stone) }
        return Move(stone, at: Point(column: Int(bits >> 8 & 0xFF), row: Int(bits >> 16 & 0xFF)))
    }
}

/// A stone on a point.
public struct PlacedStone: Hashable, Sendable {
    public var point: Point
    public var stone: Stone

    public init(point: Point, stone: Stone) {
        self.point = point
        self.stone = stone
    }
}

/// What one node did to the position: what game pages embed to step through a game.
public struct PositionChange: Hashable, Sendable {
    /// The node's move, if any (passes included).
    public var move: Move?
    /// Stones that appeared: the move's stone and setup stones.
    public var added: [PlacedStone]
    /// Stones that disappeared: captures, setup `AE`, stones replaced. A point can be in both lists.
    public var removed: [PlacedStone]
    /// Opponent stones the move captured.
    public var captures: Int
    /// Prisoners taken so far by black and by white (on the path from the root).
    public var capturedByBlack: Int
    public var capturedByWhite: Int
    /// Moves played from the root to here, or the node's `MN`.
    public var moveNumber: Int
    /// Zobrist hash of the position after the node.
    public var hash: UInt64
}
