import Foundation
import HoshiCore
import XCTest

final class LightsHintTableTests: XCTestCase {
    /// The table alone (as a page would use it) gives the fewest presses for every state, per the reference.
    func testTableSolvesEveryStateOptimally() throws {
        for (width, height, rule) in [(5, 5, LightsRule.plain), (4, 4, .plain), (4, 3, .torus), (7, 2, .plain)] {
            let solver = LightsSolver(width: width, height: height, rule: rule)
            let table = try XCTUnwrap(LightsHintTable(solver: solver))
            let reference = LightsReference(width: width, height: height, wraps: rule.wraps)
            var random = LightsSolverTests.TestRandom(state: 5)
            for _ in 0..<60 {
                let lit = (0..<(width * height)).map { _ in random.next() & 1 == 1 }
                let state = LightsBoard(rows: (0..<height).map { Array(lit[($0 * width)..<(($0 + 1) * width)]) })
                let expected = reference.minimumPresses(lit: lit)
                let presses = table.minimumPresses(for: state)
                XCTAssertEqual(presses?.litCount, expected?.count, "\(width)x\(height) \(rule)\n\(state)")
                if let presses { XCTAssertTrue(state.applyingPresses(presses, rule: rule).isAllOff) }
            }
        }
    }

    func testJSONShapeAndRoundTrip() throws {
        let table = try XCTUnwrap(LightsHintTable(solver: LightsSolver(width: 5, height: 5)))
        XCTAssertEqual(table.cellPresses.count, 25)
        XCTAssertEqual(table.quietPatterns.count, 2)
        XCTAssertEqual(table.wordsPerRow, 1)
        // Each quiet pattern really changes nothing (checked with the independent reference).
        let reference = LightsReference(width: 5, height: 5, wraps: false)
        for rows in table.quietPatterns {
            let pattern = LightsHintTable.board(fromBitRows: rows, width: 5)
            XCTAssertGreaterThan(pattern.litCount, 0)
            let presses = pattern.litCells.map { $0.row * 5 + $0.column }
            XCTAssertTrue(reference.turnsOff(lit: [Bool](repeating: false, count: 25), presses: presses))
        }
        let data = try JSONEncoder().encode(table)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["width", "height", "rule", "wordsPerRow", "cellPresses", "quietPatterns"])
        XCTAssertEqual(json["rule"] as? String, "plain")
        XCTAssertEqual(try JSONDecoder().decode(LightsHintTable.self, from: data), table)
    }

    func testBitRowsUseThirtyTwoBitWordsForWideBoards() {
        var board = LightsBoard(width: 40, height: 1)
        board[0, 0] = true
        board[0, 33] = true
        XCTAssertEqual(LightsHintTable.bitRows(board), [[1, 2]])
        XCTAssertEqual(LightsHintTable.board(fromBitRows: [[1, 2]], width: 40), board)
    }
}
