// MARK: - Layout
//
// The playout board uses `Board`'s layout (see Board.swift): a flat array of cells with a sentinel border,
// stride `size + 1`, so the neighbours of cell i are i - 1, i + 1, i - stride and i + stride and cell indices
// (and therefore Zobrist hashes) are the same as `Board`'s. Cell 0 is border and never a point, so index 0
// stands for a pass (`PlayoutBoard.pass`).
//
// Beside the colours it keeps, per cell:
// - chains: `chainHead` names the chain's representative stone, `nextStone` links the chain's stones in a
//   circle, and at the head `liberties` holds the exact number of distinct liberties and `chainSize` the
//   number of stones. Exact counts make atari (1) and two-liberty checks O(1);
// - the empty points as a list with each point's slot, for random moves in O(1);
// - `neighbourhood`: the 3x3 pattern code of each cell, 2 bits per neighbour (see `PatternTable`), kept up to
//   date as stones come and go;
// - `marks`: generation stamps for flood fills without clearing.
//
// All of it lives in one allocation, so a playout copies a position with one memcpy (`assign(from:)`) and
// never undoes a move.

/// A Go position built for speed: the engine's playouts and tree descent play on it millions of times.
///
/// A reference type holding raw memory, used only inside the engine: each search thread owns its boards.
/// `play(_:_:)` assumes the move is legal (`isLegal(_:_:)`: empty point, not suicide, not the simple ko
/// point); positional superko is checked by the callers that need it (the tree, `EngineGame`).
final class PlayoutBoard {
    /// The cell index that stands for a pass.
    static let pass = 0
    static let empty: UInt8 = 0
    static let border: UInt8 = 3

    /// Side of the (square) board, 2...25.
    let size: Int
    let stride: Int
    let cellCount: Int

    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    let colour: UnsafeMutablePointer<UInt8>
    let chainHead: UnsafeMutablePointer<Int16>
    let nextStone: UnsafeMutablePointer<Int16>
    let liberties: UnsafeMutablePointer<Int16>
    let chainSize: UnsafeMutablePointer<Int16>
    let emptyPoints: UnsafeMutablePointer<Int16>
    let emptySlot: UnsafeMutablePointer<Int16>
    let neighbourhood: UnsafeMutablePointer<UInt16>
    let marks: UnsafeMutablePointer<UInt32>

    /// The scalar state, kept at the start of the same allocation: copied by the same memcpy, and changed
    /// through a pointer, which needs none of the run-time exclusivity checks a class's stored `var`s get.
    struct ScalarState {
        var emptyCount = 0
        var hash: UInt64 = 0
        var koPoint = 0
        var koColour: UInt8 = 0
        var toMove: Stone = .black
        var lastMove = -1
        var passes = 0
        var markStamp: UInt32 = 0
    }
    private let state: UnsafeMutablePointer<ScalarState>

    /// Number of empty points (the first `emptyCount` entries of `emptyPoints`).
    var emptyCount: Int { state.pointee.emptyCount }
    /// Zobrist hash of the stones, as `Board.hash`.
    var hash: UInt64 { state.pointee.hash }
    /// The point where `koColour` may not play (a simple ko just taken), 0 when none.
    var koPoint: Int { state.pointee.koPoint }
    var koColour: UInt8 { state.pointee.koColour }
    /// The colour whose turn it is (the opponent of the last move's colour).
    var toMove: Stone { state.pointee.toMove }
    /// The last move's cell, `pass`, or -1 before any move.
    var lastMove: Int { state.pointee.lastMove }
    /// Consecutive passes at the end of the move list.
    var passes: Int { state.pointee.passes }

    /// Offsets of the eight neighbours in pattern-code order: NW, N, NE, W, E, SW, S, SE. A SIMD value rather
    /// than an array: reading it allocates and retains nothing.
    let ringOffsets: SIMD8<Int>

