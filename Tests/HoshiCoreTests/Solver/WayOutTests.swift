@testable import HoshiCore
import Testing

/// The way out's first-line rule (`WayOut`) against the frame it is made from.
struct WayOutTests {
    /// Black to kill, narrowed to White's sphere: the narrowing fills points beside the first line that are
    /// empty on the real board (a position found by a random search for one, here H18 below the edge point
    /// H19). A first-line edge point whose inward point was filled stays a way out: the group could climb
    /// there. Taking the filled stone for a wall (as a rule that trusted every attacker stone would) shuts
    /// it.
    @Test func aFilledPointIsNoWall() throws {
        let board = SolverFixtures.board(["..O..X.", "OX.XX..", "..OOXXX", ".X.OX.."])
        let frame = try ProblemFrame(board: board, toPlay: .black, comment: "Black to kill")
        let narrowed = try #require(frame.narrowedToSphere())
        let inPlay = Set(narrowed.region)
        func isFilled(_ point: Point) -> Bool {
            board[point] == nil && !inPlay.contains(point) && narrowed.searchedBoard[point] == .black
        }
        let points = narrowed.edge.filter { point in
            point.row == 0 && board[point] == nil && isFilled(Point(column: point.column, row: 1))
        }
        #expect(!points.isEmpty, "the narrowing fills no point beside a first-line edge point: \(narrowed.edge.map(\.sgf))")
        for point in points {
            let searchBoard = SearchBoard(board: narrowed.searchedBoard, toMove: .white, koMaster: nil)
            let cell = searchBoard.index(of: point)
            #expect(searchBoard.play(cell), "\(point.sgf)")
            #expect(WayOut(frame: narrowed, on: searchBoard).isReached(by: [cell], on: searchBoard, attacker: .black), "\(point.sgf)")
            let trusting = WayOut(edge: narrowed.edge, on: searchBoard) { _ in true }
            #expect(!trusting.isReached(by: [cell], on: searchBoard, attacker: .black), "\(point.sgf)")
        }
    }

    /// A second-line group of six under Black's wall, Black to kill: its one road to the narrowed frame's
    /// edge is the first line under Black's stone at the wall's end (H19 under H18). The group that crawls
    /// there has not escaped while H18 stands, and has once H18 is gone.
    ///
    /// The solver used to prove this corner a kill at the 1-2 point, with GNU Go's owl reading agreeing.
    /// That proof rested on the filled J19 catching White's hane at H19 for free; with J19 empty, as on the
    /// real board (`ProblemFrame.margin`), the hane leads to a ko at G19 in the lines the solver reads
    /// (owl counts Black's first capture of that ko as the kill), and the corner is no longer proven.
    @Test func aCrawlUnderTheWallIsNoEscape() throws {
        let board = SolverFixtures.board(["........", ".OOOOOOX", "XXXXXXXX"])
        let frame = try ProblemFrame(board: board, toPlay: .black, comment: "Black to kill")
        let narrowed = try #require(frame.narrowedToSphere())
        let h19 = Point(column: 7, row: 0)
        #expect(narrowed.edge.contains(h19))
        var crawled = narrowed.openSearchedBoard
        crawled.set(.white, at: Point(column: 6, row: 0))
        crawled.set(.white, at: h19)
        func isEscaped(on position: Board) -> Bool {
            let search = SearchBoard(board: position, toMove: .black, koMaster: nil)
            let block = search.block(at: search.index(of: narrowed.target)).stones
            #expect(block.contains(search.index(of: h19)))
            return WayOut(frame: narrowed, on: search).isReached(by: block, on: search, attacker: .black)
        }
        #expect(!isEscaped(on: crawled))
        crawled.set(nil, at: Point(column: 7, row: 1))
        #expect(isEscaped(on: crawled))
    }
}
