// MARK: - Layout
//
// A board is one flat array of cells with a sentinel border, as in michi: row r of the board (1-based
// inside the array) occupies `cells[r * stride + 1 ... r * stride + columns]`, where `stride = columns + 1`.
// Cell `r * stride` is border and serves as the right edge of row r - 1 and the left edge of row r; rows 0
// and rows + 1 are all border, plus one extra cell so that `index + stride` never leaves the array.
// The four neighbours of cell i are therefore i - 1, i + 1, i - stride and i + stride, with no bounds checks.
//
// Cell codes: 0 empty, 1 black, 2 white (`Stone.rawValue`), 3 border. Bit 0x80 marks cells visited by a
// flood fill and is always cleared before the fill returns.

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
        stride = size.columns + 1
        cells = [UInt8](repeating: Board.border, count: (size.rows + 2) * stride + 1)
        for row in 1...size.rows {
            for column in 1...size.columns { cells[row * stride + column] = Board.empty }
        }
    }

    @inline(__always)
    func index(of point: Point) -> Int { (point.row + 1) * stride + point.column + 1 }

    func point(ofIndex index: Int) -> Point {
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
        var edits: [BoardEdit] = []
        set(stone, at: point, edits: &edits)
    }

    /// Plays a move (see the type's documentation for what is not checked).
    @discardableResult
    public mutating func play(_ move: Move) -> MoveResult {
        var edits: [BoardEdit] = []
        return play(move, edits: &edits)
    }

    /// The board after a move, and what the move did.
    public func playing(_ move: Move) -> (board: Board, result: MoveResult) {
        var copy = self
        let result = copy.play(move)
        return (copy, result)
    }

    mutating func set(_ stone: Stone?, at point: Point, edits: inout [BoardEdit]) {
        guard size.contains(point) else { return }
        setCell(index(of: point), to: stone?.rawValue ?? Board.empty, edits: &edits)
    }

    mutating func setCell(_ index: Int, to value: UInt8, edits: inout [BoardEdit]) {
        let old = cells[index]
        guard old != value else { return }
        edits.append(BoardEdit(index: Int32(index), old: old))
        if let stone = Stone(rawValue: old) { hash ^= Zobrist.key(index: index, stone: stone) }
        if let stone = Stone(rawValue: value) { hash ^= Zobrist.key(index: index, stone: stone) }
        cells[index] = value
    }

    mutating func play(_ move: Move, edits: inout [BoardEdit]) -> MoveResult {
        var result = MoveResult()
        guard let point = move.point, size.contains(point) else { return result }
        let index = index(of: point)
        let own = move.stone.rawValue
        let opponent = move.stone.opponent.rawValue
        if cells[index] != Board.empty { result.wasOccupied = true }
        setCell(index, to: own, edits: &edits)
        // Hot path: most moves touch no opponent group without liberties, so nothing is allocated until
        // something is captured.
        var capturedIndices: [Int] = []
        if cells[index - 1] == opponent { removeGroupIfDead(at: index - 1, edits: &edits, removed: &capturedIndices) }
        if cells[index + 1] == opponent { removeGroupIfDead(at: index + 1, edits: &edits, removed: &capturedIndices) }
        if cells[index - stride] == opponent { removeGroupIfDead(at: index - stride, edits: &edits, removed: &capturedIndices) }
        if cells[index + stride] == opponent { removeGroupIfDead(at: index + stride, edits: &edits, removed: &capturedIndices) }
        if move.stone == .black { capturedByBlack += capturedIndices.count } else { capturedByWhite += capturedIndices.count }
        if capturedIndices.isEmpty {
            var ownRemoved: [Int] = []
            removeGroupIfDead(at: index, edits: &edits, removed: &ownRemoved)
            if !ownRemoved.isEmpty {
                result.isSuicide = true
                result.suicided = ownRemoved.map(point(ofIndex:))
                if move.stone == .black { capturedByWhite += ownRemoved.count } else { capturedByBlack += ownRemoved.count }
            }
        } else {
            result.captured = capturedIndices.map(point(ofIndex:))
        }
        return result
    }

    /// Flood-fills the group at `start`; if it has no liberty, empties it and appends its cells to `removed`.
    /// Hot: called for every neighbour of every move, so it stops at the first liberty, marks visited
    /// cells in place (bit 0x80) instead of allocating a set, and queues on the stack.
    mutating func removeGroupIfDead(at start: Int, edits: inout [BoardEdit], removed: inout [Int]) {
        let colour = cells[start]
        guard colour == Stone.black.rawValue || colour == Stone.white.rawValue else { return }
        // Quick exit: a liberty next to the stone itself (the common case) needs no flood fill.
        if cells[start - 1] == Board.empty || cells[start + 1] == Board.empty
            || cells[start - stride] == Board.empty || cells[start + stride] == Board.empty {
            return
        }
        let stride = self.stride
        let capacity = cells.count
        let firstRemoved = removed.count
        cells.withUnsafeMutableBufferPointer { cell in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { queue in
                var count = 1
                var cursor = 0
                var hasLiberty = false
                queue[0] = Int32(start)
                cell[start] = colour | Board.visited
                /// Queues a same-coloured neighbour; true when the neighbour is a liberty.
                func visit(_ neighbour: Int) -> Bool {
                    let value = cell[neighbour]
                    if value == Board.empty { return true }
                    if value == colour {
                        cell[neighbour] = colour | Board.visited
                        queue[count] = Int32(neighbour)
                        count += 1
                    }
                    return false
                }
                while cursor < count {
                    let index = Int(queue[cursor])
                    cursor += 1
                    if visit(index - 1) || visit(index + 1) || visit(index - stride) || visit(index + stride) {
                        hasLiberty = true
                        break
                    }
                }
                for position in 0..<count { cell[Int(queue[position])] = colour }
                if !hasLiberty { for position in 0..<count { removed.append(Int(queue[position])) } }
            }
        }
        for index in removed[firstRemoved...] { setCell(index, to: Board.empty, edits: &edits) }
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

    /// Undoes edits recorded while applying changes, newest first.
    mutating func undo(_ edits: ArraySlice<BoardEdit>) {
        for edit in edits.reversed() {
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

/// One cell change, with the value before it: enough to undo and to list what a node added and removed.
struct BoardEdit: Hashable, Sendable {
    var index: Int32
    var old: UInt8
}
