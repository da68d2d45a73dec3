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
/// ko ban), or of the history before the searched position (`history`), is illegal (positional superko).
///
/// ## The graph history interaction rule
/// The table's key is the position, the side to move, the ko ban and the passes: what the rules look at
/// besides history. A proof or disproof is stored only when it holds whatever the history: a result is
/// *path-dependent* when a move was left out as a repetition at a node where that could matter (a
/// node proven lost, since a move left out can only hurt the side to move), or when the child it rests on
/// (the losing child of a win, any child of a loss) is path-dependent. Path-dependent results are
/// returned to the parent but never stored, so a position reached under another history is searched
/// again instead of reusing an answer its history does not allow. Unproven numbers are only estimates
/// and are stored whatever their history.
final class ProofNumberSearch {
    static let infinity: UInt32 = 1 << 30

    let board: SearchBoard
    let settled: SettledPosition
    /// The cells moves may be played on.
    let region: [Int]
    /// The cells only the attacker plays, and only next to a defender stone: the points the frame leaves
    /// empty beside the region when the way out is open (`ProblemFrame.margin`), where on the real board
    /// the attacker can fill a liberty of the defender's stones at the cost of a move.
    let margin: [Int]
    /// Per cell, whether it is on `margin`.
    private let isOnMargin: [Bool]
    @exclusivity(unchecked) var table: TranspositionTable
    /// The nodes and time the search may spend; a stage's search takes the problem's budget for what
    /// follows the stage (`LifeAndDeathSolver`'s classification of first moves).
    var budget: SearchBudget
    /// The 1 + epsilon trick (Pawlewicz and Lew): a child's delta threshold is the second best times
    /// this, so the search switches between siblings less often.
    /// 1.25 is the paper's suggestion, and the best of three measured on 169 textbook problems (not in this
    /// repository) at 100,000 nodes, proven with a book move (elementary/intermediate/advanced): 1.0 gave
    /// 54/16/1 (and one elementary proof with a move the book does not give), 1.25 56/18/1, 1.5 54/17/1.
    var epsilonFactor = 1.25
    /// Whether a proven move's proof is replayed in its siblings (`simulatedWin`; switchable to measure it).
    var replaysProofs = true
    /// Lines longer than this end the search unproven (never a guess): a guard for the stack.
    static let maximumDepth = 300

    /// The keys of the positions on the current line, and of the history before it. The search's state,
    /// like `SearchBoard`'s, is only touched by the search's own thread, so it goes without run-time
    /// exclusivity checks.
    @exclusivity(unchecked) var pathKeys = LineKeys()
    @exclusivity(unchecked) var depth = 0
    private(set) var exceededDepth = false
    /// Whether a move was ever left out as a repetition: a local game of `EnclosedRegionLife` that did so
    /// may rest on a repetition the whole board would not make, and does not count.
    private(set) var hasLeftOutRepetition = false
    /// The children of every node on the current line, each node's after its parent's: one buffer for the
    /// whole search rather than an array allocated at every node. With the move buffer below, measured on
    /// 169 textbook problems (not in this repository) at 100,000 nodes: the same results, first moves and
    /// node counts, in 53 s of search time where 57 s were spent (one run each, one after the other).
    @exclusivity(unchecked) private var childStack: [Child] = []
    /// The moves of the node being expanded, read before its children are searched.
    @exclusivity(unchecked) private var moveBuffer: [Int?] = []

    init(board: SearchBoard, settled: SettledPosition, region: [Int], margin: [Int] = [], memoryLimit: Int, budget: SearchBudget) {
        self.board = board
        self.settled = settled
        self.region = region
        self.margin = margin
        var isOnMargin = [Bool](repeating: false, count: board.cells.count)
        for cell in margin { isOnMargin[cell] = true }
        self.isOnMargin = isOnMargin
        self.table = TranspositionTable(memoryLimit: memoryLimit)
        self.budget = budget
    }

