import Foundation
import XCTest
@testable import HoshiCore

/// Parser cases with the exact diagnostics expected (`path:line:col: severity: message`).
final class SGFParserTests: XCTestCase {
    private func parse(_ text: String) -> SGFParseResult { SGFParser.parse(text: text, path: "t.sgf") }
    private func diagnostics(_ text: String) -> [String] { parse(text).diagnostics.map(\.description) }

    func testCollectionNodesVariationsAndValues() {
        let result = parse("(;GM[1]SZ[9]AB[aa][bb];B[cc](;W[dd]C[x])(;W[ee];B[ff]))\n(;GM[1];B[aa])")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.games.count, 2)
        let tree = result.games[0]
        XCTAssertEqual(tree.nodes.count, 5)
        XCTAssertEqual(tree.root.property("AB")?.values.map(\.raw), ["aa", "bb"])
        XCTAssertEqual(tree.nodes[1].children, [2, 3])
        XCTAssertEqual(tree.mainLine, [0, 1, 2])
        XCTAssertEqual(tree.nodes[4].parent, 3)
        XCTAssertEqual(tree.boardSize, BoardSize(columns: 9, rows: 9))
    }

    func testEscapesSoftAndHardLineBreaks() {
        let tree = parse("(;C[a \\] b \\\\ c\\\nd\r\ne\tf]N[one\ntwo]LB[aa:x\\:y])").games[0]
        XCTAssertEqual(tree.root.comment, "a ] b \\ cd\ne f")
        XCTAssertEqual(tree.root.name, "one two")
        XCTAssertEqual(tree.root.markup(on: .standard).labels, [BoardMarkup.Label(point: Point(column: 0, row: 0), text: "x:y")])
    }

    func testFF3LongNamesAndLowerCaseLetters() {
        let tree = parse("(;CoPyright[c]AddBlack[aa];White[bb]Comment[hi])").games[0]
        XCTAssertEqual(tree.root.properties.map(\.identifier), ["CP", "AB"])
        XCTAssertEqual(tree.nodes[1].move(on: .standard), Move(.white, at: Point(column: 1, row: 1)))
        XCTAssertEqual(tree.nodes[1].comment, "hi")
    }

    func testPassesBothWays() {
        let tree = parse("(;SZ[19];B[];W[tt];B[pd])").games[0]
        XCTAssertEqual(tree.mainLineMoves, [.pass(.black), .pass(.white), Move(.black, at: Point(column: 15, row: 3))])
        // On 21x21, tt is a point.
        let big = parse("(;SZ[21];B[tt])").games[0]
        XCTAssertEqual(big.mainLineMoves, [Move(.black, at: Point(column: 19, row: 19))])
    }

    func testCompressedPointLists() {
        let tree = parse("(;SZ[19]AB[aa:cc][ee]AW[ss:rr])").games[0]
        let setup = tree.root.setup(on: tree.boardSize)
        XCTAssertEqual(setup.filter { $0.stone == .black }.count, 10)
        XCTAssertEqual(setup.filter { $0.stone == .white }.map(\.point), [
            Point(column: 17, row: 17), Point(column: 18, row: 17), Point(column: 17, row: 18), Point(column: 18, row: 18),
        ])
    }

    func testRectangularAndLargestBoards() {
        let rectangular = parse("(;GM[1]FF[4]SZ[19:13];B[sm])").games[0]
        XCTAssertEqual(rectangular.boardSize, BoardSize(columns: 19, rows: 13))
        XCTAssertEqual(rectangular.mainLineMoves, [Move(.black, at: Point(column: 18, row: 12))])
        let largest = parse("(;GM[1]FF[4]SZ[52];B[ZZ])").games[0]
        XCTAssertEqual(largest.mainLineMoves, [Move(.black, at: Point(column: 51, row: 51))])
    }

    func testToleratedDamageAndItsDiagnostics() {
        XCTAssertEqual(diagnostics("licence text\n(;B[aa])"), ["t.sgf:1:1: warning: ignored text before the first game tree ('licence text ')"])
        XCTAssertEqual(diagnostics("(B[aa])"), ["t.sgf:1:2: warning: missing ';' before the first node of a game tree; add it"])
        XCTAssertEqual(diagnostics("(;B[aa]"), ["t.sgf:1:7: warning: missing 1 ')' at end of file; add )"])
        XCTAssertEqual(diagnostics("(;GM[1]SZ[19]US[Matsuyama[3d]];B[aa])"), ["t.sgf:1:29: warning: unescaped ']' inside a value; read as text (write '\\]')"])
        XCTAssertEqual(parse("(;US[Matsuyama[3d]];B[aa])").games[0].root.raw("US"), "Matsuyama[3d]")
        XCTAssertEqual(diagnostics("(;SZ[19]SZ[19])"), ["t.sgf:1:9: warning: duplicate property SZ in one node; the repeat is ignored"])
        XCTAssertEqual(diagnostics("(;XY[1])"), ["t.sgf:1:3: warning: unknown property XY kept as is"])
        XCTAssertEqual(parse("(;XY[1])").games[0].root.raw("XY"), "1")
        XCTAssertEqual(diagnostics("(;B[R16])"), ["t.sgf:1:3: warning: B[R16] uses board coordinates; read as B[qd] (write that)"])
        XCTAssertEqual(diagnostics("(;B[au])"), ["t.sgf:1:3: error: B[au] is not a point on the 19x19 board; the move is skipped"])
    }

    func testTruncatedFileKeepsWhatWasRead() {
        let result = parse("(;PB[Honinbo];B[aa];W[bb];C[half a comm")
        XCTAssertEqual(result.diagnostics.map(\.description), ["t.sgf:1:28: error: file ends inside a property value (truncated?); kept what was read"])
        XCTAssertEqual(result.games[0].mainLineMoves.count, 2)
        XCTAssertEqual(result.games[0].nodes[3].comment, "half a comm")
        XCTAssertEqual(result.exitStatus, 2)
    }

    func testEmptyAndNonSGFFiles() {
        XCTAssertEqual(diagnostics(""), ["t.sgf: error: empty file; an SGF file starts with '(;'"])
        XCTAssertEqual(diagnostics("hello"), ["t.sgf: error: not an SGF file: no game tree found (an SGF game starts with '(;')"])
        XCTAssertEqual(diagnostics("(;B[aa]) trailing"), ["t.sgf:1:10: warning: ignored text after a game tree ('trailing')"])
    }

    func testErrorsStillReadTheRest() {
        let result = parse("(;B;W[ah])")
        XCTAssertEqual(result.diagnostics.map(\.description), ["t.sgf:1:3: error: property 'B' has no value; write at least '[]'"])
        XCTAssertEqual(result.games[0].root.properties.map(\.identifier), [])
        XCTAssertEqual(result.games[0].nodes[1].properties.map(\.identifier), ["W"])
        let afterVariation = parse("(;B[ag];W[ah](;B[ai]);W[bd])")
        XCTAssertEqual(afterVariation.diagnostics.map(\.description), ["t.sgf:1:22: error: node after variations; read as one more variation (move it into a '(...)')"])
        XCTAssertEqual(afterVariation.games[0].nodes[1].children.count, 2)
    }

    // MARK: - Charsets

    func testShiftJISTrailByteBackslashIsNotAnEscape() {
        // 表 is 0x95 0x5C in Shift_JIS: its second byte is `\`. Followed by `]`, a naive reader sees `\]`.
        let bytes: [UInt8] = Array("(;CA[Shift_JIS]C[".utf8) + [0x95, 0x5C] + Array("];B[aa])".utf8)
        let result = SGFParser.parse(bytes: bytes, path: "t.sgf")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.games[0].root.comment, "表")
        XCTAssertEqual(result.games[0].mainLineMoves.count, 1)
    }

    func testPropertiesBeforeCAAreDecodedWithIt() {
        // 古力 in GB2312, written before CA.
        let bytes: [UInt8] = Array("(;PB[".utf8) + [0xB9, 0xC5, 0xC1, 0xA6] + Array("]CA[GB2312])".utf8)
        XCTAssertEqual(SGFParser.parse(bytes: bytes).games[0].gameInfo.blackPlayer, "古力")
    }

    func testNoCAInvalidUTF8IsGuessedWithAWarning() {
        let bytes: [UInt8] = Array("(;PB[".utf8) + [0x88, 0xE4, 0x8E, 0x52] + Array("])".utf8)  // 井山 in Shift_JIS
        let result = SGFParser.parse(bytes: bytes, path: "t.sgf")
        XCTAssertEqual(result.games[0].gameInfo.blackPlayer, "井山")
        XCTAssertEqual(result.diagnostics.map(\.description), ["t.sgf: warning: file has no usable CA[] and is not UTF-8; guessed Shift_JIS (add CA[Shift_JIS])"])
    }

    func testConcurrentParsesReadEveryCharsetCorrectly() {
        // Parses reuse idle iconv handles rather than open new ones: long comments in four charsets, one of
        // them stateful, read on every core at once must each come out in their own charset, whichever
        // handle the pool hands over.
        func record(_ charset: String, _ character: [UInt8], repeated count: Int) -> [UInt8] {
            Array("(;CA[\(charset)]C[".utf8) + Array([[UInt8]](repeating: character, count: count).joined()) + Array("])".utf8)
        }
        let count = 2000
        let records: [(bytes: [UInt8], comment: String)] = [
            (record("Shift_JIS", [0x88, 0xE4], repeated: count), String(repeating: "井", count: count)),
            (record("GB2312", [0xB9, 0xC5], repeated: count), String(repeating: "古", count: count)),
            (Array("(;CA[ISO-2022-JP]C[".utf8) + [0x1B, 0x24, 0x42] + Array([[UInt8]](repeating: [0x38, 0x6B], count: count).joined())
                + [0x1B, 0x28, 0x42] + Array("])".utf8), String(repeating: "碁", count: count)),
            (record("ISO-8859-1", [0xE9], repeated: count), String(repeating: "\u{E9}", count: count)),
        ]
        final class Readings: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var comments: [Int: String] = [:]
            func record(_ comment: String?, at index: Int) {
                lock.lock()
                comments[index] = comment ?? "(none)"
                lock.unlock()
            }
        }
        let readings = Readings()
        let parses = 4000
        DispatchQueue.concurrentPerform(iterations: parses) { index in
            let result = SGFParser.parse(bytes: records[index % records.count].bytes)
            readings.record(result.games.first?.root.comment, at: index)
        }
        let wrong = (0..<parses).filter { readings.comments[$0] != records[$0 % records.count].comment }
        XCTAssertEqual(wrong, [], "parses that read another text than their own")
    }

    func testUTF16WithAndWithoutByteOrderMark() {
        let text = "(;CA[UTF-16]PB[碁])"
        var littleEndian: [UInt8] = [0xFF, 0xFE]
        var bigEndian: [UInt8] = []
        for unit in text.utf16 {
            littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        XCTAssertEqual(SGFParser.parse(bytes: littleEndian).games.first?.gameInfo.blackPlayer, "碁")
        XCTAssertEqual(SGFParser.parse(bytes: bigEndian).games.first?.gameInfo.blackPlayer, "碁")
    }

    func testUnknownCharsetIsReported() {
        XCTAssertEqual(diagnostics("(;CA[foo])"), ["t.sgf:1:3: warning: unknown charset CA[foo]; text read as UTF-8"])
    }

    // MARK: - Typed model

    func testGameInfoAndAnnotations() {
        let tree = parse("""
            (;GM[1]FF[4]SZ[19]PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]WR[8d]RE[B+2]KM[0]HA[0]DT[1846-09-11]
            EV[Castle game]RO[1]PC[Osaka]RU[Japanese]TM[3600]GN[Ear-reddening]SO[Go Seigen]AN[x]CP[y]US[z]AP[Hoshi:1.0]
            ;B[qd]BM[2]GB[1]V[3.5]MN[5]TR[aa]CR[bb]SQ[cc]MA[dd]SL[ee]DD[ff]AR[aa:bb]LN[cc:dd]TB[gg]TW[hh]VW[aa:ii]FG[259:Fig. 1]PM[2]
            ;W[dc]TE[1]HO[2]DO[]WL[30.5]OW[3])
            """).games[0]
        let info = tree.gameInfo
        XCTAssertEqual(info.blackPlayer, "Honinbo Shusaku")
        XCTAssertEqual(info.whiteRank, "8d")
        XCTAssertEqual(info.result, "B+2")
        XCTAssertEqual(info.komi, 0)
        XCTAssertEqual(info.timeLimit, 3600)
        XCTAssertEqual(info.application, GameInfo.Application(name: "Hoshi", version: "1.0"))
        let first = tree.nodes[1]
        XCTAssertEqual(first.moveAnnotation, .bad(emphasised: true))
        XCTAssertEqual(first.positionAnnotations, [.goodForBlack(emphasised: false)])
        XCTAssertEqual(first.value, 3.5)
        XCTAssertEqual(first.moveNumber, 5)
        XCTAssertEqual(first.figure, SGFFigure(flags: 259, name: "Fig. 1"))
        XCTAssertEqual(first.printMode, 2)
        let markup = first.markup(on: tree.boardSize)
        XCTAssertEqual(markup.triangles, [Point(column: 0, row: 0)])
        XCTAssertEqual(markup.arrows, [BoardMarkup.Line(from: Point(column: 0, row: 0), to: Point(column: 1, row: 1))])
        XCTAssertEqual(markup.view?.count, 81)
        XCTAssertEqual(tree.nodes[2].moveAnnotation, .tesuji(emphasised: false))
        XCTAssertEqual(tree.nodes[2].positionAnnotations, [.hotspot(emphasised: true)])
        XCTAssertEqual(tree.nodes[2].timeLeft(for: .white), 30.5)
        XCTAssertEqual(tree.nodes[2].overtimeMovesLeft(for: .white), 3)
        XCTAssertNil(tree.nodes[2].timeLeft(for: .black))
    }
}
