import Foundation
import HoshiCore
import XCTest

final class LightsSetReportTests: XCTestCase {
    let text = """
        # Solvable
        -----
        -x---
        xxx--
        -x---
        -----

        x----
        -----
        -----
        -----
        -----
        """

    func testJSONOutputShape() throws {
        let (set, _) = LightsPuzzleSet.parse(Array(text.utf8), path: "two.txt")
        let report = LightsSetChecker.check(set)
        XCTAssertEqual(report.json(), """
            [
              {"index": 1, "line": 2, "width": 5, "height": 5, "solvable": true, "par": 1, "presses": [[2, 1]]},
              {"index": 2, "line": 8, "width": 5, "height": 5, "solvable": false, "par": null, "presses": []}
            ]

            """)
        // It is valid JSON.
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(report.json().utf8)))
    }

    func testTextOutputAndDiagnostics() {
        let (set, _) = LightsPuzzleSet.parse(Array(text.utf8), path: "two.txt")
        let report = LightsSetChecker.check(set)
        let lines = report.text().split(separator: "\n")
        XCTAssertEqual(lines.first, "puzzle 1 \"Solvable\" (line 2, 5x5): par 1: (3,2)")
        XCTAssertTrue(lines[1].hasPrefix("puzzle 2 (line 8, 5x5): unsolvable: 1 lit cell lies on quiet pattern"), String(lines[1]))
        XCTAssertTrue(lines[1].hasSuffix("toggle the light at row 1, column 1 to make it solvable"), String(lines[1]))
        XCTAssertEqual(lines.last, "2 puzzles, 1 solvable, 1 unsolvable")
        let diagnostics = report.unsolvableDiagnostics(severity: .error)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].description.hasPrefix("two.txt:8:1: error: puzzle 2 is unsolvable: "),
                      diagnostics[0].description)
    }

    func testTorusRuleComesFromTheSet() {
        // A single light on a 3 x 3 torus: every press toggles 5 cells, and pressing all 9 cells toggles
        // each light 5 times; the reference decides.
        let board = LightsBoard(picture: ["x--", "---", "---"])
        let set = LightsPuzzleSet(path: "t.txt", puzzles: [LightsPuzzle(board: board, location: SourceLocation(path: "t.txt"))],
                                  rule: .torus)
        let expected = LightsReference(width: 3, height: 3, wraps: true).minimumPresses(lit: (0..<9).map { $0 == 0 })
        XCTAssertEqual(LightsSetChecker.check(set).entries.first?.par, expected?.count)
    }
}
