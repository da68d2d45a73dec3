@testable import HoshiCore
import XCTest

/// `GTPEngine` against transcripts: each command with its exact reply, the specification's error wording,
/// and input no engine should crash on.
final class GTPEngineTests: XCTestCase {
    private func makeEngine(files: [String: String] = [:]) -> GTPEngine {
        var parameters = EngineParameters()
        parameters.playouts = 16
        parameters.ownershipPlayouts = 16
        return GTPEngine(player: MonteCarloEngine(parameters: parameters), version: "0.1.0") { path in
            files[path].map { Array($0.utf8) }
        }
    }

    /// Sends each command and compares the whole reply, `=`/`?`, id and the closing empty line included.
    private func assertTranscript(_ transcript: [(String, String?)], engine: GTPEngine? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let engine = engine ?? makeEngine()
        for (command, expected) in transcript {
            XCTAssertEqual(engine.respond(to: command), expected, "reply to \(command.debugDescription)", file: file, line: line)
        }
    }

    func testTranscriptOfTheAdministrativeCommands() {
        assertTranscript([
            ("protocol_version", "= 2\n\n"),
            ("7 name", "=7 Hoshi\n\n"),
            ("version", "= 0.1.0\n\n"),
            ("known_command genmove", "= true\n\n"),
            ("known_command hoshi-dance", "= false\n\n"),
            ("  # a comment only", nil),
            ("", nil),
            ("boardsize 9", "=\n\n"),
            ("clear_board", "=\n\n"),
            ("komi\t6.5   # tabs and comments are whitespace and nothing", "=\n\n"),
            ("time_settings 300 30 5", "=\n\n"),
            ("time_left b 120 0", "=\n\n"),
            ("final_score", "= W+6.5\n\n"),
            ("final_status_list dead", "=\n\n"),
            ("final_status_list seki", "=\n\n"),
            ("8 frobnicate", "?8 unknown command\n\n"),
            ("quit", "=\n\n"),
        ])
    }

    func testTranscriptOfPlayUndoAndShowboard() {
        assertTranscript([
            ("boardsize 5", "=\n\n"),
            ("clear_board", "=\n\n"),
            ("play b C3", "=\n\n"),
            ("play white c3", "? illegal move\n\n"),
            ("play W B2", "=\n\n"),
            ("play b pass", "=\n\n"),
            ("showboard", "= \n   A B C D E\n 5 . . . . . 5\n 4 . . . . . 4\n 3 . . X . . 3\n 2 . O . . . 2\n 1 . . . . . 1\n   A B C D E\n\n"),
            ("undo", "=\n\n"),
            ("undo", "=\n\n"),
            ("undo", "=\n\n"),
            ("undo", "? cannot undo\n\n"),
            ("boardsize 1", "? unacceptable size\n\n"),
            ("boardsize 26", "? unacceptable size\n\n"),
            ("boardsize nine", "? syntax error\n\n"),
        ])
    }

    func testTranscriptOfHandicapCommands() {
        assertTranscript([
            ("boardsize 9", "=\n\n"),
            ("fixed_handicap 3", "= C3 G7 C7\n\n"),
            ("fixed_handicap 2", "? board not empty\n\n"),
            ("clear_board", "=\n\n"),
            ("fixed_handicap 10", "? invalid number of stones\n\n"),
            ("fixed_handicap 1", "? invalid number of stones\n\n"),
            ("set_free_handicap A1 A1", "? bad vertex list\n\n"),
            ("set_free_handicap A1", "? bad vertex list\n\n"),
            ("set_free_handicap A1 pass", "? bad vertex list\n\n"),
            ("set_free_handicap A1 B2", "=\n\n"),
            ("place_free_handicap 2", "? board not empty\n\n"),
            ("boardsize 19", "=\n\n"),
            ("fixed_handicap 9", "= D4 Q16 D16 Q4 D10 Q10 K16 K4 K10\n\n"),
            ("boardsize 5", "=\n\n"),
            ("fixed_handicap 2", "? invalid number of stones\n\n"),
            ("place_free_handicap 3", "= C3 C4 B3\n\n"),
        ])
    }

