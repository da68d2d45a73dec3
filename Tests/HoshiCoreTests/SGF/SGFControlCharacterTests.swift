import XCTest
@testable import HoshiCore

/// Control characters inside property values (C0 controls other than tab, line feed and carriage return,
/// and DEL): a warning at each byte, ten a file, then one line counting the rest.
final class SGFControlCharacterTests: XCTestCase {
    private func diagnostics(_ bytes: [UInt8]) -> [String] {
        SGFParser.parse(bytes: bytes, path: "t.sgf").diagnostics.map(\.description)
    }

    private func warning(_ code: String, line: Int, column: Int) -> String {
        "t.sgf:\(line):\(column): warning: control character U+\(code) in a property value; it is dropped from pages"
    }

    func testNULIsReportedAtItsByte() {
        // `(;GN[a` is 6 bytes: the NUL is column 7.
        XCTAssertEqual(diagnostics(Array("(;GN[a".utf8) + [0x00] + Array("b])".utf8)), [warning("0000", line: 1, column: 7)])
    }

    func testStartOfHeadingAndDeleteAreReported() {
        // `(;PB[` is 5 bytes: U+0001 is column 6; `]PW[x` takes 7 to 11, so DEL is column 12.
        let bytes = Array("(;PB[".utf8) + [0x01] + Array("]PW[x".utf8) + [0x7F] + Array("])".utf8)
        XCTAssertEqual(diagnostics(bytes), [warning("0001", line: 1, column: 6), warning("007F", line: 1, column: 12)])
    }

    func testInsideACommentOnLaterLinesAndAfterABackslash() {
        // Line 2 is `;C[one`, then U+001F, a line break, `\` and U+0002 (escaped, still a control) on line 3.
        let bytes = Array("(;GM[1]\n;C[one".utf8) + [0x1F] + Array("\n\\".utf8) + [0x02] + Array("])".utf8)
        XCTAssertEqual(diagnostics(bytes), [warning("001F", line: 2, column: 7), warning("0002", line: 3, column: 2)])
        XCTAssertEqual(SGFTool.check(bytes: bytes, path: "t.sgf").exitStatus, 1, "a warning, not an error")
    }

    func testTabLineBreaksAndControlsBetweenNodesAreNotReported() {
        let bytes = Array("(;C[a\tb\r\nc\rd\ne]".utf8) + [0x00, 0x01] + Array(";B[aa])".utf8)
        XCTAssertEqual(diagnostics(bytes), [])
    }

    func testTenAreListedThenTheRestCountedFromTheFirstUnlisted() {
        // `(;C[` is 4 bytes: the controls are columns 5 to 17; the eleventh is column 15.
        let thirteen = Array("(;C[".utf8) + [UInt8](repeating: 0x00, count: 13) + Array("])".utf8)
        let expected = (5...14).map { warning("0000", line: 1, column: $0) }
            + ["t.sgf:1:15: warning: 3 more control characters in property values in this file, from here on; not listed"]
        XCTAssertEqual(diagnostics(thirteen), expected)

        let eleven = Array("(;C[".utf8) + [UInt8](repeating: 0x01, count: 11) + Array("])".utf8)
        XCTAssertEqual(diagnostics(eleven).last,
                       "t.sgf:1:15: warning: 1 more control character in a property value in this file, from here on; not listed")
        XCTAssertEqual(diagnostics(eleven).count, 11)
    }

    func testTheLimitIsPerFileAcrossGames() {
        // Six controls in each of two games: ten listed, the two in the second game's last value counted.
        let game = Array("(;C[".utf8) + [UInt8](repeating: 0x07, count: 6) + Array("])".utf8)
        let found = diagnostics(game + Array("\n".utf8) + game)
        XCTAssertEqual(found.count, 11)
        XCTAssertEqual(found.last, "t.sgf:2:9: warning: 2 more control characters in property values in this file, from here on; not listed")
    }

    func testUTF16ZeroBytesAreNotControlsButItsControlsAre() {
        // UTF-16LE without a byte order mark: every ASCII character has a zero byte. U+0001 in the text is a
        // control, reported where it is in the UTF-8 conversion (`(;C[a` is 5 bytes, so column 6).
        let text = "(;C[a\u{1}b])"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(diagnostics(bytes), [warning("0001", line: 1, column: 6)])
        var clean: [UInt8] = []
        for unit in "(;C[ab])".utf16 { clean += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(diagnostics(clean), [])
    }

    func testISO2022JPEscapesAreItsCharsetNotText() {
        // 碁 in ISO-2022-JP: ESC $ B, 0x38 0x6B, ESC ( B.
        let bytes = Array("(;CA[ISO-2022-JP]C[".utf8) + [0x1B, 0x24, 0x42, 0x38, 0x6B, 0x1B, 0x28, 0x42] + Array("])".utf8)
        let result = SGFParser.parse(bytes: bytes, path: "t.sgf")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.games.first?.root.comment, "碁")
        // The same escape in a UTF-8 game is a control character (`(;C[` is 4 bytes).
        XCTAssertEqual(diagnostics(Array("(;C[".utf8) + [0x1B] + Array("])".utf8)), [warning("001B", line: 1, column: 5)])
    }
}
