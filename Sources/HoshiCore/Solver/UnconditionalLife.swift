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
        let blockCount = labelBlocks(of: colour.rawValue, on: board, area: area)
        labelRegions(of: colour.rawValue, on: board, area: area, blockCount: blockCount)
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

    /// Labels the blocks of colour `own` in `area`; returns how many there are.
    private mutating func labelBlocks(of own: UInt8, on board: SearchBoard, area: SolverArea) -> Int {
        let cells = board.cells
        var blockCount = 0
        for start in area.cells where cells[start] == own && blockOf[start] < 0 {
            let label = Int32(blockCount)
            blockOf[start] = label
            labelled.append(start)
            stack.append(start)
            while stack.count > 0 {
                let current = stack.removeLast()
                for neighbour in board.neighbours(of: current)
                where cells[neighbour] == own && blockOf[neighbour] < 0 {
                    blockOf[neighbour] = label
                    labelled.append(neighbour)
                    stack.append(neighbour)
                }
            }
            blockCount += 1
        }
        return blockCount
    }

    /// Labels the regions (the rest of `area`), and for each the blocks it touches and whether it is vital
    /// to each.
    private mutating func labelRegions(of own: UInt8, on board: SearchBoard, area: SolverArea, blockCount: Int) {
        let cells = board.cells
        touchStarts.removeAll()
        touchedBlocks.removeAll()
        touchIsVital.removeAll()
        libertiesInRegion.removeAll()
        Self.reset(&lastTouchingRegion, to: -1, count: blockCount)
        Self.reset(&touchPlace, to: 0, count: blockCount)
        for start in area.cells where cells[start] != own && regionOf[start] < 0 {
            let region = touchStarts.count
            let label = Int32(region)
            touchStarts.append(touchedBlocks.count)
            var outside = false
            var emptyPoints = 0
            regionOf[start] = label
            labelled.append(start)
            stack.append(start)
            while stack.count > 0 {
                let current = stack.removeLast()
                let isEmpty = cells[current] == Board.empty
                if isEmpty { emptyPoints += 1 }
                // The distinct blocks next to this point, each counted once for its liberty here.
                var counted = (-1, -1, -1)
                for neighbour in board.neighbours(of: current) {
                    let value = cells[neighbour]
                    if value == own {
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
                    guard value != Board.border && regionOf[neighbour] < 0 else { continue }
                    if !area.contains(neighbour) {
                        outside = true
                        continue
                    }
                    regionOf[neighbour] = label
                    labelled.append(neighbour)
                    stack.append(neighbour)
                }
            }
            for touch in touchStarts[region]..<touchedBlocks.count {
                touchIsVital.append(!outside && libertiesInRegion[touch] == emptyPoints)
            }
        }
        touchStarts.append(touchedBlocks.count)
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
