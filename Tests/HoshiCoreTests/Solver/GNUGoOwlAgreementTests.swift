import HoshiCore
import XCTest

/// The solver against GNU Go's own life-and-death reading (its owl code, over GTP) on the same positions:
/// `owl_attack` when the side to play kills, `owl_defend` when it lives, on the solver's target, in the
/// problem's own position (without the frame). Skips when GNU Go is absent.
final class GNUGoOwlAgreementTests: XCTestCase {
    private let gnugo = "/usr/games/gnugo"

    func testTheSolverAgreesWithGNUGoOwlOnTheEyeShapes() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gnugo),
                          "GNU Go is not installed at \(gnugo) (Debian package gnugo); skipping the owl comparison")
        let client = try GTPClient(commandLine: "\(gnugo) --mode gtp --level 10", timeout: 60)
        defer { client.close() }
        var compared = 0
        var agreeing = 0
        var movesAgreeing = 0
        for shape in LifeAndDeathSolverTests.deadShapes + [
            .init("square four", [[3, 0], [4, 0], [3, 1], [4, 1]], vital: [3, 0]),
            .init("straight four", [[3, 0], [4, 0], [5, 0], [6, 0]], vital: [4, 0]),
        ] {
            let board = SolverFixtures.walled(space: shape.space)
            for (toPlay, comment) in [(Stone.black, "Black to kill"), (Stone.white, "White to live")] {
                let frame = try ProblemFrame(board: board, toPlay: toPlay, comment: comment)
                let result = LifeAndDeathSolver.solve(frame, options: .init(nodeLimit: 3_000, seconds: nil, writesTree: false))
                XCTAssertEqual(result.status, .proven, "\(shape) \(comment)")
                let owl = try SolverFixtures.owlAnswer(client, board: board, frame: frame)
                compared += 1
                if owl.succeeds == result.reachesGoal { agreeing += 1 } else {
                    XCTFail("\(shape), \(comment): solver \(result.summary); GNU Go \(owl.reply)")
                }
                if owl.succeeds, let move = owl.move, result.correctFirstMoves.contains(move) {
                    movesAgreeing += 1
                }
            }
        }
        print("GNU Go owl agreement on \(compared) eye-shape problems: \(agreeing) results, \(movesAgreeing) owl moves among the solver's correct first moves")
        XCTAssertEqual(agreeing, compared)
    }
}
