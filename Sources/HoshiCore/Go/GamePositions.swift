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
    /// Stones added and removed, each node owning two contiguous runs.
    private var stoneChanges: [PlacedStone]
    /// Rule findings, in tree order.
    public private(set) var diagnostics: [Diagnostic] = []

    struct Record: Sendable {
        var addedStart: Int32 = 0
        var addedCount: Int32 = 0
        var removedStart: Int32 = 0
        var removedCount: Int32 = 0
        var captures: Int32 = 0
        var capturedByBlack: Int32 = 0
        var capturedByWhite: Int32 = 0
        var moveNumber: Int32 = 0
        var hash: UInt64 = 0
        var move: Move?
    }

    /// Replays every node of `game`.
    public init(game: GameTree) {
        size = game.boardSize
        records = Array(repeating: Record(), count: game.nodes.count)
        stoneChanges = []
        stoneChanges.reserveCapacity(game.nodes.count * 2)
        replay(game)
    }

    // MARK: - Reading

    /// What changed at a node.
    public func change(at id: Node.ID) -> PositionChange {
        let record = records[id]
        return PositionChange(
            move: record.move,
            added: Array(stoneChanges[Int(record.addedStart)..<Int(record.addedStart + record.addedCount)]),
            removed: Array(stoneChanges[Int(record.removedStart)..<Int(record.removedStart + record.removedCount)]),
            captures: Int(record.captures),
            capturedByBlack: Int(record.capturedByBlack),
            capturedByWhite: Int(record.capturedByWhite),
            moveNumber: Int(record.moveNumber),
            hash: record.hash)
    }

    /// The Zobrist hash of the position at a node.
    public func hash(at id: Node.ID) -> UInt64 { records[id].hash }

    /// The full board at a node, rebuilt from the root (cost grows with the node's depth).
    public func board(at id: Node.ID, in game: GameTree) -> Board {
        var board = Board(size: size)
        var edits = ScratchBuffer<BoardEdit>()
        for node in game.path(to: id) {
            let record = records[node]
            for stone in stoneChanges[Int(record.removedStart)..<Int(record.removedStart + record.removedCount)] {
                board.set(nil, at: stone.point, edits: &edits)
            }
            for stone in stoneChanges[Int(record.addedStart)..<Int(record.addedStart + record.addedCount)] {
                board.set(stone.stone, at: stone.point, edits: &edits)
            }
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

    // MARK: - Replay

    /// The replay's working state: one board, the journal of edits on the current path, and the hashes of
    /// the positions on the path (for ko and superko).
    struct ReplayState: ~Copyable {
        var board: Board
        var journal: ScratchBuffer<BoardEdit>
        var hashPath: ScratchBuffer<UInt64>
        /// Positions on the path per hash bucket: a zero means "certainly not on the path" without a
        /// search, which is nearly always the answer; otherwise `hashPath` is searched.
        var bucketCounts: ScratchBuffer<UInt16>
        /// `bucketCounts.count - 1`. The count is a power of two, at least 16 per node up to 8192: sparse
        /// enough that a search is rare even on a long line, and no 16 KB table for a five-node problem.
        let bucketMask: UInt64
        /// Stones a node removed, listed before they are appended after the stones it added (reused).
        var removedStones: [PlacedStone] = []
        /// Cells emptied by the current move (reused, so that moves allocate nothing).
        var removed = ScratchBuffer<Int>()

        init(board: Board, nodeCount: Int) {
            self.board = board
            // About one edit and one hash per node: reserved so that a long game does not grow them.
            journal = ScratchBuffer(capacity: nodeCount + 16)
            hashPath = ScratchBuffer(capacity: nodeCount)
            var bucketCount = 64
            while bucketCount < 16 * nodeCount && bucketCount < 8192 { bucketCount *= 2 }
            bucketCounts = ScratchBuffer(repeating: 0, count: bucketCount)
            bucketMask = UInt64(bucketCount - 1)
        }

        /// Inlined, as is `push`: once per move, where the call cost more than the usual answer.
        @inline(__always)
        func isOnPath(_ hash: UInt64) -> Bool {
            bucketCounts[Int(hash & bucketMask)] != 0 && hashPath.contains(hash)
        }

        @inline(__always)
        mutating func push(_ hash: UInt64) {
            hashPath.append(hash)
            bucketCounts[Int(hash & bucketMask)] &+= 1
        }

        /// Forgets the positions after the first `count` of the path.
        mutating func pop(downTo count: Int) {
            while hashPath.count > count {
                let hash = hashPath.removeLast()
                bucketCounts[Int(hash & bucketMask)] &-= 1
            }
        }
    }

    private struct Frame {
        var id: Int
        /// The child to enter next, -1 when none is left.
        var nextChild: Int32
        /// The journal's length with the board at this node.
        var journalEnd: Int
    }

    /// Depth-first over the tree with one board. Before entering a node's next child, the edits made
    /// since the node (by the previous child's line) are undone, so a branch costs nothing extra; nothing
    /// is undone after the last line, so a game without variations is never undone at all.
    ///
    /// What each node needs (its move, setup, `MN`, `KO`) is read first in one pass over the nodes, and
    /// the tree is walked through the node list's links (plain integers): the loop builds a `Node` (which
    /// retains and releases its references) only for diagnostics.
    private mutating func replay(_ game: GameTree) {
        let facts = game.replayFacts(on: size)
        let links = game.nodes.entries
        var state = ReplayState(board: Board(size: size), nodeCount: game.nodes.count)
        // A game without variations nests one frame per node; reserved so that the stack never grows.
        var frames = ScratchBuffer<Frame>(capacity: game.nodes.count)
        enter(game.rootID, parent: nil, facts: facts[game.rootID], links: links, game: game, state: &state, frames: &frames)
        while let top = frames.last {
            guard top.nextChild >= 0 else {
                frames.removeLast()
                continue
            }
            let child = Int(top.nextChild)
            frames[frames.count - 1].nextChild = links[child].nextSibling
            // The path holds one hash per node the board has entered: more than the frames means a
            // deeper line was replayed since `top`.
            if state.hashPath.count > frames.count {
                state.board.undo(&state.journal, downTo: top.journalEnd)
                state.pop(downTo: frames.count)
                state.board.setPrisoners(black: Int(records[top.id].capturedByBlack), white: Int(records[top.id].capturedByWhite))
            }
            enter(child, parent: top.id, facts: facts[child], links: links, game: game, state: &state, frames: &frames)
        }
    }

    /// Applies a node (setup, then move) to the board and records what changed.
    private mutating func enter(_ id: Node.ID, parent: Node.ID?, facts: Node.ReplayFacts, links: [NodeList.Entry], game: GameTree,
                                state: inout ReplayState, frames: inout ScratchBuffer<Frame>) {
        let journalStart = state.journal.count
        var record = Record()
        record.moveNumber = parent.map { records[$0].moveNumber } ?? 0
        if facts.hasSetup {
            game.forEachSetupStone(of: id, on: size) { point, stone in state.board.set(stone, at: point, edits: &state.journal) }
        }
        if let move = facts.move {
            record.move = move
            record.moveNumber += 1
            state.removed.removeAll()
            let result = state.board.play(move, edits: &state.journal, removed: &state.removed)
            record.captures = Int32(result.captured)
            if !facts.forcesMove && move.point != nil {
                let hash = state.board.hash
                let repeats = !result.isSuicide && state.isOnPath(hash)
                let retakesKo = repeats && state.hashPath.count >= 2 && state.hashPath[state.hashPath.count - 2] == hash
                if result.wasOccupied || result.isSuicide || repeats {
                    report(move, result, repeats: repeats, retakesKo: retakesKo, id: id, game: game)
                }
            }
        }
        if let number = facts.moveNumber { record.moveNumber = Int32(clamping: number) }
        record.hash = state.board.hash
        record.capturedByBlack = Int32(state.board.capturedByBlack)
        record.capturedByWhite = Int32(state.board.capturedByWhite)
        state.recordChanges(since: journalStart, move: facts.move, into: &record, stoneChanges: &stoneChanges)
        records[id] = record
        state.push(record.hash)
        frames.append(Frame(id: id, nextChild: links[id].firstChild, journalEnd: state.journal.count))
    }

    /// Reports what a move did that the rules forbid. Only called when there is something to say, so the
    /// location (which needs the file's line table) costs nothing for clean records.
    private mutating func report(_ move: Move, _ result: MoveOutcome, repeats: Bool, retakesKo: Bool, id: Node.ID, game: GameTree) {
        let node = game.nodes[id]
        let location = game.location(ofOffset: node.property(move.stone.sgfLetter)?.sourceOffset ?? node.sourceOffset)
        if result.wasOccupied {
            diagnostics.append(.warning("\(move) is played on an occupied point; the stone there is replaced", at: location))
        }
        if result.isSuicide {
            diagnostics.append(.warning("\(move) is suicide (\(result.suicided) stone(s) removed); replayed as recorded", at: location))
        }
        if retakesKo {
            diagnostics.append(.warning("\(move) retakes a ko immediately; replayed as recorded", at: location))
        } else if repeats {
            diagnostics.append(.warning("\(move) repeats an earlier position (positional superko); replayed as recorded", at: location))
        }
    }
}

extension GamePositions.ReplayState {
    /// Turns the journal since `start` (one node's edits) into stones added and removed; a point edited
    /// twice (placed then captured, replaced) counts once, by its state before and after the node.
    mutating func recordChanges(since start: Int, move: Move?, into record: inout GamePositions.Record,
                                stoneChanges: inout [PlacedStone]) {
        let end = journal.count
        record.addedStart = Int32(stoneChanges.count)
        record.removedStart = record.addedStart
        // A node without a move or setup, or a pass, changes nothing.
        guard end > start else { return }
        // The usual node, a move that captures nothing, changes one cell from empty. That cell is the
        // move's point, known without the two divisions of `point(ofIndex:)`.
        if end == start + 1, journal[start].old == Board.empty, let stone = Stone(rawValue: board.cells[Int(journal[start].index)]) {
            let index = Int(journal[start].index)
            let movePoint = move?.point.flatMap { board.index(of: $0) == index ? $0 : nil }
            stoneChanges.append(PlacedStone(point: movePoint ?? board.point(ofIndex: index), stone: stone))
            record.addedCount = 1
            record.removedStart = Int32(stoneChanges.count)
            return
        }
        // Captures, setup, replaced stones: each cell counts by its first edit, in journal order. The
        // cell's visited bit (see `Board`) marks cells already listed, so this is linear in the edits
        // even for a setup node with hundreds of stones.
        removedStones.removeAll(keepingCapacity: true)
        for position in start..<end {
            let edit = journal[position]
            let index = Int(edit.index)
            let now = board.cells[index]
            guard now & Board.visited == 0 else { continue }
            board.cells[index] = now | Board.visited
            guard now != edit.old else { continue }
            if let stone = Stone(rawValue: now) { stoneChanges.append(PlacedStone(point: board.point(ofIndex: index), stone: stone)) }
            if let stone = Stone(rawValue: edit.old) { removedStones.append(PlacedStone(point: board.point(ofIndex: index), stone: stone)) }
        }
        for position in start..<end { board.cells[Int(journal[position].index)] &= ~Board.visited }
        record.addedCount = Int32(stoneChanges.count) - record.addedStart
        record.removedStart = Int32(stoneChanges.count)
        record.removedCount = Int32(removedStones.count)
        stoneChanges.append(contentsOf: removedStones)
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
