import Foundation

/// Depth-first proof-number search (df-pn; Nagai 2002, as Kishimoto and Müller applied it to Go life and
/// death): proves whether the side to move at a position wins, playing only on the problem's region
/// (and passing), with a transposition table.
///
/// Each node keeps `phi` (how much work it would take to prove a win for the side to move) and `delta`
/// (to prove a loss); a node's phi is the least delta of its children, its delta the sum of their phis.
/// The search expands the most promising child with thresholds, so it moves depth-first while it keeps
/// little more than the current line in memory besides the table.
///
/// Repetition: a move that brings back a position of the current line (with the same side to move and
/// ko ban) is illegal (positional superko on the line). Results learnt under one line may be reused on
/// another (the graph history interaction problem); the same input still gives the same answer.
final class ProofNumberSearch {
    static let infinity: UInt32 = 1 << 30

    let board: SearchBoard
    let settled: SettledPosition
    /// The cells moves may be played on.
    let region: [Int]
    var table: TranspositionTable
    let budget: SearchBudget
    /// The 1 + epsilon trick (Pawlewicz and Lew): a child's delta threshold is the second best times
    /// this, so the search switches between siblings less often.
    /// 1.25 is the paper's suggestion; its effect here has not been measured yet (the solver bench group
    /// is where to compare it with 1.0).
    var epsilonFactor = 1.25
    /// Lines longer than this end the search unproven (never a guess): a guard for the stack.
    static let maximumDepth = 300

    private var pathKeys: Set<UInt64> = []
    private var depth = 0
    private(set) var exceededDepth = false

    init(board: SearchBoard, settled: SettledPosition, region: [Int], memoryLimit: Int, budget: SearchBudget) {
        self.board = board
        self.settled = settled
        self.region = region
        self.table = TranspositionTable(memoryLimit: memoryLimit)
        self.budget = budget
    }

    /// The winner at the current position, or nil when the budget ran out first.
    func solve() -> Stone? {
        if let winner = settled.winner(on: board) { return winner }
        let (phi, delta) = search(thresholdPhi: Self.infinity, thresholdDelta: Self.infinity)
        if phi == 0 { return board.toMove }
        if delta == 0 { return board.toMove.opponent }
        return nil
    }

    /// The proven winner at the current position from what the search has learnt, without searching.
    func knownWinner() -> Stone? {
        if let winner = settled.winner(on: board) { return winner }
        guard let entry = table[board.key] else { return nil }
        if entry.phi == 0 { return board.toMove }
        if entry.delta == 0 { return board.toMove.opponent }
        return nil
    }

    /// The work the table records for the current position (0 when unknown).
    func knownWork() -> UInt32 { table[board.key]?.work ?? 0 }

    /// The legal moves at the current position, in search order: the target's liberties, then the other
    /// points of the region, then the pass. A move back to a position of the current line is left out.
    func legalMoves() -> [Int?] {
        var moves: [Int?] = []
        let targetLiberties = board.cells[settled.targetCell] == settled.defender.rawValue
            ? Set(board.block(at: settled.targetCell).liberties) : []
        var later: [Int?] = []
        for cell in region where board.cells[cell] == Board.empty {
            if targetLiberties.contains(cell) { moves.append(cell) } else { later.append(cell) }
        }
        moves += later
        moves.append(nil)
        return moves.filter { move in
            guard board.play(move) else { return false }
            let repeats = pathKeys.contains(board.key)
            board.undo()
            return !repeats
        }
    }

    private struct Child {
        var move: Int?
        var phi: UInt32
        var delta: UInt32
    }

    /// The child's numbers as known before searching it: settled, from the table, or 1 and 1.
    private func evaluateChild() -> (phi: UInt32, delta: UInt32) {
        let key = board.key
        if let entry = table[key] { return (entry.phi, entry.delta) }
        if let winner = settled.winner(on: board) {
            let numbers: (UInt32, UInt32) = winner == board.toMove ? (0, Self.infinity) : (Self.infinity, 0)
            table.store(.init(phi: numbers.0, delta: numbers.1, work: 0), for: key)
            return numbers
        }
        return (1, 1)
    }

    private func search(thresholdPhi: UInt32, thresholdDelta: UInt32) -> (UInt32, UInt32) {
        let key = board.key
        if budget.isExhausted {
            let known = table[key]
            return (known?.phi ?? 1, known?.delta ?? 1)
        }
        let startNodes = budget.nodes
        budget.count()
        if depth >= Self.maximumDepth { exceededDepth = true; budget.stop() }
        var children: [Child] = []
        for move in legalMoves() {
            guard board.play(move) else { continue }
            let (phi, delta) = evaluateChild()
            children.append(Child(move: move, phi: phi, delta: delta))
            board.undo()
        }
        pathKeys.insert(key)
        depth += 1
        var phi: UInt32 = 0
        var delta: UInt32 = 0
        while true {
            phi = Self.infinity
            delta = 0
            var best = -1
            var secondDelta = Self.infinity
            for (index, child) in children.enumerated() {
                delta = min(Self.infinity, delta + child.phi)
                if child.delta < phi {
                    secondDelta = phi
                    phi = child.delta
                    best = index
                } else if child.delta < secondDelta {
                    secondDelta = child.delta
                }
            }
            if phi >= thresholdPhi || delta >= thresholdDelta || budget.isExhausted || best < 0 { break }
            let child = children[best]
            let childThresholdPhi = thresholdDelta >= Self.infinity ? Self.infinity : thresholdDelta - (delta - child.phi)
            let scaledSecond = secondDelta >= Self.infinity ? Self.infinity
                : UInt32(min(Double(Self.infinity), (Double(secondDelta) * epsilonFactor).rounded(.up) + 1))
            let childThresholdDelta = min(thresholdPhi, scaledSecond)
            guard board.play(child.move) else { break }
            let (childPhi, childDelta) = search(thresholdPhi: childThresholdPhi, thresholdDelta: childThresholdDelta)
            board.undo()
            children[best].phi = childPhi
            children[best].delta = childDelta
        }
        depth -= 1
        pathKeys.remove(key)
        let work = UInt32(clamping: budget.nodes - startNodes)
        if !budget.isExhausted || phi == 0 || delta == 0 {
            table.store(.init(phi: phi, delta: delta, work: work), for: key)
        }
        return (phi, delta)
    }
}

/// The nodes and time a solver may spend, shared by the searches of one problem; checked every
/// node (nodes) and every 8 nodes (time).
final class SearchBudget {
    let nodeLimit: Int?
    let deadline: Date?
    private(set) var nodes = 0
    private(set) var isExhausted = false

    init(nodeLimit: Int?, seconds: Double?) {
        self.nodeLimit = nodeLimit
        self.deadline = seconds.map { Date().addingTimeInterval($0) }
    }

    @inline(__always)
    func count() {
        nodes += 1
        if let nodeLimit, nodes >= nodeLimit { isExhausted = true }
        // Every 8 nodes: a node costs tens of microseconds or more, a clock read well under one.
        if nodes & 7 == 0, let deadline, Date() >= deadline { isExhausted = true }
    }

    func stop() { isExhausted = true }
}
