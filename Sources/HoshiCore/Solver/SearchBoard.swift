/// The position a life-and-death search plays on: `Board`'s cells and rules (captures, suicide, the
/// Zobrist hash), played and taken back in place, with the side to move, the simple ko ban and the passes
/// that `Board` leaves to its callers.
///
/// Why not `Board` values: a search plays and takes back millions of moves; copying a board for each
/// costs more than the move. This class keeps one set of cells and a journal of edits (`Board.play` and
/// `Board.undo` on a buffer, as replay does).
///
/// Its changing state is `@exclusivity(unchecked)`: one search owns its board on one thread, and no access
/// to a property overlaps another to the same one. The run-time checks a class's stored `var`s get
/// otherwise cost a fifth of the solver's time (20 unproven elementary textbook problems at 100,000 nodes,
/// alternating runs: 22.6 and 24.1 s with them, 17.8 and 15.7 s without, with the same answers and nodes
/// on all 169 problems of the lab).
final class SearchBoard {
    let size: BoardSize
    let stride: Int
    let cells: UnsafeMutableBufferPointer<UInt8>
    @exclusivity(unchecked) private(set) var hash: UInt64
    @exclusivity(unchecked) private(set) var toMove: Stone
    /// The cell the side to move may not play because it would retake a ko at once; -1 when none.
    @exclusivity(unchecked) private(set) var koCell = -1
    /// Consecutive passes just played.
    @exclusivity(unchecked) private(set) var passes = 0
    /// The kos each side may still retake at once (each retake spends a threat the other side answers).
    @exclusivity(unchecked) private(set) var koThreats: KoThreats

    @exclusivity(unchecked) private var edits = ScratchBuffer<BoardEdit>(capacity: 1024)
    /// Visit marks for the flood fills (`block(at:)`, `libertyCount(at:)`): a cell is visited in the
    /// current fill when its mark equals `markStamp`, so a fill clears nothing and allocates no set.
    /// Measured on Gokyo Shumyo 1-1 (release): hashing into a `Set` took a fifth of the solver's time.
    private let marks: UnsafeMutableBufferPointer<UInt32>
    @exclusivity(unchecked) private var markStamp: UInt32 = 0
    @exclusivity(unchecked) private var removed = ScratchBuffer<Int>(capacity: 256)
    /// The pending cells of the fills that build no list (`markBlock(at:)`, `libertyCount(at:limit:)`).
    @exclusivity(unchecked) private var floodStack = ScratchBuffer<Int>(capacity: 64)
    @exclusivity(unchecked) private var undoRecords: [UndoRecord] = []
    /// Benson's test with its working storage (allocated on the first test): the search tests this
    /// board's positions at most nodes.
    @exclusivity(unchecked) var unconditionalLife = UnconditionalLife()

    private struct UndoRecord {
        var editsStart: Int
        var koCell: Int
        var passes: Int
        var koThreats: KoThreats
    }

    /// `koMaster` retakes every ko at once (it is assumed to have a threat the other side answers); the
    /// other side never does.
    convenience init(board: Board, toMove: Stone, koMaster: Stone?) {
        self.init(board: board, toMove: toMove, koThreats: .master(koMaster))
    }

    init(board: Board, toMove: Stone, koThreats: KoThreats) {
        size = board.size
        stride = board.stride
        cells = .allocate(capacity: board.cells.count)
        _ = cells.initialize(from: board.cells)
        hash = board.hash
        self.toMove = toMove
        self.koThreats = koThreats
        marks = .allocate(capacity: board.cells.count)
        marks.initialize(repeating: 0)
    }

    /// A board at `other`'s position (stones, side to move, ko ban and passes), without its history: it
    /// can take back only the moves played on it.
    init(copying other: SearchBoard) {
        size = other.size
        stride = other.stride
        cells = .allocate(capacity: other.cells.count)
        _ = cells.initialize(from: other.cells)
        hash = other.hash
        toMove = other.toMove
        koCell = other.koCell
        passes = other.passes
        koThreats = other.koThreats
        marks = .allocate(capacity: other.cells.count)
        marks.initialize(repeating: 0)
    }

    deinit {
        cells.deallocate()
        marks.deallocate()
    }

