/// Benson's algorithm: the blocks of one colour that live whatever the other side plays, even if their
/// owner never answers (D. B. Benson, "Life in the game of Go", 1976).
///
/// A region is a maximal connected set of points not of the colour; it is vital to a block when every
/// empty point of the region is a liberty of that block. Repeatedly drop blocks with fewer than two vital
/// regions, and regions that touch a dropped block; the blocks left live unconditionally. Sound by
/// construction, so a search may stop at such a position with a proof.
///
/// The test's working storage is kept between tests, one per search board (`SearchBoard.unconditionalLife`),
/// in buffers that need no copy-on-write checks (`ScratchBuffer`): the search runs the test at most nodes,
/// and allocating its labels and lists anew each time cost about as much as the test itself (a tenth of
/// the solver's time with it, measured on an open corner textbook kill, release build).
struct UnconditionalLife: ~Copyable {
    /// Per cell: the block (of the colour) or region (of the rest) it belongs to; -1 when not labelled.
    private var blockOf = ScratchBuffer<Int32>(capacity: 1)
    private var regionOf = ScratchBuffer<Int32>(capacity: 1)
    /// The cells labelled in this test, cleared before the next.
    private var labelled = ScratchBuffer<Int>()
    private var stack = ScratchBuffer<Int>()
    /// The blocks each region touches, one region after another (region `r`'s are at
    /// `touchStarts[r]..<touchStarts[r + 1]`), with whether the region is vital to each.
    private var touchStarts = ScratchBuffer<Int>()
    private var touchedBlocks = ScratchBuffer<Int>()
    private var touchIsVital = ScratchBuffer<Bool>()
    /// Per block, while one region is read: the region that last touched it and its place in `touchedBlocks`.
    private var lastTouchingRegion = ScratchBuffer<Int>()
    private var touchPlace = ScratchBuffer<Int>()
    /// Per touch, while one region is read: how many of the region's empty points are liberties of the block.
    private var libertiesInRegion = ScratchBuffer<Int>()
    /// The stones of the labelled blocks, one block after another (block `b`'s from `blockStarts[b]`), and
    /// the blocks whose regions are still to be read (`labelComponent`).
    private var blockStones = ScratchBuffer<Int>()
    private var blockStarts = ScratchBuffer<Int>()
    private var isQueued = ScratchBuffer<Bool>()
    private var queue = ScratchBuffer<Int>()
    private var blockAlive = ScratchBuffer<Bool>()
    private var regionAlive = ScratchBuffer<Bool>()
    private var vitalCount = ScratchBuffer<Int>()

    init() {}

    /// Empties `buffer` and fills it with `count` copies of `value`.
    private static func reset<Element: BitwiseCopyable>(_ buffer: inout ScratchBuffer<Element>, to value: Element, count: Int) {
        buffer.removeAll()
        for _ in 0..<count { buffer.append(value) }
    }

    /// Whether the block on `cell` (of colour `colour`) is unconditionally alive on `board`.
    ///
    /// Only the cells of `area` are examined (the problem's area: the frame outside it holds no stone of
    /// the colour); a region that reaches outside the area counts as vital to no block, as the frame's
    /// region, full of empty points no block touches, is. Measured: examining the area rather than the
    /// whole 19x19 board cut the CPU time of the same 475 nodes (a straight three, debug build) from 2.9 s to 0.6 s.
    mutating func isAlive(blockAt cell: Int, colour: Stone, on board: SearchBoard, area: SolverArea) -> Bool {
        let cells = board.cells
        guard cells[cell] == colour.rawValue else { return false }
        if blockOf.count < cells.count {
            blockOf = ScratchBuffer(repeating: -1, count: cells.count)
            regionOf = ScratchBuffer(repeating: -1, count: cells.count)
            labelled.removeAll()
        }
        clearLabels()
        guard hasTwoVitalRegions(blockAt: cell, colour: colour.rawValue, on: board, area: area) else { return false }
        clearLabels()
        let blockCount = labelComponent(of: cell, colour: colour.rawValue, on: board, area: area)
        let regionCount = touchStarts.count - 1
        Self.reset(&blockAlive, to: true, count: blockCount)
        Self.reset(&regionAlive, to: true, count: regionCount)
        var changed = true
        while changed {
            changed = false
            Self.reset(&vitalCount, to: 0, count: blockCount)
            for region in 0..<regionCount where regionAlive[region] {
                for touch in touchStarts[region]..<touchStarts[region + 1] where touchIsVital[touch] {
                    vitalCount[touchedBlocks[touch]] += 1
                }
            }
            for block in 0..<blockCount where blockAlive[block] && vitalCount[block] < 2 {
                blockAlive[block] = false
                changed = true
            }
            for region in 0..<regionCount where regionAlive[region] {
                for touch in touchStarts[region]..<touchStarts[region + 1] where !blockAlive[touchedBlocks[touch]] {
                    regionAlive[region] = false
                    changed = true
                    break
                }
            }
        }
        return blockAlive[Int(blockOf[cell])]
    }