    func testKoAndPositionalSuperkoAreIllegalMoves() {
        // . X O .     Black C3 takes the white stone on B3; white may not retake at once (ko), nor after
        // X O . O     both pass (the position would repeat: positional superko).
        // . X O .
        assertTranscript([
            ("boardsize 4", "=\n\n"),
            ("play b B4", "=\n\n"), ("play w C4", "=\n\n"), ("play b A3", "=\n\n"), ("play w B3", "=\n\n"),
            ("play b B2", "=\n\n"), ("play w D3", "=\n\n"), ("play w C2", "=\n\n"),
            ("play b C3", "=\n\n"),
            ("play w B3", "? illegal move\n\n"),
            ("play w pass", "=\n\n"),
            ("play b pass", "=\n\n"),
            ("play w B3", "? illegal move\n\n"),
            ("play w A1", "=\n\n"),
        ])
    }

    func testMalformedInputGetsTheSpecifiedErrors() {
        let longLine = "play b " + String(repeating: "A", count: 2_000)
        assertTranscript([
            ("boardsize 9", "=\n\n"),
            ("play b D4", "=\n\n"),
            ("play w D4", "? illegal move\n\n"),
            ("play b Z9", "? illegal move\n\n"),
            ("play b J10", "? illegal move\n\n"),
            ("play b D0", "? syntax error\n\n"),
            ("play b I4", "? syntax error\n\n"),
            ("play b 44", "? syntax error\n\n"),
            ("play b D", "? syntax error\n\n"),
            ("play b", "? syntax error\n\n"),
            ("play purple E5", "? syntax error\n\n"),
            ("play", "? syntax error\n\n"),
            ("genmove", "? syntax error\n\n"),
            ("genmove x", "? syntax error\n\n"),
            ("komi lots", "? syntax error\n\n"),
            ("komi nan", "? syntax error\n\n"),
            ("time_left b", "? syntax error\n\n"),
            ("final_status_list zombie", "? syntax error\n\n"),
            ("loadsgf", "? syntax error\n\n"),
            ("loadsgf missing.sgf", "? cannot load file\n\n"),
            (longLine, "? syntax error\n\n"),
            (String(repeating: "x", count: 2_000), "? unknown command\n\n"),
            ("known_command", "? syntax error\n\n"),
        ])
    }

    func testBinaryJunkNeverCrashes() {
        let engine = makeEngine()
        var random = SplitMix64(seed: 99)
        for length in [1, 7, 64, 2_000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let line = String(decoding: bytes, as: UTF8.self)
                if let reply = engine.respond(to: line) {
                    XCTAssertTrue(reply.hasPrefix("=") || reply.hasPrefix("?"), reply)
                    XCTAssertTrue(reply.hasSuffix("\n\n"))
                }
            }
        }
        XCTAssertEqual(engine.respond(to: "protocol_version"), "= 2\n\n")
    }

    func testGenmovePlaysALegalMoveAndRecordsIt() throws {
        let engine = makeEngine()
        _ = engine.respond(to: "boardsize 7")
        let reply = try XCTUnwrap(engine.respond(to: "genmove b"))
        let vertex = String(reply.dropFirst(2).dropLast(2))
        guard case .point(let point)? = GTPVertex.parse(vertex, size: 7) else { return XCTFail(reply) }
        XCTAssertEqual(engine.game[point], .black)
        XCTAssertEqual(engine.respond(to: "play w \(vertex)"), "? illegal move\n\n")
    }

    func testLoadSGFSetsUpThePositionBeforeTheGivenMove() {
        let engine = makeEngine(files: ["game.sgf": "(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[gg])"])
        assertTranscript([
            ("loadsgf game.sgf 3", "=\n\n"),
            ("showboard", "= \n   A B C D E F G H J\n 9 . . . . . . . . . 9\n 8 . . . . . . . . . 8\n 7 . . O . . . . . . 7\n"
                + " 6 . . . . . . . . . 6\n 5 . . . . X . . . . 5\n 4 . . . . . . . . . 4\n 3 . . . . . . . . . 3\n"
                + " 2 . . . . . . . . . 2\n 1 . . . . . . . . . 1\n   A B C D E F G H J\n\n"),
            ("play w G3", "=\n\n"),
        ], engine: engine)
        XCTAssertEqual(engine.game.komi, 5.5)
    }

    func testAnalysisWritesLeelaZeroInfoLines() {
        let engine = makeEngine()
        _ = engine.respond(to: "boardsize 5")
        var output = ""
        engine.handle("lz-analyze b 5", write: { output += $0 }, shouldStop: { true })
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "=")
        XCTAssertTrue(output.hasSuffix("\n\n"))
        let info = lines.dropFirst().first.map(String.init) ?? ""
        XCTAssertNotNil(info.range(of: #"^info move [A-E][1-5] visits \d+ winrate \d+ prior \d+ lcb \d+ order 0 pv [A-E][1-5]"#,
                                   options: .regularExpression), info)
    }
}
