/// A game as an engine (or the GTP layer) keeps it: the position, its history for positional superko, and
/// the moves for undo.
///
/// Rules: area scoring, positional superko (a move may not recreate any earlier arrangement of stones,
/// whoever is to move), suicide illegal. Either colour may move at any time, as GTP allows.
public struct EngineGame {
    /// Why a move was refused.
    public enum MoveError: Error, Equatable {
        case offBoard, occupied, suicide, ko, superko
    }

    public let size: Int
    public var komi: Double
    /// Which game of a session this is (`GTPEngine` counts `boardsize` and `clear_board`). Engines mix it
    /// into their random seeds, so the games of a match differ while each one still reproduces.
    public var serial = 0
    /// Stones placed before the first move (handicap, `loadsgf` setup).
    public private(set) var setup: [PlacedStone] = []
    public private(set) var moves: [Move] = []
    private var board: PlayoutBoard
    /// Hashes of every position so far, the current one included.
    public private(set) var history: Set<UInt64> = [0]

    /// An empty board of `size` (2...25).
    public init(size: Int, komi: Double) {
        self.size = size
        self.komi = komi
        board = PlayoutBoard(size: size)
    }

    /// The colour to move: the opponent of the last move, black at the start, white after handicap.
    public var toMove: Stone { board.toMove }

    public var boardSize: BoardSize { BoardSize(columns: size, rows: size) ?? .standard }

    /// The stone on a point (nil for empty or off the board).
    public subscript(point: Point) -> Stone? {
        guard boardSize.contains(point) else { return nil }
        return board.stone(at: board.index(of: point))
    }

    /// Whether the board has no stone.
    public var isEmpty: Bool { board.emptyCount == size * size }

    /// The Zobrist hash of the stones (as `Board.hash`).
    public var hash: UInt64 { board.hash }

    /// The position as a `Board` (for scoring and diagrams).
    public var position: Board {
        var result = Board(size: boardSize)
        for point in boardSize.points { if let stone = self[point] { result.set(stone, at: point) } }
        return result
    }

    /// Whether the last move was a pass.
    public var lastMoveWasPass: Bool { moves.last?.isPass ?? false }

    /// Checks a move against the rules without playing it.
    public func check(_ move: Move) -> MoveError? {
        guard let point = move.point else { return nil }
        guard boardSize.contains(point) else { return .offBoard }
        let index = board.index(of: point)
        if board.colour[index] != PlayoutBoard.empty { return .occupied }
        if !board.isLegal(index, move.stone) {
            return board.koPoint == index && board.koColour == move.stone.rawValue ? .ko : .suicide
        }
        let after = board.copy()
        after.play(index, move.stone)
        return history.contains(after.hash) ? .superko : nil
    }

    /// Plays a move after checking it.
    public mutating func play(_ move: Move) throws(MoveError) {
        if let error = check(move) { throw error }
        uniqueBoard()
        board.play(move.point.map { board.index(of: $0) } ?? PlayoutBoard.pass, move.stone)
        moves.append(move)
        history.insert(board.hash)
    }

    /// Takes back the last move; false when there is none.
    public mutating func undo() -> Bool {
        guard !moves.isEmpty else { return false }
        let kept = Array(moves.dropLast())
        rebuild(setup: setup, moves: kept)
        return true
    }

    /// Places setup stones (handicap) on an empty board, white to move if they are black.
    public mutating func placeSetup(_ stones: [PlacedStone], toMove: Stone) {
        rebuild(setup: setup + stones, moves: moves)
        uniqueBoard()
        board.setToMove(toMove)
    }

    /// Makes `stone` the colour to move (GTP's `genmove` names the colour).
    public mutating func setToMove(_ stone: Stone) {
        guard board.toMove != stone else { return }
        uniqueBoard()
        board.setToMove(stone)
    }

    /// A copy of the position on a playout board for the engine (callers may play on it). After two passes
    /// the copy counts none: the engine is asked for dead stones (`final_status_list`) or for moves (the
    /// cleanup) exactly then, and a board the passes had ended would neither play out nor grow a tree.
    /// One pass stays: a pass answering it still ends the game in the search.
    func playoutBoard() -> PlayoutBoard {
        let copy = board.copy()
        if copy.passes >= 2 { copy.forgetPasses() }
        return copy
    }

    /// Replays setup and moves from an empty board (setup stones are played as moves of their colour and
    /// then the move counters start again, so a setup that captures is resolved the way replay does).
    private mutating func rebuild(setup newSetup: [PlacedStone], moves newMoves: [Move]) {
        let fresh = PlayoutBoard(size: size)
        var hashes: Set<UInt64> = [0]
        var placed: [PlacedStone] = []
        for stone in newSetup {
            let index = fresh.index(of: stone.point)
            guard boardSize.contains(stone.point), fresh.isLegal(index, stone.stone) else { continue }
            fresh.play(index, stone.stone)
            placed.append(stone)
        }
        hashes.insert(fresh.hash)
        fresh.startAfterSetup(toMove: placed.last?.stone.opponent ?? .black)
        var played: [Move] = []
        for move in newMoves {
            let index = move.point.map { fresh.index(of: $0) } ?? PlayoutBoard.pass
            if index != PlayoutBoard.pass && !fresh.isLegal(index, move.stone) { continue }
            fresh.play(index, move.stone)
            hashes.insert(fresh.hash)
            played.append(move)
        }
        board = fresh
        setup = placed
        moves = played
        history = hashes
    }

    private mutating func uniqueBoard() {
        if !isKnownUniquelyReferenced(&board) { board = board.copy() }
    }
}
