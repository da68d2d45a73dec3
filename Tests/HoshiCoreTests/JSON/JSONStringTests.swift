import Foundation
import HoshiCore
import XCTest

/// JSON string literals read back by Foundation's own JSON reader, an independent parser.
final class JSONStringTests: XCTestCase {
    /// Every control character, the characters JSON and HTML treat specially, the two line separators and
    /// text beyond the Basic Multilingual Plane. (Not U+FEFF: Foundation's reader drops a byte-order mark
    /// wherever it stands, though JSON keeps it.)
    private static let awkward: String = {
        var text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        text += "\"\\/<>&'\u{7F}\u{85}\u{A0}\u{2028}\u{2029}é漢字\u{1F600}</script><!-- -->"
        return text
    }()

    private func decoded(_ literal: String, line: UInt = #line) -> String? {
        let value = try? JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        XCTAssertNotNil(value, "not JSON: \(literal)", line: line)
        return value?.first
    }

    func testLiteralsReadBackAsTheirText() {
        for text in [Self.awkward, "", "plain", "line\r\nbreaks\n", String(repeating: "\\\"", count: 3)] {
            XCTAssertEqual(decoded(JSONString.quoted(text)), text)
            XCTAssertEqual(decoded(JSONString.quoted(text, isScriptSafe: true)), text)
        }
    }

    func testRandomTextReadsBack() {
        var generator = SystemRandomNumberGenerator()
        let pool = Array(Self.awkward.unicodeScalars) + Array("abc xyz".unicodeScalars)
        for _ in 0..<200 {
            let length = Int.random(in: 0..<40, using: &generator)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in pool[Int.random(in: pool.indices, using: &generator)] }))
            XCTAssertEqual(decoded(JSONString.quoted(text, isScriptSafe: Bool.random(using: &generator))), text)
        }
    }

    func testScriptSafeLiteralsCannotEndAScriptElementOrALine() {
        let literal = JSONString.quoted(Self.awkward, isScriptSafe: true)
        XCTAssertFalse(literal.contains("<"))
        XCTAssertFalse(literal.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0.value < 0x20 })
        // Without the option only what JSON requires is escaped: the rest stays readable.
        let plain = JSONString.quoted(Self.awkward)
        XCTAssertTrue(plain.contains("</script><!--"))
        XCTAssertTrue(plain.unicodeScalars.contains("\u{2028}"))
        XCTAssertFalse(plain.unicodeScalars.contains { $0.value < 0x20 })
    }
}