    /// Unlabels the cells the last labelling touched.
    private mutating func clearLabels() {
        for index in 0..<labelled.count {
            blockOf[labelled[index]] = -1
            regionOf[labelled[index]] = -1
        }
        labelled.removeAll()
    }

    /// Whether at least two regions are vital to the block on `cell` (of colour `own`), which Benson's test
    /// needs of every block it finds alive: a region vital in the end was vital from the start.
    ///
    /// Why: most positions a search tests are far from unconditional life, and their regions fail at once
    /// (an empty point that is not the block's liberty, or a way out of the area, a step from a liberty),
    /// so flooding from the block's liberties and stopping there costs a fraction of labelling the area.
    /// Measured: Benson's test took a quarter of the solver's time (every 5th Gokyo Shumyo problem at
    /// 100,000 nodes) before this check.
    private mutating func hasTwoVitalRegions(blockAt cell: Int, colour own: UInt8, on board: SearchBoard,
                                             area: SolverArea) -> Bool {
        let cells = board.cells
        // The block's stones, labelled `Self.targetLabel`, then its liberties, labelled `Self.libertyLabel`,
        // all listed in `labelled`.
        blockOf[cell] = Self.targetLabel
        labelled.append(cell)
        var cursor = 0
        while cursor < labelled.count {
            let current = labelled[cursor]
            cursor += 1
            for neighbour in board.neighbours(of: current) where cells[neighbour] == own && blockOf[neighbour] < 0 {
                blockOf[neighbour] = Self.targetLabel
                labelled.append(neighbour)
            }
        }
        let stoneCount = labelled.count
        for index in 0..<stoneCount {
            for neighbour in board.neighbours(of: labelled[index])
            where cells[neighbour] == Board.empty && blockOf[neighbour] < 0 {
                blockOf[neighbour] = Self.libertyLabel
                labelled.append(neighbour)
            }
        }
        let libertyEnd = labelled.count
        var vitalRegions = 0
        var nextLabel: Int32 = 0
        for index in stoneCount..<libertyEnd {
            let liberty = labelled[index]
            guard regionOf[liberty] < 0 && area.contains(liberty) else { continue }
            if isVital(regionFrom: liberty, label: nextLabel, own: own, on: board, area: area, allowsEmpty: true) {
                vitalRegions += 1
                if vitalRegions >= 2 { return true }
            }
            nextLabel += 1
        }
        // A region with no liberty of the block can be vital only with no empty point at all: stones with
        // no liberty, which only an illegal position holds (the solver refuses those; the definition's
        // test on random positions builds them).
        for index in 0..<stoneCount {
            for neighbour in board.neighbours(of: labelled[index])
            where cells[neighbour] != own && cells[neighbour] != Board.border && regionOf[neighbour] < 0
                && area.contains(neighbour) {
                if isVital(regionFrom: neighbour, label: nextLabel, own: own, on: board, area: area, allowsEmpty: false) {
                    vitalRegions += 1
                    if vitalRegions >= 2 { return true }
                }
                nextLabel += 1
            }
        }
        return false
    }