    /// The winner at the current position, or nil when the budget ran out first.
    func solve() -> Stone? {
        if let winner = settled.winner(on: board) { return winner }
        let result = search(thresholdPhi: Self.infinity, thresholdDelta: Self.infinity)
        if result.phi == 0 { return board.toMove }
        if result.delta == 0 { return board.toMove.opponent }
        return nil
    }

    /// The winner after `move` is played at the current position, with the current position as history
    /// (so repeating it is illegal); nil when the budget ran out or the move is illegal.
    func solve(after move: Int?) -> Stone? {
        let key = board.key
        guard board.play(move) else { return nil }
        let winner = solve(history: [key])
        board.undo()
        return winner
    }

    /// The winner at the current position when the positions keyed `history` came before it (repeating
    /// one of them is illegal); nil when the budget ran out first.
    func solve(history: [UInt64]) -> Stone? {
        let inserted = history.filter { pathKeys.insert($0) }
        defer { for key in inserted { pathKeys.remove(key) } }
        return solve()
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
        candidateMoves(on: board).filter { move in
            guard board.play(move) else { return false }
            let repeats = pathKeys.contains(board.key)
            board.undo()
            return !repeats
        }
    }

    /// The empty points of the region in search order (the target's liberties first), then for the
    /// attacker the points of the margin next to a defender stone, then the pass;
    /// legality is the caller's to test. Two kinds of move are left out, as they can only do worse than
    /// another move at hand: filling an eye of one's own block (`SearchBoard.isEyeOfOneBlock`; passing
    /// does as much and keeps the liberty) and a pass that loses at once (`passLosesAtOnce`).
    ///
    /// Measured on 80 elementary and 50 intermediate textbook problems (not in this repository) at
    /// 100,000 nodes: leaving out the losing passes, 41 and 6 proven with a correct first move where 40 and
    /// 5 were; the eye fills on top proved as many with 5% and 14% fewer nodes on the problems proven both ways.
    func candidateMoves(on board: SearchBoard) -> [Int?] {
        var moves: [Int?] = []
        candidateMoves(on: board, into: &moves)
        return moves
    }

    /// `candidateMoves(on:)` written into `moves` (emptied first), so that the search can keep one buffer
    /// rather than allocate a list at every node.
    func candidateMoves(on board: SearchBoard, into moves: inout [Int?]) {
        moves.removeAll(keepingCapacity: true)
        moves.reserveCapacity(region.count + 1)
        // The target's liberties first, then the rest, each in the region's order; one list, filled
        // before the eye test, whose fills take the marks over.
        if settled.targetIsCaptured(on: board) {
            for cell in region where board.cells[cell] == Board.empty { moves.append(cell) }
        } else {
            let stamp = board.markBlock(at: settled.targetCell)
            for cell in region where board.cells[cell] == Board.empty && board.isMarked(cell, with: stamp) { moves.append(cell) }
            for cell in region where board.cells[cell] == Board.empty && !board.isMarked(cell, with: stamp) { moves.append(cell) }
        }
        let mover = board.toMove
        moves.removeAll { move in move.map { board.isEyeOfOneBlock($0, of: mover) } ?? false }
        if mover != settled.defender {
            let defender = settled.defender.rawValue
            for cell in margin where board.cells[cell] == Board.empty && board.neighbours(of: cell).contains(where: { board.cells[$0] == defender }) {
                moves.append(cell)
            }
        }
        if !passLosesAtOnce(on: board) { moves.append(nil) }
    }

    /// Whether a pass by the side to move loses at once, because the other side's pass then ends the game
    /// in its favour: the attacker's when seki counts for the defender (two passes leave the target on the
    /// board), the defender's when seki is a failure (two passes then ask Benson's test, which this
    /// position, not settled, already fails). Leaving such a pass out changes no result.
    private func passLosesAtOnce(on board: SearchBoard) -> Bool {
        if settled.sekiIsFailure { return board.toMove == settled.defender && settled.usesUnconditionalLife }
        return board.toMove == settled.defender.opponent
    }

