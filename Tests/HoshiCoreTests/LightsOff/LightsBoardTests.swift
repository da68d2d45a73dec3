import HoshiCore
import XCTest

final class LightsBoardTests: XCTestCase {
    func testPictureDescriptionTransposeAndCells() {
        let board = LightsBoard(picture: ["x--", "-x-"])
        XCTAssertEqual(board.description, "x--\n-x-")
        XCTAssertEqual(board.transposed().description, "x-\n-x\n--")
        XCTAssertEqual(board.litCells.map { [$0.row, $0.column] }, [[0, 0], [1, 1]])
        XCTAssertEqual(LightsBoard.allLit(width: 65, height: 2).litCount, 130)
        XCTAssertTrue(LightsBoard(width: 3, height: 3).isAllOff)
    }

    /// Pressing a corner, an edge and the middle, on both rules (hand-drawn expectations).
    func testSinglePresses() {
        var plain = LightsBoard(width: 4, height: 3)
        plain.press(row: 0, column: 0, rule: .plain)
        XCTAssertEqual(plain.description, "xx--\nx---\n----")
        var torus = LightsBoard(width: 4, height: 3)
        torus.press(row: 0, column: 0, rule: .torus)
        XCTAssertEqual(torus.description, "xx-x\nx---\nx---")
        var middle = LightsBoard(width: 4, height: 3)
        middle.press(row: 1, column: 2, rule: .plain)
        XCTAssertEqual(middle.description, "--x-\n-xxx\n--x-")
    }

    /// The word-level replay equals pressing each cell in turn, across word boundaries and wrapped edges.
    func testApplyPressesMatchesSinglePresses() {
        var random = LightsSolverTests.TestRandom(state: 31)
        for (width, height) in [(1, 1), (2, 5), (3, 3), (63, 4), (64, 3), (65, 5), (130, 3)] {
            for rule in LightsRule.allCases {
                var presses = LightsBoard(width: width, height: height)
                var start = LightsBoard(width: width, height: height)
                for row in 0..<height {
                    for column in 0..<width {
                        if random.next() % 3 == 0 { presses[row, column] = true }
                        if random.next() % 2 == 0 { start[row, column] = true }
                    }
                }
                var oneByOne = start
                for cell in presses.litCells { oneByOne.press(row: cell.row, column: cell.column, rule: rule) }
                XCTAssertEqual(start.applyingPresses(presses, rule: rule), oneByOne, "\(width)x\(height) \(rule)")
            }
        }
    }
}