    /// The label `hasTwoVitalRegions` gives the block's stones in `blockOf`, and its liberties.
    private static let targetLabel: Int32 = 0
    private static let libertyLabel: Int32 = 1

    /// Floods the region holding `start` (the points not of colour `own`), labelling it `label`, and says
    /// whether it is vital to the block `hasTwoVitalRegions` labelled: inside the area, and every empty point
    /// of it a liberty of that block. Stops at the first point that says no; a point an earlier flood
    /// labelled is of the same region, which that flood found not vital (a vital region is labelled whole).
    /// Without `allowsEmpty`, any empty point says no.
    private mutating func isVital(regionFrom start: Int, label: Int32, own: UInt8, on board: SearchBoard,
                                  area: SolverArea, allowsEmpty: Bool) -> Bool {
        let cells = board.cells
        let emptyLabel = allowsEmpty ? Self.libertyLabel : -2
        if cells[start] == Board.empty && blockOf[start] != emptyLabel { return false }
        stack.removeAll()
        regionOf[start] = label
        labelled.append(start)
        stack.append(start)
        while stack.count > 0 {
            let current = stack.removeLast()
            for neighbour in board.neighbours(of: current) {
                let value = cells[neighbour]
                guard value != own && value != Board.border else { continue }
                let seen = regionOf[neighbour]
                if seen == label { continue }
                guard seen < 0, area.contains(neighbour),
                      value != Board.empty || blockOf[neighbour] == emptyLabel else { return false }
                regionOf[neighbour] = label
                labelled.append(neighbour)
                stack.append(neighbour)
            }
        }
        return true
    }

    /// Labels the block on `cell` (of colour `own`) and every block and region linked to it through
    /// regions inside the area: the regions around it, the blocks they touch, the regions around those, and
    /// so on. Records for each such region the blocks it touches and whether it is vital to each; returns
    /// how many blocks were labelled.
    ///
    /// Why not the whole area: a region that reaches outside the area is vital to no block, so it links
    /// nothing the test reads; the blocks and regions beyond it cannot change a vital count or a region's
    /// survival on the target's side, and Benson's iteration on this part gives the target the answer the
    /// whole area gives (`UnconditionalLifeTests` checks it against the definition on random positions).
    /// The flood of such a region stops at its first point outside the area.
    ///
    /// Measured: labelling the whole area's blocks and regions took a sixth of the solver's profile on an
    /// open textbook problem (Cho Chikun intermediate 2, 10 s). On 133 textbook problems (61 elementary, 44
    /// intermediate, 28 advanced, not in this repository) at 100,000 nodes, every answer, first move and
    /// node count stayed the same, in 60.0 s where the whole area took 66.5 s (two runs each, alternating,
    /// beside two matches on the 2-core machine).
    private mutating func labelComponent(of cell: Int, colour own: UInt8, on board: SearchBoard, area: SolverArea) -> Int {
        let cells = board.cells
        touchStarts.removeAll()
        touchedBlocks.removeAll()
        touchIsVital.removeAll()
        libertiesInRegion.removeAll()
        lastTouchingRegion.removeAll()
        touchPlace.removeAll()
        blockStones.removeAll()
        blockStarts.removeAll()
        isQueued.removeAll()
        queue.removeAll()
        labelBlock(from: cell, own: own, on: board)
        isQueued[0] = true
        queue.append(0)
        var nextQueued = 0
        while nextQueued < queue.count {
            let block = queue[nextQueued]
            nextQueued += 1
            let end = block + 1 < blockStarts.count ? blockStarts[block + 1] : blockStones.count
            for index in blockStarts[block]..<end {
                for start in board.neighbours(of: blockStones[index])
                where cells[start] != own && cells[start] != Board.border && regionOf[start] < 0 && area.contains(start) {
                    labelRegion(from: start, own: own, on: board, area: area)
                }
            }
        }
        touchStarts.append(touchedBlocks.count)
        return blockStarts.count
    }

