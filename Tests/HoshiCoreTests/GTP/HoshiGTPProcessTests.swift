import Foundation
@testable import HoshiCore
import HoshiTestSupport
import XCTest

/// `hoshi gtp` as a process: malformed input over the pipe gets error replies and the engine lives on,
/// and the referee accepts it as an engine. Uses the `hoshi` built beside the test bundle
/// (`swift build --build-tests` builds it) and skips when it is not there.
final class HoshiGTPProcessTests: XCTestCase {
    private func hoshi() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let path = folder.appendingPathComponent("hoshi").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: path), "no hoshi binary beside the tests at \(path); build it first")
        return path
    }

    func testMalformedInputOverThePipeGetsErrorsAndNoCrash() throws {
        let client = try GTPClient(commandLine: "\(try hoshi()) gtp --playouts 8", timeout: 30)
        defer { client.close() }
        var random = SplitMix64(seed: 5)
        let junk = String(decoding: (0..<500).map { _ in UInt8(truncatingIfNeeded: random.next() % 255 + 1) }.filter { $0 != 10 && $0 != 13 },
                          as: UTF8.self)
        let refused: [(String, String)] = [
            ("play b Z99", "illegal move"), ("play black", "syntax error"), ("play x D4", "syntax error"),
            ("boardsize 0", "unacceptable size"), ("play b " + String(repeating: "Q", count: 2_000), "syntax error"),
        ]
        for (command, message) in refused {
            XCTAssertThrowsError(try client.send(command)) { error in
                XCTAssertEqual(error as? GTPClient.Failure, .refused(command: command, message: message))
            }
        }
        XCTAssertThrowsError(try client.send("x" + junk))
        XCTAssertEqual(try client.send("protocol_version"), "2")
        try client.send("boardsize 5")
        XCTAssertNotNil(GTPVertex.parse(try client.send("genmove b"), size: 5))
    }

    /// `savesgf` writes a real file that GNU Go, another program's SGF reader, loads to the same stones.
    func testSavesgfWritesAFileGNUGoLoadsToTheSamePosition() throws {
        let gnugo = "/usr/games/gnugo"
        let folder = try TemporaryFolder.make("savesgf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "game.sgf").path
        let client = try GTPClient(commandLine: "\(try hoshi()) gtp --playouts 8", timeout: 30)
        defer { client.close() }
        for command in ["boardsize 9", "komi 5.5", "fixed_handicap 2", "play w E5", "play b D5", "play w pass", "genmove b"] {
            try client.send(command)
        }
        try client.send("savesgf \(file)")
        let moves = try client.send("list_moves")
        XCTAssertTrue(moves.hasPrefix("W E5, B D5, W pass, B "), moves)
        XCTAssertNotNil(FileManager.default.contents(atPath: file))
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gnugo), "GNU Go is not installed; the saved file was not cross-read")
        let reference = try GTPClient(commandLine: "\(gnugo) --mode gtp", timeout: 30)
        defer { reference.close() }
        try reference.send("loadsgf \(file)")
        XCTAssertEqual(try reference.send("get_komi"), "5.5")
        // The handicap, D5 and the generated move (one move cannot capture E5, which has three liberties).
        let expectedBlack = ["C3", "D5", "G7"] + [String(moves.split(separator: " ").last ?? "")]
        XCTAssertEqual(try reference.send("list_stones black").split(separator: " ").map(String.init).sorted(),
                       expectedBlack.filter { $0 != "pass" }.sorted())
        XCTAssertEqual(try reference.send("list_stones white"), "E5")
    }

    func testTheRefereeAcceptsHoshiGTPAsAnEngine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/games/gnugo"), "GNU Go is not installed; skipping")
        var settings = MatchSettings()
        settings.games = 1
        settings.size = 5
        settings.komi = 0.5
        let referee = MatchReferee(commandLines: ["\(try hoshi()) gtp --playouts 16", "/usr/games/gnugo --mode gtp --level 1"],
                                   settings: settings)
        let record = try XCTUnwrap(try referee.run().first)
        XCTAssertNotNil(record.winner)
        switch record.end {
        case .twoPasses, .resignation, .moveLimit: break
        default: XCTFail("unexpected end: \(record.end)")
        }
    }
}
