// MARK: - Layout
//
// A board is one flat array of cells with a sentinel border, as in michi: row r of the board (1-based
// inside the array) occupies `cells[r * stride + 1 ... r * stride + columns]`, where `stride = columns + 1`.
// Cell `r * stride` is border and serves as the right edge of row r - 1 and the left edge of row r; rows 0
// and rows + 1 are all border, plus one extra cell so that `index + stride` never leaves the array.
// The four neighbours of cell i are therefore i - 1, i + 1, i - stride and i + stride, with no bounds checks.
//
// Cell codes: 0 empty, 1 black, 2 white (`Stone.rawValue`), 3 border. Bit 0x80 marks cells visited by a
// flood fill (or listed by replay's `recordChanges`) and is always cleared before that returns.

/// A Go position: stones on a board of any size up to 52x52, the prisoners each colour has taken, and a
/// Zobrist hash of the stones.
///
/// A value type: `playing(_:)` returns a new board and `play(_:)` mutates in place for replay loops.
/// `play` follows the records-are-facts policy: it never refuses a move. It captures opponent groups left
/// without liberties, removes the mover's own group if the move was suicide, and replaces a stone on an
/// occupied point; `MoveResult` says which of these happened so callers can warn. It does not check ko:
/// `GamePositions` does that with the hashes.
public struct Board: Hashable, Sendable {
    public let size: BoardSize
    /// Distance between vertically adjacent cells.
    let stride: Int
    var cells: [UInt8]
    /// Zobrist hash of the stones on the board (not of prisoners or the player to move).
    public private(set) var hash: UInt64 = 0
    /// White stones black has captured.
    public private(set) var capturedByBlack = 0
    /// Black stones white has captured.
    public private(set) var capturedByWhite = 0

    static let empty: UInt8 = 0
    static let border: UInt8 = 3
    static let visited: UInt8 = 0x80

    public init(size: BoardSize) {
        self.size = size
        stride = Board.stride(for: size)
        cells = [UInt8](unsafeUninitializedCapacity: Board.cellCount(for: size)) { cells, initializedCount in
            Board.layOut(empty: cells, size: size)
            initializedCount = cells.count
        }
    }

    /// The distance between vertically adjacent cells of a board (see Layout).
    static func stride(for size: BoardSize) -> Int { size.columns + 1 }

    /// The length of a board's cells (see Layout).
    static func cellCount(for size: BoardSize) -> Int { (size.rows + 2) * stride(for: size) + 1 }

    /// Initializes `cells` (`cellCount(for: size)` of them) as an empty board: border, and each row's
    /// points set in one go.
    static func layOut(empty cells: UnsafeMutableBufferPointer<UInt8>, size: BoardSize) {
        cells.initialize(repeating: Board.border)
        let stride = stride(for: size)
        for row in 1...size.rows {
            UnsafeMutableBufferPointer(rebasing: cells[(row * stride + 1)..<(row * stride + stride)]).update(repeating: Board.empty)
        }
    }

    @inline(__always)
    func index(of point: Point) -> Int { (point.row + 1) * stride + point.column + 1 }

    func point(ofIndex index: Int) -> Point {
        Board.point(ofIndex: index, stride: stride)
    }

    static func point(ofIndex index: Int, stride: Int) -> Point {
        Point(column: index % stride - 1, row: index / stride - 1)
    }

    /// The stone on a point, nil when empty or off the board.
    public subscript(point: Point) -> Stone? {
        guard size.contains(point) else { return nil }
        return Stone(rawValue: cells[index(of: point)])
    }

    /// The stones captured by a colour.
    public func prisoners(takenBy stone: Stone) -> Int {
        stone == .black ? capturedByBlack : capturedByWhite
    }

