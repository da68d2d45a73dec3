import HoshiCore
import XCTest

final class LightsTextReaderTests: XCTestCase {
    func testBlocksTitlesCommentsAndAllCellCharacters() {
        let text = """
            # A file header is a comment: a blank line follows it.

            # Cross
            --x--
            -xxx-
            --x--

            1001
            0110

            # Hash rows
            #.#
            .#.
            """
        let (puzzles, diagnostics) = LightsTextReader.parse(text, path: "set.txt")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(puzzles.map(\.title), ["Cross", nil, "Hash rows"])
        XCTAssertEqual(puzzles.map(\.location), [
            SourceLocation(path: "set.txt", line: 4, column: 1),
            SourceLocation(path: "set.txt", line: 8, column: 1),
            SourceLocation(path: "set.txt", line: 12, column: 1),
        ])
        XCTAssertEqual(puzzles[0].board, LightsBoard(picture: ["--x--", "-xxx-", "--x--"]))
        XCTAssertEqual(puzzles[1].board, LightsBoard(picture: ["x--x", "-xx-"]))
        XCTAssertEqual(puzzles[2].board, LightsBoard(picture: ["x-x", "-x-"]))
    }

    func testCarriageReturnsIndentationAndLetterO() {
        let (puzzles, diagnostics) = LightsTextReader.parse("  xO-  \r\n  ..x\r\n", path: "crlf.txt")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(puzzles.first?.board, LightsBoard(picture: ["xx-", "--x"]))
        XCTAssertEqual(puzzles.first?.location, SourceLocation(path: "crlf.txt", line: 1, column: 3))
    }

    /// Rejected inputs, each with the position of the problem (line:column) and the start of the message.
    func testRejectedInputsReportLineAndColumn() {
        let cases: [(text: String, location: String, message: String)] = [
            ("x-x\nx-q\n", "bad.txt:2:3", "unexpected character 'q'"),
            ("x-x\nx-\n", "bad.txt:2:1", "row has 2 cells but the puzzle's first row has 3"),
            ("# T\nxx\n\nx x\n", "bad.txt:4:2", "unexpected character ' '"),
        ]
        for (text, location, message) in cases {
            let (puzzles, diagnostics) = LightsTextReader.parse(text, path: "bad.txt")
            XCTAssertEqual(diagnostics.count, 1, text)
            XCTAssertEqual(diagnostics.first?.location?.description, location, text)
            XCTAssertTrue(diagnostics.first?.message.hasPrefix(message) ?? false, diagnostics.first?.message ?? "")
            XCTAssertEqual(diagnostics.first?.severity, .error)
            // The broken puzzle is left out; the others are kept.
            XCTAssertEqual(puzzles.count, text.hasPrefix("# T") ? 1 : 0, text)
        }
    }

    func testWideAndTallPuzzleRoundTripsThroughWriter() {
        var board = LightsBoard(width: 130, height: 70)
        for row in 0..<70 { for column in 0..<130 where (row * 7 + column * 3) % 5 == 0 { board[row, column] = true } }
        let text = LightsTextWriter.text(for: [("x-x", board), (nil, LightsBoard(picture: ["x"]))])
        let (puzzles, diagnostics) = LightsTextReader.parse(text, path: "wide.txt")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(puzzles.map(\.title), ["x-x", nil], "a title that looks like a row survives the round trip")
        XCTAssertEqual(puzzles.map(\.board), [board, LightsBoard(picture: ["x"])])
    }
}
