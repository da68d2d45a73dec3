@testable import HoshiCore
import XCTest

/// Engines that answer nonsense, as real processes: tiny GTP engines written here in Python that answer
/// `genmove` with text that is no vertex, a point off the board, a point holding a stone, the ko point, or
/// stream analysis lines cut in half. Each answer must be refused as `UnusableReply` naming the command and
/// the reply, and the engine must still be asked the next position.
final class GTPUnusableReplyTests: XCTestCase {
    private let python = "/usr/bin/python3"

    /// Black takes a white stone at D7 (SGF `dc`) with E7 (`ec`): after move 9 White may not retake at D7.
    private let koGame = "(;GM[1]FF[4]SZ[9];B[db];W[eb];B[cc];W[fc];B[dd];W[ed];B[gg];W[dc];B[ec];W[gc];B[gd])"

    private func positions() throws -> [HintPosition] {
        let game = try XCTUnwrap(SGFParser.parse(bytes: Array(koGame.utf8), path: "ko.sgf").games.first)
        return GameHintPlan(game: game, positions: GamePositions(game: game), settings: HintSettings()).requests.map(\.position)
    }

    /// The misbehaving engine of `Tests/browser/nonsense_engine.py` answering `genmove` with `genmove`
    /// (`FIRST_STONE`: the vertex of the first stone it was told to play, `pass` on an empty board) and, when
    /// `analysis` is given, `lz-analyze` with those lines.
    private func engine(genmove: String, analysis: [String]? = nil) throws -> String {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: python), "python3 is needed for the misbehaving engines")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../browser/nonsense_engine.py")
            .standardizedFileURL.path
        var command = "\(python) \(script) \(Self.shellQuoted(genmove))"
        if let analysis {
            let json = try JSONSerialization.data(withJSONObject: analysis)
            command += " " + Self.shellQuoted(String(decoding: json, as: UTF8.self))
        }
        return command
    }

    private static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    private func analyzer(_ command: String) throws -> GTPHintAnalyzer {
        var settings = HintSettings()
        settings.engine = .gtp(command: command)
        settings.secondsPerPosition = 0.05
        settings.playouts = 20
        return try GTPHintAnalyzer(command: command, settings: settings)
    }

    private func unusable(_ analyzer: GTPHintAnalyzer, _ position: HintPosition,
                          file: StaticString = #filePath, line: UInt = #line) -> GTPHintAnalyzer.UnusableReply? {
        do {
            let hint = try analyzer.analyze(position, komi: 7.5)
            XCTFail("accepted \(hint)", file: file, line: line)
        } catch let reply as GTPHintAnalyzer.UnusableReply {
            return reply
        } catch {
            XCTFail("the engine failed instead: \(error)", file: file, line: line)
        }
        return nil
    }

    func testAReplyThatIsNoVertexIsRefused() throws {
        let analyzer = try analyzer(try engine(genmove: "<b>Z99</b>"))
        let reply = unusable(analyzer, try positions()[3])
        XCTAssertEqual(reply, .init(command: "genmove W", reply: "<b>Z99</b>", reason: "not a vertex"))
        XCTAssertEqual(reply?.description, "answered 'genmove W' with \"<b>Z99</b>\" (not a vertex)")
    }

    func testAPointOffTheBoardIsRefused() throws {
        let analyzer = try analyzer(try engine(genmove: "Z19"))
        XCTAssertEqual(unusable(analyzer, try positions()[0])?.reason, "off the 9x9 board")
    }

    /// The engine answers the first stone it was told about, which is on the board by construction; on
    /// the empty board it passes, a legal answer, so the same engine is still asked after its nonsense.
    func testAnOccupiedPointIsRefusedAndTheEngineIsAskedTheNextPosition() throws {
        let positions = try positions()
        let analyzer = try analyzer(try engine(genmove: "FIRST_STONE"))
        let reply = unusable(analyzer, positions[5])
        // Row by row from the top, the first stone of the position after move 5 is Black's D8 (`db`).
        XCTAssertEqual(reply?.reply, "D8")
        XCTAssertEqual(reply?.reason, "illegal: the point is occupied")
        let start = try analyzer.analyze(positions[0], komi: 7.5)
        XCTAssertEqual(start.candidates.map(\.point), [nil], "a pass on the empty board is an answer")
    }

    func testAKoRetakeIsRefused() throws {
        let afterCapture = try positions()[9]
        XCTAssertEqual(afterCapture.koPoint, Point(column: 3, row: 2))
        let analyzer = try analyzer(try engine(genmove: "D7"))
        XCTAssertEqual(unusable(analyzer, afterCapture)?.reason, "illegal: a ko retake")
    }

    func testControlCharactersOfAReplyAreEscaped() throws {
        let analyzer = try analyzer(try engine(genmove: "\u{1B}[2J\u{202E}Z"))
        let reply = try XCTUnwrap(unusable(analyzer, try positions()[0]))
        XCTAssertEqual(reply.quotedReply, "\"\\u{1B}[2J\\u{202E}Z\"")
        XCTAssertFalse(reply.description.unicodeScalars.contains { $0.value < 32 || $0.value == 0x202E })
    }

    func testHalfAnAnalysisLineIsRefused() throws {
        let whole = "info move E5 visits 12 winrate 5100 prior 900 order 0 pv E5 D4"
        let cases: [(lines: [String], fault: String, reason: String)] = [
            ([whole, "info move D4 visits 12 winr"], "info move D4 visits 12 winr", "a report without winrate"),
            ([whole + " info move C3 visits 4 winrate"], whole + " info move C3 visits 4 winrate", "'winrate' without a value"),
            (["info move <b>Z99</b> visits 3 winrate 5000 pv D4"], "info move <b>Z99</b> visits 3 winrate 5000 pv D4",
             "move <b>Z99</b> is not a vertex"),
            (["move E5 visits 12 winrate 5100"], "move E5 visits 12 winrate 5100", "not an analysis line"),
            (["info move E5 visits 12 winrate 51.5e9"], "info move E5 visits 12 winrate 51.5e9", "winrate 51.5e9 is not a win rate from 0 to 10000"),
        ]
        let empty = try positions()[0]
        for (lines, fault, reason) in cases {
            let analyzer = try analyzer(try engine(genmove: "pass", analysis: lines))
            XCTAssertEqual(analyzer.method, .lzAnalyze)
            let reply = unusable(analyzer, empty)
            XCTAssertEqual(reply, .init(command: "lz-analyze B 10", reply: fault, reason: reason), "\(lines)")
        }
        // An analysis naming an occupied point is no analysis of this position either.
        let occupied = try analyzer(try engine(genmove: "pass", analysis: ["info move D8 visits 12 winrate 5100 pv D8"]))
        XCTAssertEqual(unusable(occupied, try positions()[5])?.reason, "move D8 is illegal: the point is occupied")
        // The whole line alone is read.
        let fine = try analyzer(try engine(genmove: "pass", analysis: [whole]))
        let hint = try fine.analyze(empty, komi: 7.5)
        XCTAssertEqual(hint.candidates.map(\.point), [Point(column: 4, row: 4)])
        XCTAssertEqual(hint.winRate, 0.51)
    }
}
