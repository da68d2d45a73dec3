import Foundation
import HoshiCore
import XCTest

final class LightsPropertyListReaderTests: XCTestCase {
    let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>puzzles</key>
        \t<array>

        """

    func testReadsStringsWithPositions() {
        let text = header + "\t\t<string>x----|-----|-----|-----|----x|</string>\n\t\t<string>-x-|x-x</string>\n\t</array>\n</dict>\n</plist>\n"
        let (set, diagnostics) = LightsPuzzleSet.parse(Array(text.utf8), path: "p.plist")
        XCTAssertEqual(diagnostics, [])
        XCTAssertTrue(set.firstRowShownAtBottom)
        XCTAssertEqual(set.puzzles.map(\.location.description), ["p.plist:6:11", "p.plist:7:11"])
        XCTAssertEqual(set.puzzles[1].board, LightsBoard(picture: ["-x-", "x-x"]), "the final | is optional")
    }

    func testRejectedPuzzlesPointAtTheProblem() {
        let text = header + "\t\t<string>x-x|--z|</string>\n\t\t<string>xx|x|</string>\n\t\t<string>xx|xx|</string>\n\t</array>\n"
        let (set, diagnostics) = LightsPuzzleSet.parse(Array(text.utf8), path: "p.plist")
        XCTAssertEqual(set.puzzles.count, 1)
        XCTAssertEqual(diagnostics.map { $0.location?.description }, ["p.plist:6:17", "p.plist:7:14"])
        XCTAssertTrue(diagnostics[0].message.hasPrefix("unexpected character 'z'"), diagnostics[0].message)
        XCTAssertTrue(diagnostics[1].message.hasPrefix("row 2 has 1 cells but row 1 has 2"), diagnostics[1].message)
    }

    func testBinaryPropertyList() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["puzzles": ["xx|xx|", "x|"]], format: .binary,
                                                      options: 0)
        let (set, diagnostics) = LightsPuzzleSet.parse([UInt8](data), path: "b.plist")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(set.puzzles.map(\.board), [LightsBoard(picture: ["xx", "xx"]), LightsBoard(picture: ["x"])])
    }

    func testEmptyListIsAnError() {
        let (set, diagnostics) = LightsPuzzleSet.parse(Array((header + "\t</array>\n").utf8), path: "e.plist")
        XCTAssertEqual(set.puzzles, [])
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
    }
}