    /// Starts a fill: a stamp no cell carries yet.
    private func nextStamp() -> UInt32 {
        if markStamp == UInt32.max {
            marks.update(repeating: 0)
            markStamp = 0
        }
        markStamp += 1
        return markStamp
    }

    /// The key of the position for the transposition table: stones, side to move, ko ban, passes and the
    /// ko threats left.
    var key: UInt64 {
        var key = hash ^ koThreats.key
        if toMove == .white { key ^= 0x5851_F42D_4C95_7F2D }
        if koCell >= 0 { key ^= Zobrist.key(index: koCell, stone: .black) &* 0x2545_F491_4F6C_DD1D }
        if passes > 0 { key ^= 0x1405_7B7E_F767_814F &* UInt64(passes) }
        return key
    }

    func index(of point: Point) -> Int { (point.row + 1) * stride + point.column + 1 }
    func point(ofIndex index: Int) -> Point { Board.point(ofIndex: index, stride: stride) }

    /// Plays the side to move's stone on `cell`, or passes when `cell` is nil. False, with nothing changed,
    /// when the move is illegal: an occupied point, suicide, or retaking a ko at once without a ko threat
    /// left (`koThreats`).
    func play(_ cell: Int?) -> Bool {
        let record = UndoRecord(editsStart: edits.count, koCell: koCell, passes: passes, koThreats: koThreats)
        guard let cell else {
            undoRecords.append(record)
            koCell = -1
            passes += 1
            toMove = toMove.opponent
            return true
        }
        let retakesKo = cell == koCell
        guard cells[cell] == Board.empty, !retakesKo || koThreats.allowsRetake(by: toMove) else { return false }
        let removedStart = removed.count
        var hash = self.hash
        let outcome = Board.play(toMove, at: cell, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        if outcome.isSuicide {
            Board.undo(&edits, downTo: record.editsStart, in: cells, hash: &hash)
            removed.truncate(to: removedStart)
            return false
        }
        self.hash = hash
        if retakesKo, let threats = koThreats[toMove] { koThreats[toMove] = threats - 1 }
        koCell = -1
        if outcome.captured == 1 {
            let captured = removed[removedStart]
            if isLoneStoneWithOneLiberty(cell, liberty: captured) { koCell = captured }
        }
        removed.truncate(to: removedStart)
        undoRecords.append(record)
        passes = 0
        toMove = toMove.opponent
        return true
    }

    /// Takes back the last move or pass.
    func undo() {
        let record = undoRecords.removeLast()
        var hash = self.hash
        Board.undo(&edits, downTo: record.editsStart, in: cells, hash: &hash)
        self.hash = hash
        koCell = record.koCell
        passes = record.passes
        koThreats = record.koThreats
        toMove = toMove.opponent
    }

    /// Whether the stone on `cell` has no friendly neighbour and its only liberty is `liberty`: the shape
    /// of a ko capture.
    private func isLoneStoneWithOneLiberty(_ cell: Int, liberty: Int) -> Bool {
        let own = cells[cell]
        for neighbour in [cell - 1, cell + 1, cell - stride, cell + stride] {
            let value = cells[neighbour]
            if value == own { return false }
            if value == Board.empty && neighbour != liberty { return false }
        }
        return true
    }

    // MARK: - Reading the position

    /// The cells of the block on `cell` and its liberties.
    func block(at cell: Int) -> (stones: [Int], liberties: [Int]) {
        let colour = cells[cell]
        guard colour == Stone.black.rawValue || colour == Stone.white.rawValue else { return ([], []) }
        let stamp = nextStamp()
        // Room for a problem's usual group at once: growing the lists a point at a time reallocated them
        // several times at most nodes.
        var stones: [Int] = []
        stones.reserveCapacity(Self.usualBlockCapacity)
        stones.append(cell)
        var liberties: [Int] = []
        liberties.reserveCapacity(Self.usualBlockCapacity)
        marks[cell] = stamp
        var cursor = 0
        while cursor < stones.count {
            let current = stones[cursor]
            cursor += 1
            for neighbour in neighbours(of: current) where marks[neighbour] != stamp {
                marks[neighbour] = stamp
                let value = cells[neighbour]
                if value == colour { stones.append(neighbour) } else if value == Board.empty { liberties.append(neighbour) }
            }
        }
        return (stones, liberties)
    }

    /// The room `block(at:)` makes in its lists before it fills them.
    private static let usualBlockCapacity = 24

    /// Marks the stones of the block on `cell` and every point next to them with a stamp no cell carried
    /// before, and returns it: an empty point is a liberty of the block when it carries the stamp
    /// (`isMarked`), until the next fill. Unlike `block(at:)` it builds no list, for the searches that run
    /// at every node.
    func markBlock(at cell: Int) -> UInt32 {
        let colour = cells[cell]
        let stamp = nextStamp()
        marks[cell] = stamp
        floodStack.removeAll()
        floodStack.append(cell)
        while floodStack.count > 0 {
            let current = floodStack.removeLast()
            for neighbour in neighbours(of: current) where marks[neighbour] != stamp {
                marks[neighbour] = stamp
                if cells[neighbour] == colour { floodStack.append(neighbour) }
            }
        }
        return stamp
    }

    /// Whether the last fills marked `cell` with `stamp` (see `markBlock(at:)`).
    func isMarked(_ cell: Int, with stamp: UInt32) -> Bool { marks[cell] == stamp }

    /// The number of liberties of the block on `cell`, counting at most `limit`.
    func libertyCount(at cell: Int, limit: Int = Int.max) -> Int {
        let colour = cells[cell]
        guard colour == Stone.black.rawValue || colour == Stone.white.rawValue else { return 0 }
        let stamp = nextStamp()
        floodStack.removeAll()
        floodStack.append(cell)
        marks[cell] = stamp
        var count = 0
        while floodStack.count > 0 {
            let current = floodStack.removeLast()
            for neighbour in neighbours(of: current) where marks[neighbour] != stamp {
                marks[neighbour] = stamp
                let value = cells[neighbour]
                if value == colour {
                    floodStack.append(neighbour)
                } else if value == Board.empty {
                    count += 1
                    if count >= limit { return count }
                }
            }
        }
        return count
    }

    /// Whether the empty `cell` is an eye of one block of `colour`: every neighbour is that block's stone or
    /// the border. Filling it only takes a liberty from the block (no capture, no connection), so the
    /// search leaves such a move out: passing does as much without the loss.
    func isEyeOfOneBlock(_ cell: Int, of colour: Stone) -> Bool {
        let own = colour.rawValue
        let around = neighbours(of: cell)
        var first = -1
        var others = 0
        for neighbour in around {
            let value = cells[neighbour]
            if value == Board.border { continue }
            guard value == own else { return false }
            if first < 0 { first = neighbour } else { others += 1 }
        }
        guard first >= 0 else { return false }
        if others == 0 { return true }
        // Neighbours next to each other around the cell are one block when the diagonal stone between them
        // is theirs: enough links between the neighbours (one fewer than there are) settle it without a
        // fill, which the eye test of most candidate moves would otherwise pay.
        let left = cell - 1, up = cell - stride, right = cell + 1, down = cell + stride
        var links = 0
        if cells[left] == own && cells[up] == own && cells[up - 1] == own { links += 1 }
        if cells[up] == own && cells[right] == own && cells[up + 1] == own { links += 1 }
        if cells[right] == own && cells[down] == own && cells[down + 1] == own { links += 1 }
        if cells[down] == own && cells[left] == own && cells[down - 1] == own { links += 1 }
        if links >= others { return true }
        // Otherwise one block only if a fill from the first reaches them all.
        let stamp = markBlock(at: first)
        for neighbour in around where cells[neighbour] == own {
            if marks[neighbour] != stamp { return false }
        }
        return true
    }

    /// The four neighbours of a cell (some may be border), as a `CellQuad` rather than an array, which the
    /// search would allocate at every call.
    @inline(__always)
    func neighbours(of cell: Int) -> CellQuad { CellQuad(cell - 1, cell + 1, cell - stride, cell + stride) }

    /// A `Board` value of the current position, for writing trees.
    var board: Board {
        var board = Board(size: size)
        for index in 0..<cells.count where cells[index] == Stone.black.rawValue || cells[index] == Stone.white.rawValue {
            board.set(Stone(rawValue: cells[index]), at: point(ofIndex: index))
        }
        return board
    }
}
