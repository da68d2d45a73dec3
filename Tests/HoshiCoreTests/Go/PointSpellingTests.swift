import HoshiCore
import XCTest

/// A point's SGF spelling written as bytes (`appendSGF`) against the spelling FF[4] gives: `a`–`z` for 0–25
/// and `A`–`Z` for 26–51, column first.
final class PointSpellingTests: XCTestCase {
    func testAppendedBytesSpellThePointAsSGFDoes() {
        var bytes = Array("h=".utf8)
        for point in [Point(column: 0, row: 0), Point(column: 3, row: 15), Point(column: 18, row: 18), Point(column: 26, row: 51)] {
            point.appendSGF(to: &bytes)
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "h=aadpssAZ")
    }
}
