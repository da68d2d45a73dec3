/// The replay behind `GamePositions`: every node of a game tree, depth-first, on one board.
///
/// Before entering a node's next child, the edits made since the node (by the previous child's line) are
/// undone, so a branch costs nothing extra; nothing is undone after the last line, so a game without
/// variations is never undone at all.
///
/// Hot: once per node of every game read. It owns its board's cells and working lists outright (a
/// non-copyable value with buffers, not arrays), so that no access checks for a shared copy, and it reads
/// each node's move and setup straight from the file's `PropertyArena` through the node list's links
/// (plain integers): a `Node` is built only for a node made in code, or for a diagnostic.
struct GameReplay: ~Copyable {
    typealias Record = GamePositions.Record

    private let game: GameTree
    private let arena: PropertyArena?
    private let links: [NodeList.Entry]
    private let size: BoardSize
    private let stride: Int

    // The board.
    private let cells: UnsafeMutableBufferPointer<UInt8>
    private var hash: UInt64 = 0
    private var capturedByBlack = 0
    private var capturedByWhite = 0

    /// The cell edits since the first branch point on the current path, newest last, to undo when the walk
    /// backs up to a branch point.
    private var journal: ScratchBuffer<BoardEdit>
    /// The hashes of the positions on the current path, for ko and superko.
    private var hashPath: ScratchBuffer<UInt64>
    /// The path's positions as a hash table chained through the path, for ko and superko look-ups that
    /// compare only the few hashes sharing a bucket: `latestInBucket[b]` is the deepest path index whose
    /// hash falls in bucket b (-1 for none) and `previousInBucket[i]` the next one up from index i. The
    /// path grows and shrinks like a stack, so pushing and popping a position are O(1).
    private var latestInBucket: ScratchBuffer<Int32>
    private var previousInBucket: ScratchBuffer<Int32>
    /// `latestInBucket.count - 1`: a power of two, at least twice the nodes up to 16384, so that chains
    /// stay short without a large table for a five-node problem.
    private let bucketMask: UInt64
    /// The nodes on the current path with children left to replay, deepest last.
    private var branchPoints = ScratchBuffer<BranchPoint>()
    /// Cells emptied by the current move, and stones a node removed (listed after the stones it added).
    private var removed = ScratchBuffer<Int>()
    private var removedStones = ScratchBuffer<CellStone>()

    /// Per node, indexed by `Node.ID`: written in place into the positions' storage.
    private let records: UnsafeMutableBufferPointer<Record>
    /// Stones added and removed, each node owning one contiguous run: the stones it added, then those it
    /// removed.
    private(set) var stoneChanges: ScratchBuffer<CellStone>
    /// Rule findings, in tree order, then how many were not listed (see `findingsListed`).
    private(set) var diagnostics: [Diagnostic] = []
    /// Per `RuleFinding`: how many the game has, and where the first one not listed is.
    private var findingCounts = [0, 0, 0, 0]
    private var firstUnlisted: [SourceLocation?] = [nil, nil, nil, nil]

    /// Where the walk comes back to when a line ends: a node with another child to replay, and the
    /// lengths of the journal and of the path with the board at that node.
    private struct BranchPoint {
        var id: Int32
        var nextChild: Int32
        var journalEnd: Int32
        var pathLength: Int32
    }

    /// A replay of `game` that writes one record per node into `records` (initialized, `game.nodes.count`).
    init(game: GameTree, size: BoardSize, records: UnsafeMutableBufferPointer<Record>) {
        let nodeCount = game.nodes.count
        self.game = game
        arena = game.arena
        links = game.nodes.entries
        self.size = size
        self.records = records
        stride = Board.stride(for: size)
        cells = .allocate(capacity: Board.cellCount(for: size))
        Board.layOut(empty: cells, size: size)
        // One hash per node and about one stone change: reserved so that a long game does not grow them.
        // The journal only holds the edits since the first branch point on the path (see `enter`).
        journal = ScratchBuffer(capacity: 64)
        hashPath = ScratchBuffer(capacity: nodeCount)
        stoneChanges = ScratchBuffer(capacity: nodeCount * 2)
        previousInBucket = ScratchBuffer(capacity: nodeCount)
        var bucketCount = 16
        while bucketCount < 2 * nodeCount && bucketCount < 16384 { bucketCount *= 2 }
        latestInBucket = ScratchBuffer(repeating: -1, count: bucketCount)
        bucketMask = UInt64(bucketCount - 1)
    }

    deinit { cells.deallocate() }

    // MARK: - The walk