    init(size: Int) {
        precondition((2...25).contains(size), "board size \(size) outside 2...25")
        self.size = size
        stride = size + 1
        cellCount = (size + 2) * stride + 1
        ringOffsets = SIMD8(-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
        // Widest types first so every array is aligned.
        let count = cellCount
        let stateBytes = (MemoryLayout<ScalarState>.stride + 7) / 8 * 8
        byteCount = stateBytes + count * (4 + 2 * 7 + 1)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 8)
        self.memory = memory
        state = memory.bindMemory(to: ScalarState.self, capacity: 1)
        var offset = stateBytes
        func carve<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
            let pointer = (memory + offset).bindMemory(to: type, capacity: count)
            offset += count * MemoryLayout<T>.stride
            return pointer
        }
        marks = carve(UInt32.self)
        chainHead = carve(Int16.self)
        nextStone = carve(Int16.self)
        liberties = carve(Int16.self)
        chainSize = carve(Int16.self)
        emptyPoints = carve(Int16.self)
        emptySlot = carve(Int16.self)
        neighbourhood = carve(UInt16.self)
        colour = carve(UInt8.self)
        clear()
    }

    deinit {
        memory.deallocate()
    }

    /// A board holding the same position.
    func copy() -> PlayoutBoard {
        let board = PlayoutBoard(size: size)
        board.assign(from: self)
        return board
    }

    /// Makes this board hold `other`'s position (same size): one memcpy, nothing allocated.
    func assign(from other: PlayoutBoard) {
        precondition(other.size == size)
        memory.copyMemory(from: other.memory, byteCount: byteCount)
    }

    /// Empties the board; black to move.
    func clear() {
        // Each array through its own typed pointer, so the memory stays bound to the types carved out.
        state.initialize(to: ScalarState())
        marks.initialize(repeating: 0, count: cellCount)
        for array in [chainHead, nextStone, liberties, chainSize, emptyPoints, emptySlot] {
            array.initialize(repeating: 0, count: cellCount)
        }
        neighbourhood.initialize(repeating: 0, count: cellCount)
        for index in 0..<cellCount { colour[index] = PlayoutBoard.border }
        state.pointee.emptyCount = 0
        for row in 0..<size {
            for column in 0..<size {
                let index = (row + 1) * stride + column + 1
                colour[index] = PlayoutBoard.empty
                emptyPoints[emptyCount] = Int16(index)
                emptySlot[index] = Int16(emptyCount)
                state.pointee.emptyCount += 1
            }
        }
        for index in 0..<cellCount { neighbourhood[index] = computedNeighbourhood(of: index) }
    }

    // MARK: - Coordinates

    @inline(__always)
    func index(of point: Point) -> Int { (point.row + 1) * stride + point.column + 1 }

    func point(ofIndex index: Int) -> Point { Point(column: index % stride - 1, row: index / stride - 1) }

    /// Whether a cell is a point of the board (not border, not the pass index).
    func isOnBoard(_ index: Int) -> Bool {
        index > 0 && index < cellCount && colour[index] != PlayoutBoard.border
    }

    /// Distance from the nearest edge: 0 on the first line.
    @inline(__always)
    func edgeDistance(_ index: Int) -> Int {
        let row = index / stride - 1
        let column = index % stride - 1
        return min(min(row, size - 1 - row), min(column, size - 1 - column))
    }

    /// The four orthogonal neighbours of a cell (up, left, right, down).
    @inline(__always)
    func neighbours(of index: Int) -> CellQuad { CellQuad(index - stride, index - 1, index + 1, index + stride) }

    @inline(__always)
    func head(_ index: Int) -> Int { Int(chainHead[index]) }

    /// The stone on a cell, nil when empty or border.
    func stone(at index: Int) -> Stone? { Stone(rawValue: colour[index]) }

    /// Sets whose turn it is (GTP lets either colour move).
    func setToMove(_ stone: Stone) { state.pointee.toMove = stone }

    /// Counts no passes at the end of the move list, so that play goes on from a game that two passes ended.
    func forgetPasses() { state.pointee.passes = 0 }

    /// Forgets the moves that placed setup stones: no last move, no ko, no passes, `stone` to move.
    func startAfterSetup(toMove stone: Stone) {
        state.pointee.toMove = stone
        state.pointee.lastMove = -1
        state.pointee.koPoint = 0
        state.pointee.koColour = 0
        state.pointee.passes = 0
    }

    /// Forbids `stone` to play on `index` as the simple ko does (a position set up from a game record that
    /// was reached by taking a ko).
    func forbidRetaking(at index: Int, by stone: Stone) {
        state.pointee.koPoint = index
        state.pointee.koColour = stone.rawValue
    }

    // MARK: - Rules

    /// Whether `stone` may play on `index`: an empty point, not the simple ko point for this colour, and not
    /// suicide. Positional superko is not checked here.
    @inline(__always)
    func isLegal(_ index: Int, _ stone: Stone) -> Bool {
        guard colour[index] == PlayoutBoard.empty else { return false }
        let own = stone.rawValue
        if index == koPoint && own == koColour { return false }
        for neighbour in neighbours(of: index) {
            let value = colour[neighbour]
            if value == PlayoutBoard.empty { return true }
            if value != PlayoutBoard.border {
                let libertyCount = liberties[head(neighbour)]
                if value == own ? libertyCount > 1 : libertyCount == 1 { return true }
            }
        }
        return false
    }

    /// Whether an empty point is an eye of `stone`: its four neighbours are that colour or edge, and the
    /// opponent holds at most one diagonal (none on the edge), so it cannot become a false eye.
    @inline(__always)
    func isOwnEye(_ index: Int, _ stone: Stone) -> Bool {
        let own = stone.rawValue
        let up = colour[index - stride], down = colour[index + stride]
        let left = colour[index - 1], right = colour[index + 1]
        guard (up == own || up == PlayoutBoard.border) && (down == own || down == PlayoutBoard.border)
            && (left == own || left == PlayoutBoard.border) && (right == own || right == PlayoutBoard.border) else {
            return false
        }
        let opponent = stone.opponent.rawValue
        var opponents = 0
        var edge = 0
        for diagonal in CellQuad(index - stride - 1, index - stride + 1, index + stride - 1, index + stride + 1) {
            let value = colour[diagonal]
            if value == opponent { opponents += 1 } else if value == PlayoutBoard.border { edge = 1 }
        }
        return opponents + edge < 2
    }

    /// Plays a legal move (or a pass, index 0): places the stone, captures, merges chains, updates the
    /// liberty counts, hash, pattern codes and ko point, and passes the turn.
    func play(_ index: Int, _ stone: Stone) {
        state.pointee.lastMove = index
        state.pointee.toMove = stone.opponent
        state.pointee.koPoint = 0
        guard index != PlayoutBoard.pass else {
            state.pointee.passes += 1
            return
        }
        state.pointee.passes = 0
        let own = stone.rawValue
        let opponent = stone.opponent.rawValue
        removeEmpty(index)
        setColour(index, own)
        chainHead[index] = Int16(index)
        nextStone[index] = Int16(index)
        chainSize[index] = 1
        var libertyCount: Int16 = 0
        if colour[index - stride] == PlayoutBoard.empty { libertyCount += 1 }
        if colour[index - 1] == PlayoutBoard.empty { libertyCount += 1 }
        if colour[index + 1] == PlayoutBoard.empty { libertyCount += 1 }
        if colour[index + stride] == PlayoutBoard.empty { libertyCount += 1 }
        liberties[index] = libertyCount

        // The new stone takes one liberty from each distinct adjacent opponent chain.
        var captured = 0
        var capturedPoint = 0
        var seen = (-1, -1, -1)
        for neighbour in neighbours(of: index) where colour[neighbour] == opponent {
            let chain = head(neighbour)
            if chain == seen.0 || chain == seen.1 || chain == seen.2 { continue }
            if seen.0 < 0 { seen.0 = chain } else if seen.1 < 0 { seen.1 = chain } else { seen.2 = chain }
            liberties[chain] -= 1
            if liberties[chain] == 0 {
                captured += Int(chainSize[chain])
                capturedPoint = chain
                removeChain(chain)
            }
        }

        // Merge with friendly chains. With one (the common case) the merged liberties follow from the two
        // counts: the chain's, less this point, plus the stone's, less the liberties they share. With more,
        // the merged chain's liberties are counted afresh.
        var friends = (-1, -1, -1)
        var friendCount = 0
        for neighbour in neighbours(of: index) where colour[neighbour] == own {
            let chain = head(neighbour)
            if chain == friends.0 || chain == friends.1 || chain == friends.2 { continue }
            if friends.0 < 0 { friends.0 = chain } else if friends.1 < 0 { friends.1 = chain } else { friends.2 = chain }
            friendCount += 1
        }
        if friendCount == 1 {
            let chain = friends.0
            var shared: Int16 = 0
            for neighbour in neighbours(of: index) where colour[neighbour] == PlayoutBoard.empty {
                for outside in neighbours(of: neighbour) where outside != index && colour[outside] == own && head(outside) == chain {
                    shared += 1
                    break
                }
            }
            let merged = liberties[chain] - 1 + liberties[index] - shared
            mergeChains(chain, index)
            liberties[head(index)] = merged
        } else if friendCount > 1 {
            for neighbour in neighbours(of: index) where colour[neighbour] == own {
                let chain = head(neighbour)
                if chain != head(index) { mergeChains(head(index), chain) }
            }
            liberties[head(index)] = Int16(countLiberties(of: head(index)))
        }
        let mine = head(index)
        if captured == 1 && chainSize[mine] == 1 && liberties[mine] == 1 {
            state.pointee.koPoint = capturedPoint
            state.pointee.koColour = opponent
        }
    }

    // MARK: - Chain queries

    /// The liberties of the chain at `head`, counted by walking its stones (marks avoid counting twice).
    func countLiberties(of chain: Int) -> Int {
        let stamp = nextMarkStamp()
        var count = 0
        var stone = chain
        repeat {
            for neighbour in neighbours(of: stone)
            where colour[neighbour] == PlayoutBoard.empty && marks[neighbour] != stamp {
                marks[neighbour] = stamp
                count += 1
            }
            stone = Int(nextStone[stone])
        } while stone != chain
        return count
    }

    /// Up to two liberties of a chain (0 for missing ones), found by walking its stones.
    func firstLiberties(of chain: Int) -> (Int, Int) {
        var first = 0
        var stone = chain
        repeat {
            for neighbour in neighbours(of: stone) where colour[neighbour] == PlayoutBoard.empty {
                if first == 0 {
                    first = neighbour
                } else if neighbour != first {
                    return (first, neighbour)
                }
            }
            stone = Int(nextStone[stone])
        } while stone != chain
        return (first, 0)
    }

    /// What playing `stone` on the empty point `index` would leave its chain with: liberties (counted up to
    /// `cap`), the chain's size, and whether the move captures. A captured single stone's point counts as
    /// a liberty; a bigger capture counts as `cap` liberties.
    func outcomeOfPlaying(_ index: Int, _ stone: Stone, cap: Int) -> (liberties: Int, size: Int, captures: Bool) {
        let own = stone.rawValue
        let opponent = stone.opponent.rawValue
        let stamp = nextMarkStamp()
        marks[index] = stamp
        var count = 0
        var size = 1
        var captures = false
        var seen = (-1, -1, -1, -1)
        for neighbour in neighbours(of: index) {
            let value = colour[neighbour]
            if value == PlayoutBoard.empty {
                if marks[neighbour] != stamp {
                    marks[neighbour] = stamp
                    count += 1
                }
            } else if value == opponent {
                let chain = head(neighbour)
                if liberties[chain] == 1 {
                    captures = true
                    if chainSize[chain] > 1 { count = cap } else if marks[neighbour] != stamp {
                        marks[neighbour] = stamp
                        count += 1
                    }
                }
            } else if value == own {
                let chain = head(neighbour)
                if chain == seen.0 || chain == seen.1 || chain == seen.2 || chain == seen.3 { continue }
                if seen.0 < 0 { seen.0 = chain } else if seen.1 < 0 { seen.1 = chain } else if seen.2 < 0 { seen.2 = chain } else { seen.3 = chain }
                size += Int(chainSize[chain])
                var member = chain
                repeat {
                    for outside in neighbours(of: member)
                    where colour[outside] == PlayoutBoard.empty && marks[outside] != stamp {
                        marks[outside] = stamp
                        count += 1
                    }
                    member = Int(nextStone[member])
                } while member != chain && count < cap
            }
            if count >= cap { return (cap, size, captures) }
        }
        return (count, size, captures)
    }

    /// Whether playing `stone` on `index` leaves a chain of at least `minimumStones` stones in atari
    /// (without capturing anything).
    @inline(__always)
    func isSelfAtari(_ index: Int, _ stone: Stone, minimumStones: Int) -> Bool {
        // Fast path: two empty neighbours mean at least two liberties.
        var empties = 0
        if colour[index - stride] == PlayoutBoard.empty { empties += 1 }
        if colour[index - 1] == PlayoutBoard.empty { empties += 1 }
        if colour[index + 1] == PlayoutBoard.empty { empties += 1 }
        if colour[index + stride] == PlayoutBoard.empty { empties += 1 }
        if empties >= 2 { return false }
        let outcome = outcomeOfPlaying(index, stone, cap: 2)
        return outcome.liberties < 2 && !outcome.captures && outcome.size >= minimumStones
    }

    /// Whether the move at `index` would capture an opponent chain (one of its neighbours is in atari).
    @inline(__always)
    func captures(_ index: Int, _ stone: Stone) -> Bool {
        let opponent = stone.opponent.rawValue
        for neighbour in neighbours(of: index)
        where colour[neighbour] == opponent && liberties[head(neighbour)] == 1 {
            return true
        }
        return false
    }

    // MARK: - Scoring

    /// Black's area minus white's: stones plus empty points whose neighbours are all one colour. Exact at
    /// the end of a playout, where every empty point is a one-point eye or dame; an approximation otherwise.
    func areaDifference() -> Int {
        var difference = 0
        for row in 1...size {
            var index = row * stride + 1
            for _ in 0..<size {
                switch colour[index] {
                case Stone.black.rawValue: difference += 1
                case Stone.white.rawValue: difference -= 1
                default:
                    if isSurrounded(index, by: Stone.black.rawValue) {
                        difference += 1
                    } else if isSurrounded(index, by: Stone.white.rawValue) {
                        difference -= 1
                    }
                }
                index += 1
            }
        }
        return difference
    }

    /// The colour a point counts for in area scoring at the end of a playout: its stone, or the colour
    /// surrounding an empty point; nil for dame.
    func owner(of index: Int) -> Stone? {
        if let stone = stone(at: index) { return stone }
        if isSurrounded(index, by: Stone.black.rawValue) { return .black }
        if isSurrounded(index, by: Stone.white.rawValue) { return .white }
        return nil
    }

    @inline(__always)
    private func isSurrounded(_ index: Int, by value: UInt8) -> Bool {
        for neighbour in neighbours(of: index) {
            let cell = colour[neighbour]
            if cell != value && cell != PlayoutBoard.border { return false }
        }
        return true
    }

    // MARK: - Changing cells

    private func nextMarkStamp() -> UInt32 {
        state.pointee.markStamp &+= 1
        if state.pointee.markStamp == 0 {
            for index in 0..<cellCount { marks[index] = 0 }
            state.pointee.markStamp = 1
        }
        return state.pointee.markStamp
    }

    @inline(__always)
    private func removeEmpty(_ index: Int) {
        let slot = Int(emptySlot[index])
        state.pointee.emptyCount -= 1
        let moved = emptyPoints[emptyCount]
        emptyPoints[slot] = moved
        emptySlot[Int(moved)] = Int16(slot)
    }

    @inline(__always)
    private func addEmpty(_ index: Int) {
        emptyPoints[emptyCount] = Int16(index)
        emptySlot[index] = Int16(emptyCount)
        state.pointee.emptyCount += 1
    }

    /// Sets a cell's colour, keeping the hash and the eight neighbours' pattern codes.
    @inline(__always)
    private func setColour(_ index: Int, _ value: UInt8) {
        let old = colour[index]
        if let stone = Stone(rawValue: old) { state.pointee.hash ^= Zobrist.key(index: index, stone: stone) }
        if let stone = Stone(rawValue: value) { state.pointee.hash ^= Zobrist.key(index: index, stone: stone) }
        colour[index] = value
        // This cell is slot 7 - k of its neighbour at ring offset k (the ring is symmetric about its centre).
        for slot in 0..<8 {
            let neighbour = index + ringOffsets[slot]
            let shift = UInt16(2 * (7 - slot))
            neighbourhood[neighbour] = (neighbourhood[neighbour] & ~(3 << shift)) | (UInt16(value) << shift)
        }
    }

    private func computedNeighbourhood(of index: Int) -> UInt16 {
        var code: UInt16 = 0
        for slot in 0..<8 {
            let neighbour = index + ringOffsets[slot]
            let value = neighbour >= 0 && neighbour < cellCount ? colour[neighbour] : PlayoutBoard.border
            code |= UInt16(value) << UInt16(2 * slot)
        }
        return code
    }

    /// Removes a captured chain and gives each distinct chain next to each removed stone one liberty.
    private func removeChain(_ chain: Int) {
        var stone = chain
        repeat {
            setColour(stone, PlayoutBoard.empty)
            addEmpty(stone)
            stone = Int(nextStone[stone])
        } while stone != chain
        stone = chain
        repeat {
            var seen = (-1, -1, -1)
            for neighbour in neighbours(of: stone) {
                let value = colour[neighbour]
                guard value == Stone.black.rawValue || value == Stone.white.rawValue else { continue }
                let other = head(neighbour)
                if other == seen.0 || other == seen.1 || other == seen.2 { continue }
                if seen.0 < 0 { seen.0 = other } else if seen.1 < 0 { seen.1 = other } else { seen.2 = other }
                liberties[other] += 1
            }
            stone = Int(nextStone[stone])
        } while stone != chain
    }

    /// Joins two chains: the smaller one's stones take the larger one's head; the circles are spliced.
    private func mergeChains(_ first: Int, _ second: Int) {
        let (keep, absorb) = chainSize[first] >= chainSize[second] ? (first, second) : (second, first)
        var stone = absorb
        repeat {
            chainHead[stone] = Int16(keep)
            stone = Int(nextStone[stone])
        } while stone != absorb
        let afterKeep = nextStone[keep]
        nextStone[keep] = nextStone[absorb]
        nextStone[absorb] = afterKeep
        chainSize[keep] += chainSize[absorb]
    }
}