    /// When the defender is to move and its target block of several stones is in atari, the only moves
    /// that do not lose at once: extending at the liberty, and capturing an attacker block next to the
    /// target that is in atari too. Any other move, and the pass, lets the attacker capture the target
    /// (never a repetition: the target was on the board in every earlier position). Nil otherwise.
    /// A single-stone target is left alone, as its capture may be a ko. The defender never plays on the
    /// margin (`margin`): a target whose last liberty is there can only capture, and an attacker block
    /// whose last liberty is there is not captured there.
    ///
    /// Measured on 80 elementary and 50 intermediate textbook problems at 50,000 nodes each: 37 and 6
    /// proven with a correct first move without it, 39 and 6 with it. (Initial proof numbers from the
    /// target's liberties were tried too: one problem more, within noise, so they were not kept.)
    func forcedDefences(on board: SearchBoard) -> [Int?]? {
        let target = settled.targetCell
        // The liberty count first: most positions have the target out of atari, and it allocates nothing.
        guard board.toMove == settled.defender, !settled.targetIsCaptured(on: board),
              board.libertyCount(at: target, limit: 2) == 1 else { return nil }
        let (stones, liberties) = board.block(at: target)
        guard stones.count > 1, liberties.count == 1 else { return nil }
        var moves: [Int?] = isOnMargin[liberties[0]] ? [] : [liberties[0]]
        let attacker = settled.defender.opponent.rawValue
        var seen: [Int] = []
        for stone in stones {
            for neighbour in board.neighbours(of: stone) where board.cells[neighbour] == attacker && !seen.contains(neighbour) {
                let block = board.block(at: neighbour)
                seen += block.stones
                if block.liberties.count == 1, let liberty = block.liberties.first, !isOnMargin[liberty], !moves.contains(liberty) {
                    moves.append(liberty)
                }
            }
        }
        return moves
    }

    private struct Child {
        var move: Int?
        /// The position's key after the move.
        var key: UInt64
        var phi: UInt32
        var delta: UInt32
        /// Whether the child's proof or disproof depends on the line (see the type's documentation).
        var dependsOnPath = false
        /// Whether a sibling's proof was replayed here (`simulatedWin`): tried once per visit.
        var simulated = false
    }

    private struct Numbers {
        var phi: UInt32
        var delta: UInt32
        var dependsOnPath: Bool
    }

    /// The numbers of the children generated at a node as known before searching them: the target
    /// captured, an entry of the table, or 1 and 1. `children` come with their keys; the table is looked
    /// up once all are generated, so that the lookups, independent loads, wait for memory together rather
    /// than one after each move played and taken back.
    ///
    /// Only the checks that cost next to nothing run here; the rest of `SettledPosition` (Benson's test,
    /// the dead shapes) runs when the child is searched. Measured on Gokyo Shumyo 1-1 (release): settling
    /// every generated child spent a sixth of the time in Benson's test for children never searched.
    private func lookUp(_ children: Range<Int>) {
        for index in children where childStack[index].phi != 0 && childStack[index].delta != 0 {
            if let entry = table[childStack[index].key] {
                childStack[index].phi = entry.phi
                childStack[index].delta = entry.delta
            }
        }
    }

    /// Replays the proof that the move of the child at `proven` loses in its siblings (`children`, indices
    /// of `childStack`) not yet solved (`simulatedWin`), each once per visit, within about the work the
    /// proof cost.
    private func replayProof(of proven: Int, in children: Range<Int>) {
        let source = SearchBoard(copying: board)
        guard source.play(childStack[proven].move) else { return }
        let prover = board.toMove.opponent
        let allowance = max(Self.minimumReplayAllowance, Int(table[source.key]?.work ?? 0))
        for index in children where !childStack[index].simulated && childStack[index].phi != 0 && childStack[index].delta != 0 {
            childStack[index].simulated = true
            guard board.play(childStack[index].move) else { continue }
            var remaining = allowance
            if simulatedWin(source: source, prover: prover, remaining: &remaining) {
                childStack[index] = Child(move: childStack[index].move, key: childStack[index].key, phi: 0, delta: Self.infinity,
                                          simulated: true)
            }
            board.undo()
        }
    }