    mutating func run() {
        // The arena is passed down rather than read from `self` per node, which retained and released it.
        let arena = self.arena
        var id = game.rootID
        enter(id, parent: nil, arena: arena)
        while true {
            let firstChild = Int(links[id].firstChild)
            if firstChild >= 0 {
                let sibling = links[firstChild].nextSibling
                if sibling >= 0 {
                    branchPoints.append(BranchPoint(id: Int32(id), nextChild: sibling,
                                                    journalEnd: Int32(journal.count), pathLength: Int32(hashPath.count)))
                }
                enter(firstChild, parent: id, arena: arena)
                id = firstChild
                continue
            }
            // The end of a line: back to the deepest node with a child left, the board as it was there.
            guard let branch = branchPoints.last else { break }
            let child = Int(branch.nextChild)
            let sibling = links[child].nextSibling
            if sibling >= 0 { branchPoints[branchPoints.count - 1].nextChild = sibling } else { branchPoints.removeLast() }
            Board.undo(&journal, downTo: Int(branch.journalEnd), in: cells, hash: &hash)
            pop(downTo: Int(branch.pathLength))
            capturedByBlack = Int(records[Int(branch.id)].capturedByBlack)
            capturedByWhite = Int(records[Int(branch.id)].capturedByWhite)
            enter(child, parent: Int(branch.id), arena: arena)
            id = child
        }
        summarizeUnlistedFindings()
    }

    /// Applies a node (setup, then move) to the board and records what changed.
    private mutating func enter(_ id: Node.ID, parent: Node.ID?, arena: PropertyArena?) {
        let journalStart = journal.count
        let link = links[id]
        // (Optional chaining rather than `if let arena`, which retained and released the arena per node.)
        let facts = link.first >= 0
            ? arena?.replayFacts(ofProperties: Int(link.first)..<Int(link.first + link.count), size: size) ?? game.nodes[id].replayFacts(on: size)
            : game.nodes[id].replayFacts(on: size)
        var moveNumber = parent.map { records[$0].moveNumber } ?? 0
        var captures = 0
        if facts.hasSetup { applySetup(of: id) }
        if let move = facts.move {
            moveNumber += 1
            if let point = move.point, size.contains(point) {
                captures = play(move.stone, at: point, id: id, forcesMove: facts.forcesMove)
            }
        }
        if let number = facts.moveNumber { moveNumber = Int32(clamping: number) }
        let changes = recordChanges(since: journalStart)
        // Built and stored whole: filled in place field by field, it was read back while still being written.
        records[id] = Record(
            changesStart: changes.start, addedCount: changes.added, removedCount: changes.removed,
            captures: Int32(captures), capturedByBlack: Int32(capturedByBlack), capturedByWhite: Int32(capturedByWhite),
            moveNumber: moveNumber, move: PackedMove(facts.move), hash: hash)
        push(hash)
        // With no branch point on the path, no edit will be undone: the journal is only needed for this
        // node's changes, recorded above. So a game without variations keeps a journal of one move.
        if branchPoints.count == 0 { journal.removeAll() }
    }

    private mutating func applySetup(of id: Node.ID) {
        // The tree is copied out of `self` (a reference count, not the nodes) so that the closure may
        // change the board while the tree is read.
        let game = self.game
        game.forEachSetupStone(of: id, on: size) { point, stone in
            Board.setCell(index(of: point), to: stone?.rawValue ?? Board.empty, in: cells, hash: &hash, edits: &journal)
        }
    }

    /// Plays a move on the board and reports what the rules forbid; returns the stones captured.
    private mutating func play(_ stone: Stone, at point: Point, id: Node.ID, forcesMove: Bool) -> Int {
        removed.removeAll()
        let outcome = Board.play(stone, at: index(of: point), in: cells, stride: stride, hash: &hash, edits: &journal, removed: &removed)
        if stone == .black {
            capturedByBlack += outcome.captured
            capturedByWhite += outcome.suicided
        } else {
            capturedByWhite += outcome.captured
            capturedByBlack += outcome.suicided
        }
        if !forcesMove {
            let repeats = !outcome.isSuicide && isOnPath(hash)
            let retakesKo = repeats && hashPath.count >= 2 && hashPath[hashPath.count - 2] == hash
            if outcome.wasOccupied || outcome.isSuicide || repeats {
                report(Move(stone, at: point), outcome, repeats: repeats, retakesKo: retakesKo, id: id)
            }
        }
        return outcome.captured
    }

    @inline(__always)
    private func index(of point: Point) -> Int { (point.row + 1) * stride + point.column + 1 }

    // MARK: - Positions on the path

    /// Inlined, as is `push`: once per move, where the call cost more than the usual answer.
    @inline(__always)
    private func isOnPath(_ hash: UInt64) -> Bool {
        var index = latestInBucket[Int(hash & bucketMask)]
        while index >= 0 {
            if hashPath[Int(index)] == hash { return true }
            index = previousInBucket[Int(index)]
        }
        return false
    }

    @inline(__always)
    private mutating func push(_ hash: UInt64) {
        let bucket = Int(hash & bucketMask)
        previousInBucket.append(latestInBucket[bucket])
        latestInBucket[bucket] = Int32(hashPath.count)
        hashPath.append(hash)
    }

    /// Forgets the positions after the first `count` of the path.
    private mutating func pop(downTo count: Int) {
        while hashPath.count > count {
            let hash = hashPath.removeLast()
            latestInBucket[Int(hash & bucketMask)] = previousInBucket.removeLast()
        }
    }

    // MARK: - Records

