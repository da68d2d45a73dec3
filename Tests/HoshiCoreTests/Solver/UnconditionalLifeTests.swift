@testable import HoshiCore
import Testing

/// Benson's test as the search runs it (labels and lists kept between tests) against the definition, read
/// here with sets of points: on hand-made positions whose answer the definition gives at once, and on random
/// positions in a corner area of the board, every block of both colours.
struct UnconditionalLifeTests {
    /// The area: the top-left 7x6 corner; the rest of the board is empty, so a region reaching it is vital
    /// to no block.
    private static let area = BoardArea(columns: 0...6, rows: 0...5)

    private static func solverArea(on board: SearchBoard) -> SolverArea {
        let cells = BoardSize.standard.points.filter(area.contains).map(board.index(of:))
        return SolverArea(cells: cells, cellCount: board.cells.count)
    }

    /// The definition: regions are the maximal connected sets of the area's points not of the colour
    /// (one reaching a point outside the area is vital to nothing); a region is vital to a block when each
    /// of its empty points touches the block; drop blocks with fewer than two vital regions among those
    /// left, and regions touching a dropped block, until nothing changes.
    private static func definitionSaysAlive(_ point: Point, on board: Board) -> Bool {
        guard let colour = board[point] else { return false }
        let size = board.size
        func component(from start: Point, where belongs: (Point) -> Bool) -> Set<Point> {
            var found: Set<Point> = [start]
            var pending = [start]
            while let current = pending.popLast() {
                for neighbour in size.neighbours(of: current) where belongs(neighbour) && found.insert(neighbour).inserted {
                    pending.append(neighbour)
                }
            }
            return found
        }
        let areaPoints = size.points.filter(area.contains)
        var blocks: [Set<Point>] = []
        var regions: [(points: Set<Point>, reachesOutside: Bool)] = []
        for start in areaPoints {
            if board[start] == colour {
                if !blocks.contains(where: { $0.contains(start) }) {
                    blocks.append(component(from: start) { area.contains($0) && board[$0] == colour })
                }
            } else if !regions.contains(where: { $0.points.contains(start) }) {
                let points = component(from: start) { area.contains($0) && board[$0] != colour }
                let outside = points.contains { size.neighbours(of: $0).contains { !area.contains($0) } }
                regions.append((points, outside))
            }
        }
        func touches(_ region: Set<Point>, _ block: Set<Point>) -> Bool {
            region.contains { size.neighbours(of: $0).contains(where: block.contains) }
        }
        func isVital(_ region: (points: Set<Point>, reachesOutside: Bool), to block: Set<Point>) -> Bool {
            !region.reachesOutside && region.points.filter { board[$0] == nil }.allSatisfy { size.neighbours(of: $0).contains(where: block.contains) }
        }
        var liveBlocks = Set(blocks.indices)
        var liveRegions = Set(regions.indices)
        while true {
            let dropped = liveBlocks.filter { block in
                liveRegions.filter { isVital(regions[$0], to: blocks[block]) && touches(regions[$0].points, blocks[block]) }.count < 2
            }
            let droppedRegions = liveRegions.filter { region in
                blocks.indices.contains { !liveBlocks.subtracting(dropped).contains($0) && touches(regions[region].points, blocks[$0]) }
            }
            if dropped.isEmpty && droppedRegions.isEmpty { break }
            liveBlocks.subtract(dropped)
            liveRegions.subtract(droppedRegions)
        }
        return blocks.indices.contains { liveBlocks.contains($0) && blocks[$0].contains(point) }
    }

    private static func searchSaysAlive(_ point: Point, on searchBoard: SearchBoard, colour: Stone,
                                        test: inout UnconditionalLife) -> Bool {
        test.isAlive(blockAt: searchBoard.index(of: point), colour: colour, on: searchBoard, area: solverArea(on: searchBoard))
    }

    /// Two one-point eyes of one block live; a block with one eye does not; an eye on the area's edge
    /// reaches the open board and is vital to nothing, the same eye one point in is.
    @Test func theDefinitionsOwnExamples() {
        let cases: [(rows: [String], point: Point, alive: Bool)] = [
            ([".O.OX", "OOOOX", "XXXXX"], Point(column: 1, row: 0), true),
            ([".OOOX", "OOOOX", "XXXXX"], Point(column: 1, row: 0), false),
            ([".OOOOO.", "OOOOOOO"], Point(column: 1, row: 0), false),
            ([".OOOO.O", "OOOOOOO"], Point(column: 1, row: 0), true),
        ]
        var test = UnconditionalLife()
        for (rows, point, alive) in cases {
            let board = SolverFixtures.board(rows)
            let searchBoard = SearchBoard(board: board, toMove: .black, koMaster: nil)
            let colour = board[point] ?? .white
            #expect(Self.definitionSaysAlive(point, on: board) == alive, "definition, \(rows)")
            #expect(Self.searchSaysAlive(point, on: searchBoard, colour: colour, test: &test) == alive, "search, \(rows)")
        }
    }

    /// 300 random corner positions, one test value reused across them all as a search reuses it: every
    /// block of both colours gets the definition's answer.
    @Test func randomPositionsGetTheDefinitionsAnswer() {
        var random = SplitMix64(seed: 2026)
        var test = UnconditionalLife()
        var alive = 0
        var checked = 0
        for _ in 0..<300 {
            var board = Board(size: .standard)
            let emptyShare = Int.random(in: 20...60, using: &random)
            for point in BoardSize.standard.points where Self.area.contains(point) {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < emptyShare { continue }
                board.set(roll % 2 == 0 ? .black : .white, at: point)
            }
            let searchBoard = SearchBoard(board: board, toMove: .black, koMaster: nil)
            for (point, colour) in board.stones.map({ ($0.point, $0.stone) }) {
                let expected = Self.definitionSaysAlive(point, on: board)
                #expect(Self.searchSaysAlive(point, on: searchBoard, colour: colour, test: &test) == expected, "\(point.sgf)")
                if expected { alive += 1 }
                checked += 1
            }
        }
        // Both answers occur, so the comparison says something.
        #expect(alive > 50 && alive < checked - 50)
    }
}