    /// Labels the block on `start` (of colour `own`) with the next block label and lists its stones.
    private mutating func labelBlock(from start: Int, own: UInt8, on board: SearchBoard) {
        let cells = board.cells
        let label = Int32(blockStarts.count)
        blockStarts.append(blockStones.count)
        lastTouchingRegion.append(-1)
        touchPlace.append(0)
        isQueued.append(false)
        blockOf[start] = label
        labelled.append(start)
        var cursor = blockStones.count
        blockStones.append(start)
        while cursor < blockStones.count {
            let current = blockStones[cursor]
            cursor += 1
            for neighbour in board.neighbours(of: current) where cells[neighbour] == own && blockOf[neighbour] < 0 {
                blockOf[neighbour] = label
                labelled.append(neighbour)
                blockStones.append(neighbour)
            }
        }
    }

    /// Floods the region holding `start` with the next region label, recording the blocks it touches (each
    /// labelled on the way) and whether it is vital to each, and queues those blocks for `labelComponent`.
    /// A region that reaches outside the area stops there, records no touch and queues nothing.
    private mutating func labelRegion(from start: Int, own: UInt8, on board: SearchBoard, area: SolverArea) {
        let cells = board.cells
        let region = touchStarts.count
        let label = Int32(region)
        let firstTouch = touchedBlocks.count
        touchStarts.append(firstTouch)
        var outside = false
        var emptyPoints = 0
        regionOf[start] = label
        labelled.append(start)
        stack.removeAll()
        stack.append(start)
        while stack.count > 0 && !outside {
            let current = stack.removeLast()
            let isEmpty = cells[current] == Board.empty
            if isEmpty { emptyPoints += 1 }
            // The distinct blocks next to this point, each counted once for its liberty here.
            var counted = (-1, -1, -1)
            for neighbour in board.neighbours(of: current) {
                let value = cells[neighbour]
                if value == own {
                    if blockOf[neighbour] < 0 { labelBlock(from: neighbour, own: own, on: board) }
                    let block = Int(blockOf[neighbour])
                    if lastTouchingRegion[block] != region {
                        lastTouchingRegion[block] = region
                        touchPlace[block] = touchedBlocks.count
                        touchedBlocks.append(block)
                        libertiesInRegion.append(0)
                    }
                    if isEmpty && block != counted.0 && block != counted.1 && block != counted.2 {
                        libertiesInRegion[touchPlace[block]] += 1
                        if counted.0 < 0 { counted.0 = block } else if counted.1 < 0 { counted.1 = block } else { counted.2 = block }
                    }
                    continue
                }
                guard value != Board.border else { continue }
                let seen = regionOf[neighbour]
                if seen == label { continue }
                // Another region's label here can only be one that reaches outside, whose flood stopped
                // before it was whole: this is the same region.
                guard seen < 0, area.contains(neighbour) else {
                    outside = true
                    break
                }
                regionOf[neighbour] = label
                labelled.append(neighbour)
                stack.append(neighbour)
            }
        }
        if outside {
            // Vital to no block, it links nothing: its touches are dropped.
            touchedBlocks.truncate(to: firstTouch)
            libertiesInRegion.truncate(to: firstTouch)
            return
        }
        for touch in firstTouch..<touchedBlocks.count {
            touchIsVital.append(libertiesInRegion[touch] == emptyPoints)
            let block = touchedBlocks[touch]
            if !isQueued[block] {
                isQueued[block] = true
                queue.append(block)
            }
        }
    }
}

/// The cells of a problem's area (see `ProblemFrame`), as a list and as a mask over a board's cells.
struct SolverArea {
    let cells: [Int]
    private let mask: [Bool]

    init(cells: [Int], cellCount: Int) {
        self.cells = cells.sorted()
        var mask = [Bool](repeating: false, count: cellCount)
        for cell in cells { mask[cell] = true }
        self.mask = mask
    }

    @inline(__always)
    func contains(_ cell: Int) -> Bool { mask[cell] }
}