    /// Turns the journal since `start` (one node's edits) into stones added and removed; a point edited
    /// twice (placed then captured, replaced) counts once, by its state before and after the node.
    /// Returns where the node's changes start in `stoneChanges` and how many were added and removed.
    private mutating func recordChanges(since start: Int) -> (start: Int32, added: Int32, removed: Int32) {
        let end = journal.count
        let changesStart = Int32(stoneChanges.count)
        // A node without a move or setup, or a pass, changes nothing.
        guard end > start else { return (changesStart, 0, 0) }
        // The usual node, a move that captures nothing, changes one cell from empty.
        if end == start + 1, journal[start].old == Board.empty, let stone = Stone(rawValue: cells[Int(journal[start].index)]) {
            stoneChanges.append(CellStone(cell: Int(journal[start].index), stone: stone))
            return (changesStart, 1, 0)
        }
        // Captures, setup, replaced stones: each cell counts by its first edit, in journal order. The
        // cell's visited bit (see `Board`) marks cells already listed, so this is linear in the edits
        // even for a setup node with hundreds of stones.
        removedStones.removeAll()
        for position in start..<end {
            let edit = journal[position]
            let index = Int(edit.index)
            let now = cells[index]
            guard now & Board.visited == 0 else { continue }
            cells[index] = now | Board.visited
            guard now != edit.old else { continue }
            if let stone = Stone(rawValue: now) { stoneChanges.append(CellStone(cell: index, stone: stone)) }
            if let stone = Stone(rawValue: edit.old) { removedStones.append(CellStone(cell: index, stone: stone)) }
        }
        for position in start..<end { cells[Int(journal[position].index)] &= ~Board.visited }
        let added = Int32(stoneChanges.count) - changesStart
        for position in 0..<removedStones.count { stoneChanges.append(removedStones[position]) }
        return (changesStart, added, Int32(removedStones.count))
    }

    /// Reports what a move did that the rules forbid. Only called when there is something to say, so the
    /// location (which needs the file's line table) costs nothing for clean records.
    private mutating func report(_ move: Move, _ result: MoveOutcome, repeats: Bool, retakesKo: Bool, id: Node.ID) {
        var findings: [RuleFinding] = []
        if result.wasOccupied { findings.append(.occupiedPoint) }
        if result.isSuicide { findings.append(.suicide) }
        if retakesKo { findings.append(.koRetaken) } else if repeats { findings.append(.positionRepeated) }
        for finding in findings { findingCounts[finding.rawValue] += 1 }
        // Past the limit, only the count changes, unless this is the first finding not listed.
        guard findings.contains(where: { findingCounts[$0.rawValue] <= GameReplay.findingsListed + 1 }) else { return }
        let node = game.nodes[id]
        let location = game.location(ofOffset: node.property(move.stone.sgfLetter)?.sourceOffset ?? node.sourceOffset)
        for finding in findings {
            if findingCounts[finding.rawValue] <= GameReplay.findingsListed {
                diagnostics.append(.warning(finding.message(about: move, result), at: location))
            } else if findingCounts[finding.rawValue] == GameReplay.findingsListed + 1 {
                firstUnlisted[finding.rawValue] = location
            }
        }
    }

    /// One line per kind of finding beyond `findingsListed`: how many more there are, at the first.
    private mutating func summarizeUnlistedFindings() {
        for finding in RuleFinding.allCases where findingCounts[finding.rawValue] > GameReplay.findingsListed {
            let unlisted = findingCounts[finding.rawValue] - GameReplay.findingsListed
            let moves = unlisted == 1 ? "1 more move in this game \(finding.predicate(plural: false))"
                : "\(unlisted) more moves in this game \(finding.predicate(plural: true))"
            diagnostics.append(.warning("\(moves), from here on; not listed", at: firstUnlisted[finding.rawValue]))
        }
    }

    /// How many findings of one kind a game lists before only counting them: a record that cycles through
    /// a ko for thousands of moves would otherwise bury every other diagnostic of its file.
    static let findingsListed = 10

    /// The kinds of rule findings, counted per game.
    private enum RuleFinding: Int, CaseIterable {
        case occupiedPoint, suicide, koRetaken, positionRepeated

        func message(about move: Move, _ result: MoveOutcome) -> String {
            switch self {
            case .occupiedPoint: return "\(move) is played on an occupied point; the stone there is replaced"
            case .suicide: return "\(move) is suicide (\(result.suicided) stone(s) removed); replayed as recorded"
            case .koRetaken: return "\(move) retakes a ko immediately; replayed as recorded"
            case .positionRepeated: return "\(move) repeats an earlier position (positional superko); replayed as recorded"
            }
        }

        /// What the moves not listed do, for the count.
        func predicate(plural: Bool) -> String {
            switch self {
            case .occupiedPoint: return plural ? "are played on occupied points" : "is played on an occupied point"
            case .suicide: return plural ? "are suicide" : "is suicide"
            case .koRetaken: return plural ? "retake a ko immediately" : "retakes a ko immediately"
            case .positionRepeated: return "\(plural ? "repeat" : "repeats") an earlier position (positional superko)"
            }
        }
    }
}