    /// The fewest nodes a replay may spend (see `replayProof`).
    static let minimumReplayAllowance = 64

    private func search(thresholdPhi: UInt32, thresholdDelta: UInt32) -> Numbers {
        let key = board.key
        if budget.isExhausted {
            let known = table[key]
            return Numbers(phi: known?.phi ?? 1, delta: known?.delta ?? 1, dependsOnPath: false)
        }
        let startNodes = budget.nodes
        budget.count()
        if depth >= Self.maximumDepth { exceededDepth = true; budget.stop() }
        // A position the table holds unsolved was found unsettled when first searched (settled ones are
        // stored solved), and `settled` reads nothing the key does not hold: its tests (Benson's above
        // all) are not run again at each of the visits df-pn pays a node.
        let knownUnsettled = table[key].map { $0.phi != 0 && $0.delta != 0 } ?? false
        if !knownUnsettled, let winner = settled.winner(on: board) {
            let numbers = winner == board.toMove ? Numbers(phi: 0, delta: Self.infinity, dependsOnPath: false)
                : Numbers(phi: Self.infinity, delta: 0, dependsOnPath: false)
            table.store(.init(phi: numbers.phi, delta: numbers.delta, work: 1), for: key)
            return numbers
        }
        let first = childStack.count
        var leftOutRepetition = false
        if let forced = forcedDefences(on: board) {
            moveBuffer = forced
        } else {
            candidateMoves(on: board, into: &moveBuffer)
        }
        for move in moveBuffer {
            guard board.play(move) else { continue }
            let childKey = board.key
            if pathKeys.contains(childKey) {
                leftOutRepetition = true
                hasLeftOutRepetition = true
            } else if settled.targetIsCaptured(on: board) {
                let (phi, delta) = board.toMove == settled.defender ? (Self.infinity, UInt32(0)) : (UInt32(0), Self.infinity)
                childStack.append(Child(move: move, key: childKey, phi: phi, delta: delta))
            } else {
                childStack.append(Child(move: move, key: childKey, phi: 1, delta: 1))
            }
            board.undo()
        }
        let children = first..<childStack.count
        defer { childStack.removeSubrange(children) }
        lookUp(children)
        pathKeys.insert(key)
        depth += 1
        var phi: UInt32 = 0
        var delta: UInt32 = 0
        while true {
            phi = Self.infinity
            var best = -1
            var secondDelta = Self.infinity
            var largestPhi: UInt32 = 0
            var unsolved: UInt32 = 0
            for index in children {
                let child = childStack[index]
                largestPhi = max(largestPhi, child.phi)
                if child.phi > 0 { unsolved += 1 }
                if child.delta < phi {
                    secondDelta = phi
                    phi = child.delta
                    best = index
                } else if child.delta < secondDelta {
                    secondDelta = child.delta
                }
            }
            // Weak proof numbers (Ueda, Hashimoto, Hashimoto and Iida, 2008): the largest child's number
            // plus one for each other unsolved child, not their sum, which counts a position reached by
            // several orders of the same moves once per order. On 80 elementary and 50 intermediate
            // textbook problems (not in this repository) at 100,000 nodes, with the pass and eye-fill
            // pruning of `candidateMoves`: 40 and 6 proven with a correct first move with the sum, 42 and 6 with this.
            // Initial numbers from the target's liberties on top gave 43 and 6, within noise, and were
            // left out.
            delta = unsolved == 0 ? 0 : min(Self.infinity, largestPhi + unsolved - 1)
            // Infinity means proven, nothing else: numbers that grow without a proof (they do around
            // cycles, where a ko is retaken) stop one short of it. Failed before on a textbook live
            // (Cho Chikun, elementary 741, with the own-eye fills left out): sums of such numbers reached
            // infinity, the root ended neither proven nor disproven, and the problem was reported unproven
            // with budget to spare.
            if phi == 0 { delta = Self.infinity } else if delta == 0 { phi = Self.infinity } else {
                phi = min(phi, Self.infinity - 1)
                delta = min(delta, Self.infinity - 1)
            }
            if phi >= thresholdPhi || delta >= thresholdDelta || budget.isExhausted || best < 0 { break }
            let child = childStack[best]
            // The child may grow until it alone brings the weak sum to the threshold.
            let childThresholdPhi = thresholdDelta >= Self.infinity ? Self.infinity : thresholdDelta - (unsolved - 1)
            let scaledSecond = secondDelta >= Self.infinity ? Self.infinity
                : UInt32(min(Double(Self.infinity), (Double(secondDelta) * epsilonFactor).rounded(.up) + 1))
            let childThresholdDelta = min(thresholdPhi, scaledSecond)
            guard board.play(child.move) else { break }
            let numbers = search(thresholdPhi: childThresholdPhi, thresholdDelta: childThresholdDelta)
            board.undo()
            childStack[best] = Child(move: child.move, key: child.key, phi: numbers.phi, delta: numbers.delta,
                                     dependsOnPath: numbers.dependsOnPath, simulated: true)
            if replaysProofs && numbers.phi == 0 && !numbers.dependsOnPath { replayProof(of: best, in: children) }
        }
        depth -= 1
        pathKeys.remove(key)
        let dependsOnPath: Bool
        if phi == 0 {
            dependsOnPath = !childStack[children].contains { $0.delta == 0 && !$0.dependsOnPath }
        } else if delta == 0 {
            dependsOnPath = leftOutRepetition || childStack[children].contains { $0.dependsOnPath }
        } else {
            dependsOnPath = false
        }
        let work = UInt32(clamping: budget.nodes - startNodes)
        if !dependsOnPath && (!budget.isExhausted || phi == 0 || delta == 0) {
            table.store(.init(phi: phi, delta: delta, work: work), for: key)
        }
        return Numbers(phi: phi, delta: delta, dependsOnPath: dependsOnPath)
    }
}

