import XCTest
@testable import HoshiCore

final class SGFToolTests: XCTestCase {
    private let record = Array("(;GM[1]SZ[5]PB[Black Player]BR[3d]PW[White]RE[W+R];B[aa];W[ba];B[bb];W[ab](;B[cc])(;B[dd]))".utf8)

    func testCheckSummaryLine() {
        let output = SGFTool.check(bytes: record, path: "g.sgf")
        XCTAssertEqual(output.text, "g.sgf: game 1: Black Player 3d (B) vs White (W), 5x5, result W+R, 7 nodes, 5 moves\n")
        XCTAssertEqual(output.exitStatus, 0)
    }

    func testShowLastAndGivenMove() {
        let last = SGFTool.show(bytes: record, path: "g.sgf")
        XCTAssertEqual(last.text, """
            . O . . .
            O X . . .
            . . X . .
            . . . . .
            . . . . .
            captures: black 0 white 1

            """)
        let first = SGFTool.show(bytes: record, path: "g.sgf", move: 1)
        XCTAssertEqual(first.text.split(separator: "\n").first, "X . . . .")
        let none = SGFTool.show(bytes: record, path: "g.sgf", move: 0)
        XCTAssertTrue(none.text.hasPrefix(". . . . .\n"))
    }

    func testShowReportsAMissingGameOrMove() {
        XCTAssertEqual(SGFTool.show(bytes: record, path: "g.sgf", game: 2).diagnostics.map(\.description),
                       ["g.sgf: error: no game 2: the file has 1 game(s)"])
        let tooFar = SGFTool.show(bytes: record, path: "g.sgf", move: 9)
        XCTAssertEqual(tooFar.exitStatus, 2)
    }

    func testExitStatusFollowsTheWorstDiagnostic() {
        XCTAssertEqual(SGFTool.check(bytes: Array("(;B[aa]".utf8), path: "x").exitStatus, 1)
        XCTAssertEqual(SGFTool.check(bytes: Array("nothing".utf8), path: "x").exitStatus, 2)
        XCTAssertEqual(SGFTool.normalize(bytes: Array("(;B[aa])".utf8), path: "x").text, "(;FF[4]CA[UTF-8]B[aa]\n)\n")
    }

    func testCheckOfManyInputsKeepsTheirOrderAcrossBatches() {
        // More inputs than one batch, some of them findings: the output order is the input order, whichever
        // worker finished first.
        let count = SGFTool.checkBatchSize * 2 + 7
        var seen: [String] = []
        var status: Int32 = 0
        SGFTool.check(count: count, input: { index in
            if index % 100 == 99 { return .finding(.error("cannot read", at: SourceLocation(path: "\(index).sgf"))) }
            let moves = [";B[aa]", ";W[ba]", ";B[ca]", ";W[da]"].prefix(index % 5).joined()
            return .file(path: "\(index).sgf", bytes: Array("(;SZ[9]\(moves))".utf8))
        }, emit: { output in
            seen.append(output.text.isEmpty ? output.diagnostics.map(\.description).joined() : output.text)
            status = max(status, output.exitStatus)
        })
        let expected = (0..<count).map { index in
            index % 100 == 99 ? "\(index).sgf: error: cannot read"
                : "\(index).sgf: game 1: ? (B) vs ? (W), 9x9, result ?, \(index % 5 + 1) nodes, \(index % 5) moves\n"
        }
        XCTAssertEqual(seen, expected)
        XCTAssertEqual(status, 2)
    }
}

extension SGFToolTests {
    func testSummaryLineKeepsControlCharactersOffTheTerminal() {
        let output = SGFTool.check(bytes: Array("(;PB[Evil\u{1B}[2J]PW[Bell\u{7}]RE[B+\u{9B}1];B[aa])".utf8), path: "evil.sgf")
        XCTAssertEqual(output.text, "evil.sgf: game 1: Evil\u{FFFD}[2J (B) vs Bell\u{FFFD} (W), 19x19, result B+\u{FFFD}1, 2 nodes, 1 moves\n")
    }
}