    /// Every stone on the board, top row first.
    public var stones: [(point: Point, stone: Stone)] {
        var result: [(point: Point, stone: Stone)] = []
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let point = Point(column: column, row: row)
                if let stone = Stone(rawValue: cells[index(of: point)]) { result.append((point, stone)) }
            }
        }
        return result
    }

    // MARK: - Changing the board

    /// Puts a stone on a point or empties it (SGF setup `AB`, `AW`, `AE`): no captures, no prisoners.
    /// Points off the board are ignored.
    public mutating func set(_ stone: Stone?, at point: Point) {
        var edits = ScratchBuffer<BoardEdit>(capacity: 1)
        set(stone, at: point, edits: &edits)
    }

    /// Plays a move (see the type's documentation for what is not checked).
    @discardableResult
    public mutating func play(_ move: Move) -> MoveResult {
        var edits = ScratchBuffer<BoardEdit>()
        var removed = ScratchBuffer<Int>()
        let outcome = play(move, edits: &edits, removed: &removed)
        var result = MoveResult()
        result.wasOccupied = outcome.wasOccupied
        let points = (0..<removed.count).map { point(ofIndex: removed[$0]) }
        if outcome.isSuicide {
            result.isSuicide = true
            result.suicided = points
        } else {
            result.captured = points
        }
        return result
    }

    /// The board after a move, and what the move did.
    public func playing(_ move: Move) -> (board: Board, result: MoveResult) {
        var copy = self
        let result = copy.play(move)
        return (copy, result)
    }

    mutating func set(_ stone: Stone?, at point: Point, edits: inout ScratchBuffer<BoardEdit>) {
        guard size.contains(point) else { return }
        setCell(index(of: point), to: stone?.rawValue ?? Board.empty, edits: &edits)
    }

    mutating func setCell(_ index: Int, to value: UInt8, edits: inout ScratchBuffer<BoardEdit>) {
        var hash = self.hash
        cells.withUnsafeMutableBufferPointer { Board.setCell(index, to: value, in: $0, hash: &hash, edits: &edits) }
        self.hash = hash
    }

    /// Plays a move, appending its cell changes to `edits` and the cells it emptied (captured stones, or
    /// the mover's group after a suicide) to `removed`; see `play(_:at:in:stride:hash:edits:removed:)`.
    mutating func play(_ move: Move, edits: inout ScratchBuffer<BoardEdit>, removed: inout ScratchBuffer<Int>) -> MoveOutcome {
        guard let point = move.point, size.contains(point) else { return MoveOutcome() }
        let index = index(of: point)
        let stride = self.stride
        var hash = self.hash
        let outcome = cells.withUnsafeMutableBufferPointer { cells in
            Board.play(move.stone, at: index, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        }
        self.hash = hash
        if move.stone == .black {
            capturedByBlack += outcome.captured
            capturedByWhite += outcome.suicided
        } else {
            capturedByWhite += outcome.captured
            capturedByBlack += outcome.suicided
        }
        return outcome
    }

    /// Plays a stone on the cell `index` of a board's cells (see Layout): the rules of `play(_:)` on a
    /// buffer, for replay, which keeps one board's cells for a whole game. Appends the cell changes to
    /// `edits` and the cells emptied to `removed`; allocates nothing. Prisoners are the caller's to count.
    static func play(_ stone: Stone, at index: Int, in cells: UnsafeMutableBufferPointer<UInt8>, stride: Int,
                     hash: inout UInt64, edits: inout ScratchBuffer<BoardEdit>, removed: inout ScratchBuffer<Int>) -> MoveOutcome {
        var outcome = MoveOutcome()
        let own = stone.rawValue
        let opponent = stone.opponent.rawValue
        let firstRemoved = removed.count
        if cells[index] != Board.empty { outcome.wasOccupied = true }
        setCell(index, to: own, in: cells, hash: &hash, edits: &edits)
        // (No local function for the four neighbours: capturing `hash`, `edits` and `removed` would box
        // them and check exclusive access at run time.)
        // Only opponent neighbours can lose their last liberty, and most of them still touch an empty
        // cell: that check is inlined here, so the call and the flood fill happen only when needed.
        if cells[index - 1] == opponent && !touchesLiberty(index - 1, in: cells, stride: stride) {
            removeGroupIfDead(at: index - 1, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        }
        if cells[index + 1] == opponent && !touchesLiberty(index + 1, in: cells, stride: stride) {
            removeGroupIfDead(at: index + 1, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        }
        if cells[index - stride] == opponent && !touchesLiberty(index - stride, in: cells, stride: stride) {
            removeGroupIfDead(at: index - stride, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        }
        if cells[index + stride] == opponent && !touchesLiberty(index + stride, in: cells, stride: stride) {
            removeGroupIfDead(at: index + stride, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
        }
        outcome.captured = removed.count - firstRemoved
        if outcome.captured == 0 && !touchesLiberty(index, in: cells, stride: stride) {
            removeGroupIfDead(at: index, in: cells, stride: stride, hash: &hash, edits: &edits, removed: &removed)
            outcome.suicided = removed.count - firstRemoved
        }
        return outcome
    }

    /// Sets one cell, keeping the hash and recording the edit (nothing when the value is unchanged).
    @inline(__always)
    static func setCell(_ index: Int, to value: UInt8, in cells: UnsafeMutableBufferPointer<UInt8>,
                                hash: inout UInt64, edits: inout ScratchBuffer<BoardEdit>) {
        let old = cells[index]
        guard old != value else { return }
        edits.append(BoardEdit(index: Int32(index), old: old))
        if let stone = Stone(rawValue: old) { hash ^= Zobrist.key(index: index, stone: stone) }
        if let stone = Stone(rawValue: value) { hash ^= Zobrist.key(index: index, stone: stone) }
        cells[index] = value
    }

    /// Whether a cell has an empty neighbour: a liberty next to the stone itself, the common case, which
    /// needs no flood fill.
    @inline(__always)
    private static func touchesLiberty(_ index: Int, in cells: UnsafeMutableBufferPointer<UInt8>, stride: Int) -> Bool {
        cells[index - 1] == Board.empty || cells[index + 1] == Board.empty
            || cells[index - stride] == Board.empty || cells[index + stride] == Board.empty
    }

    /// Flood-fills the group at `start`; if it has no liberty, empties it and appends its cells to `removed`.
    /// Called only for a stone without an adjacent liberty (see `touchesLiberty`); the fill stops at the
    /// first liberty, marks visited cells in place (bit 0x80) instead of allocating a set, and queues on
    /// the stack.
    private static func removeGroupIfDead(at start: Int, in cells: UnsafeMutableBufferPointer<UInt8>, stride: Int,
                                          hash: inout UInt64, edits: inout ScratchBuffer<BoardEdit>, removed: inout ScratchBuffer<Int>) {
        let colour = cells[start]
        guard colour == Stone.black.rawValue || colour == Stone.white.rawValue else { return }
        let firstRemoved = removed.count
        // Cell indices fit in 16 bits (52x52 at most), which keeps the queue of a 19x19 board within the
        // size `withUnsafeTemporaryAllocation` places on the stack rather than the heap.
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: cells.count) { queue in
            var count = 1
            var cursor = 0
            var hasLiberty = false
            queue[0] = UInt16(start)
            cells[start] = colour | Board.visited
            while cursor < count {
                let index = Int(queue[cursor])
                cursor += 1
                if visit(index - 1, colour, cells, queue, &count) || visit(index + 1, colour, cells, queue, &count)
                    || visit(index - stride, colour, cells, queue, &count) || visit(index + stride, colour, cells, queue, &count) {
                    hasLiberty = true
                    break
                }
            }
            for position in 0..<count { cells[Int(queue[position])] = colour }
            if !hasLiberty { for position in 0..<count { removed.append(Int(queue[position])) } }
        }
        for position in firstRemoved..<removed.count {
            setCell(removed[position], to: Board.empty, in: cells, hash: &hash, edits: &edits)
        }
    }

    /// One step of the flood fill: queues a same-coloured neighbour (marked visited); true when the
    /// neighbour is a liberty. A static function rather than a local one, which would capture `count`
    /// and check exclusive access to it at run time.
    @inline(__always)
    private static func visit(_ neighbour: Int, _ colour: UInt8, _ cells: UnsafeMutableBufferPointer<UInt8>,
                              _ queue: UnsafeMutableBufferPointer<UInt16>, _ count: inout Int) -> Bool {
        let value = cells[neighbour]
        if value == Board.empty { return true }
        if value == colour {
            cells[neighbour] = colour | Board.visited
            queue[count] = UInt16(neighbour)
            count += 1
        }
        return false
    }

    /// Whether the group on `point` has at least one liberty (false for an empty point).
    public func hasLiberty(at point: Point) -> Bool {
        guard let stone = self[point] else { return false }
        var seen: Set<Int> = [index(of: point)]
        var queue = [index(of: point)]
        while let index = queue.popLast() {
            for neighbour in [index - 1, index + 1, index - stride, index + stride] where !seen.contains(neighbour) {
                if cells[neighbour] == Board.empty { return true }
                if cells[neighbour] == stone.rawValue {
                    seen.insert(neighbour)
                    queue.append(neighbour)
                }
            }
        }
        return false
    }

    /// Undoes the edits of `journal` from `start` on, newest first, and removes them from it.
    static func undo(_ journal: inout ScratchBuffer<BoardEdit>, downTo start: Int, in cells: UnsafeMutableBufferPointer<UInt8>,
                     hash: inout UInt64) {
        while journal.count > start {
            let edit = journal.removeLast()
            let index = Int(edit.index)
            if let stone = Stone(rawValue: cells[index]) { hash ^= Zobrist.key(index: index, stone: stone) }
            if let stone = Stone(rawValue: edit.old) { hash ^= Zobrist.key(index: index, stone: stone) }
            cells[index] = edit.old
        }
    }

    mutating func setPrisoners(black: Int, white: Int) {
        capturedByBlack = black
        capturedByWhite = white
    }
}

/// What a move did besides placing its stone.
public struct MoveResult: Hashable, Sendable {
    /// Opponent stones removed.
    public var captured: [Point] = []
    /// The point already held a stone, which the move replaced (a record like "12 at 5").
    public var wasOccupied = false
    /// The move left its own group without liberties; the group (in `suicided`) was removed.
    public var isSuicide = false
    public var suicided: [Point] = []

    public init() {}
}

/// What a move did, counted: all replay needs, with nothing allocated (see `MoveResult` for the points).
struct MoveOutcome {
    var wasOccupied = false
    /// Opponent stones removed.
    var captured = 0
    /// Own stones removed because the move was suicide.
    var suicided = 0
    var isSuicide: Bool { suicided > 0 }
}

/// One cell change, with the value before it: enough to undo and to list what a node added and removed.
struct BoardEdit: Hashable, Sendable {
    var index: Int32
    var old: UInt8
}
