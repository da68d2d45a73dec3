@testable import HoshiCore
import Testing

/// Life read from the target's small enclosed regions: against the textbook's living and dead eye shapes,
/// a textbook seki, a group Benson's test cannot see alive, and the search without the test on walled eye
/// spaces holding the attacker's stones.
struct EnclosedRegionLifeTests {
    /// White (the defender) walled around `space` (`SolverFixtures.walled`), with black stones on `black`.
    private static func position(space: [[Int]], black: [[Int]] = []) -> Board {
        var board = SolverFixtures.walled(space: space)
        for point in black { board.set(.black, at: Point(column: point[0], row: point[1])) }
        return board
    }

    /// The test's answer for white's group on `board` (every white stone is of one block there).
    private static func isAlive(_ board: Board, sekiIsFailure: Bool, regions: EnclosedRegionLife = EnclosedRegionLife()) throws -> Bool {
        let searchBoard = SearchBoard(board: board, toMove: .black, koMaster: nil)
        let white = try #require(board.stones.first { $0.stone == .white }).point
        let cell = searchBoard.index(of: white)
        return regions.isAlive(blockAt: cell, liberties: searchBoard.block(at: cell).liberties, defender: .white,
                               sekiIsFailure: sekiIsFailure, on: searchBoard)
    }

    /// The textbook's shapes, the attacker to play: a straight or bent four and a straight five live; the
    /// straight three, the square, pyramid, bulky and crossed shapes die (`EyeShape`'s dead shapes).
    @Test(arguments: [true, false])
    func textbookEyeSpacesLiveOrDieAlone(sekiIsFailure: Bool) throws {
        let living: [[[Int]]] = [
            [[3, 0], [4, 0], [5, 0], [6, 0]],
            [[3, 0], [4, 0], [5, 0], [5, 1]],
            [[3, 0], [4, 0], [5, 0], [6, 0], [7, 0]],
        ]
        for space in living {
            #expect(try Self.isAlive(Self.position(space: space), sekiIsFailure: sekiIsFailure), "\(space)")
        }
        for shape in LifeAndDeathSolverTests.deadShapes {
            let space = shape.space.map { [$0.column, $0.row] }
            #expect(try !Self.isAlive(Self.position(space: space), sekiIsFailure: sekiIsFailure), "\(shape)")
        }
    }

    /// A crossed five (its centre touches no white stone) beside a one-point eye: Benson's test sees one
    /// vital region and no life; each region holds an eye whatever black plays, so white lives.
    @Test(arguments: [true, false])
    func twoRegionsThatEachHoldAnEyeLive(sekiIsFailure: Bool) throws {
        let board = Self.position(space: [[3, 1], [2, 2], [3, 2], [4, 2], [3, 3], [7, 2]])
        let searchBoard = SearchBoard(board: board, toMove: .black, koMaster: nil)
        let white = searchBoard.index(of: Point(column: 3, row: 0))
        let area = SolverArea(cells: BoardSize.standard.points.map(searchBoard.index(of:)), cellCount: searchBoard.cells.count)
        let bensonSaysAlive = searchBoard.unconditionalLife.isAlive(blockAt: white, colour: .white, on: searchBoard, area: area)
        #expect(!bensonSaysAlive)
        #expect(try Self.isAlive(board, sekiIsFailure: sekiIsFailure))
    }

    /// Six points in a row, black on the middle four: white and black share the two ends. Whoever fills
    /// one is captured: white at once, black leaving white a straight five, which lives. So neither
    /// plays (seki). Alive when seki counts for the defender, not when the defender must live
    /// unconditionally.
    @Test func aSekiInsideTheRegionIsLifeOnlyWhenSekiCounts() throws {
        let board = Self.position(space: [[3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0]], black: [[4, 0], [5, 0], [6, 0], [7, 0]])
        #expect(try Self.isAlive(board, sekiIsFailure: false))
        #expect(try !Self.isAlive(board, sekiIsFailure: true))
    }

    /// Four points in a row, black on the middle two: black's filling an end is no mistake here, as white,
    /// capturing three, is left with a straight three that black kills (white has no liberty outside).
    @Test func aNakadeThatLooksLikeSekiIsNotLife() throws {
        let board = Self.position(space: [[3, 0], [4, 0], [5, 0], [6, 0]], black: [[4, 0], [5, 0]])
        #expect(try !Self.isAlive(board, sekiIsFailure: false))
    }

    /// A region's verdict is kept by its contents: the same shape elsewhere on the board plays no new
    /// local game.
    @Test func theSameRegionElsewhereIsReadOnce() throws {
        let regions = EnclosedRegionLife()
        #expect(try Self.isAlive(Self.position(space: [[3, 0], [4, 0], [5, 0], [6, 0]]), sekiIsFailure: true, regions: regions))
        let games = regions.localGames
        #expect(games > 0)
        #expect(try Self.isAlive(Self.position(space: [[10, 0], [11, 0], [12, 0], [13, 0]]), sekiIsFailure: true, regions: regions))
        #expect(regions.localGames == games)
    }

    /// On walled eye spaces of four to six points with up to three black stones inside (a fixed
    /// pseudo-random sample of legal positions, `SplitMix64`), every group the test calls alive is proven alive by the
    /// search without the test, black to play and black winning every ko, for both meanings of seki; and
    /// the test finds some alive and some not.
    @Test func everyGroupFoundAliveSurvivesTheSearchWithoutTheTest() throws {
        let spaces: [[[Int]]] = [
            [[3, 0], [4, 0], [5, 0], [6, 0]],
            [[3, 0], [4, 0], [5, 0], [5, 1]],
            [[3, 0], [4, 0], [5, 0], [6, 0], [7, 0]],
            [[3, 0], [4, 0], [5, 0], [3, 1], [4, 1]],
            [[3, 0], [4, 0], [5, 0], [3, 1], [4, 1], [5, 1]],
            [[3, 0], [4, 0], [5, 0], [6, 0], [4, 1], [5, 1]],
            [[3, 1], [4, 1], [5, 1], [4, 2], [4, 3]],
        ]
        var generator = SplitMix64(seed: 7)
        var alive = 0
        var notAlive = 0
        for space in spaces {
            for _ in 0..<6 {
                let count = Int(generator.next() % 4)
                var black: [[Int]] = []
                for point in space where black.count < count && generator.next() % 3 == 0 { black.append(point) }
                let board = Self.position(space: space, black: black)
                guard Self.isLegal(board) else { continue }
                for sekiIsFailure in [true, false] {
                    guard try Self.isAlive(board, sekiIsFailure: sekiIsFailure) else {
                        notAlive += 1
                        continue
                    }
                    alive += 1
                    let frame = try ProblemFrame(board: board, toPlay: .black, comment: "Black to kill")
                    let (search, _) = FrameSearch.make(frame, sekiIsFailure: sekiIsFailure, koMaster: .black, nodes: 400_000)
                    #expect(search.solve() == .white, "\(space) black \(black) seki is failure: \(sekiIsFailure)")
                }
            }
        }
        #expect(alive > 0 && notAlive > 0)
    }

    /// Whether every block on `board` has a liberty.
    private static func isLegal(_ board: Board) -> Bool {
        let searchBoard = SearchBoard(board: board, toMove: .black, koMaster: nil)
        return board.stones.allSatisfy { searchBoard.libertyCount(at: searchBoard.index(of: $0.point), limit: 1) > 0 }
    }
}