/// The nodes and time a solver may spend, shared by the searches of one problem: nodes are counted and
/// the clock is read at each node.
///
/// A node costs at most one settled test (Benson's on the area) besides cheap move generation, so a
/// time budget ends within one node; a clock read costs under a microsecond.
final class SearchBudget {
    let nodeLimit: Int?
    let deadline: Date?
    @exclusivity(unchecked) private(set) var nodes = 0
    @exclusivity(unchecked) private(set) var isExhausted = false

    /// `started`: when the problem's clock started (before framing it), so setup counts too.
    init(nodeLimit: Int?, seconds: Double?, started: Date = Date()) {
        self.nodeLimit = nodeLimit
        self.deadline = seconds.map { started.addingTimeInterval($0) }
    }

    @inline(__always)
    func count() {
        nodes += 1
        if let nodeLimit, nodes >= nodeLimit { isExhausted = true }
        _ = isOutOfTime()
    }

    /// Whether the time is up (which also exhausts the budget).
    func isOutOfTime() -> Bool {
        if !isExhausted, let deadline, Date() >= deadline { isExhausted = true }
        return isExhausted
    }

    /// A budget of at most `nodes` more nodes of `parent`, ending when `parent` would: what one step of
    /// a problem may spend of the problem's budget (its nodes counted into `parent` with `spend`).
    init(share nodes: Int, of parent: SearchBudget) {
        let limit = parent.nodeLimit.map { min(nodes, $0 - parent.nodes) } ?? nodes
        nodeLimit = limit
        deadline = parent.deadline
        isExhausted = parent.isExhausted || limit <= 0
    }

    func stop() { isExhausted = true }

    /// Counts `count` nodes spent under another budget (a first stage with a smaller one).
    func spend(_ count: Int) {
        nodes += count
        if let nodeLimit, nodes >= nodeLimit { isExhausted = true }
    }
}
