import HoshiCore
import XCTest

final class DiagnosticTests: XCTestCase {
    func testPrintsGCCStyle() {
        XCTAssertEqual(Diagnostic.error("bad", at: SourceLocation(path: "a.sgf", line: 3, column: 7)).description,
                       "a.sgf:3:7: error: bad")
        XCTAssertEqual(Diagnostic.warning("meh", at: SourceLocation(path: "a.sgf", line: 3)).description, "a.sgf:3: warning: meh")
        XCTAssertEqual(Diagnostic.error("no file").description, "error: no file")
    }

    func testLineIndexCountsLinesAndByteColumns() {
        let index = LineIndex(text: "ab\ncdé\nf")
        XCTAssertEqual(index.position(ofOffset: 0).line, 1)
        XCTAssertEqual(index.position(ofOffset: 3).line, 2)
        XCTAssertEqual(index.position(ofOffset: 3).column, 1)
        XCTAssertEqual(index.position(ofOffset: 8).line, 3)
        XCTAssertEqual(index.position(ofOffset: 8).column, 1)
    }
}
