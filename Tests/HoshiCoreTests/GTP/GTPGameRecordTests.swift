@testable import HoshiCore
import HoshiTestSupport
import XCTest

/// What an app that keeps its games in SGF asks its engine (Little Go's `loadsgf`, `savesgf`,
/// `list_moves`, `list_handicap`, `reg_genmove`): a transcript with the exact replies, and a round trip over
/// real records whose positions the core replays from the saved file.
final class GTPGameRecordTests: XCTestCase {
    /// The engine's files: what `loadsgf` reads and `savesgf` writes (`unwritable/` cannot be written).
    private final class Files {
        var contents: [String: [UInt8]] = [:]
    }

    private func makeEngine(_ files: Files) -> GTPEngine {
        var parameters = EngineParameters()
        parameters.playouts = 16
        parameters.ownershipPlayouts = 16
        return GTPEngine(player: MonteCarloEngine(parameters: parameters), version: "0.1.0",
                         readFile: { files.contents[$0] },
                         writeFile: { path, bytes in
                             guard !path.hasPrefix("unwritable/") else { return false }
                             files.contents[path] = bytes
                             return true
                         })
    }

    func testTranscriptOfTheCommandsAnAppAsks() throws {
        let files = Files()
        let engine = makeEngine(files)
        let transcript: [(String, String)] = [
            ("boardsize 9", "=\n\n"),
            ("list_moves", "=\n\n"),
            ("list_handicap", "=\n\n"),
            ("fixed_handicap 2", "= C3 G7\n\n"),
            ("2 list_handicap", "=2 C3 G7\n\n"),
            ("komi 0.5", "=\n\n"),
            ("play w E5", "=\n\n"),
            ("play b pass", "=\n\n"),
            ("play w D4", "=\n\n"),
            ("list_moves", "= W E5, B pass, W D4\n\n"),
            ("savesgf game.sgf", "=\n\n"),
            ("savesgf", "? syntax error\n\n"),
            ("savesgf unwritable/game.sgf", "? cannot save file\n\n"),
            ("reg_genmove", "? syntax error\n\n"),
            ("reg_genmove purple", "? syntax error\n\n"),
            ("undo", "=\n\n"),
            ("list_moves", "= W E5, B pass\n\n"),
            ("known_command savesgf", "= true\n\n"),
            ("known_command reg_genmove", "= true\n\n"),
            ("clear_board", "=\n\n"),
            ("list_handicap", "=\n\n"),
            ("loadsgf game.sgf", "=\n\n"),
            ("list_handicap", "= C3 G7\n\n"),
            ("list_moves", "= W E5, B pass, W D4\n\n"),
        ]
        for (command, reply) in transcript {
            XCTAssertEqual(engine.respond(to: command), reply, command)
        }
        // FF[4] as SGFWriter documents its canonical form; C3 and G7 on 9x9 are SGF cg and gc, E5 ee, D4 df.
        XCTAssertEqual(files.contents["game.sgf"].map { String(decoding: $0, as: UTF8.self) },
                       "(;FF[4]CA[UTF-8]GM[1]SZ[9]KM[0.5]HA[2]AB[cg][gc]\n;W[ee]\n;B[]\n;W[df]\n)\n")
        XCTAssertEqual(engine.game.komi, 0.5)
        let commands = try XCTUnwrap(engine.respond(to: "list_commands"))
        for name in ["savesgf", "list_moves", "list_handicap", "reg_genmove"] {
            XCTAssertTrue(commands.split(whereSeparator: \.isWhitespace).contains { $0 == name }, name)
        }
    }

    /// `reg_genmove` answers what `genmove` then plays, and changes nothing itself.
    func testRegGenmoveAnswersTheMoveGenmovePlaysWithoutPlayingIt() throws {
        let engine = makeEngine(Files())
        for command in ["boardsize 7", "play b D4", "play w C3"] { _ = engine.respond(to: command) }
        let suggested = try XCTUnwrap(engine.respond(to: "reg_genmove b"))
        XCTAssertEqual(engine.respond(to: "list_moves"), "= B D4, W C3\n\n")
        XCTAssertEqual(engine.game.moves.count, 2)
        let played = try XCTUnwrap(engine.respond(to: "genmove b"))
        XCTAssertEqual(suggested, played)
        XCTAssertEqual(engine.respond(to: "list_moves"), "= B D4, W C3, B \(played.dropFirst(2).dropLast(2))\n\n")
    }

    /// Real records: `loadsgf` then `savesgf`; the saved file, read and replayed by the core, has the
    /// original's moves, komi and handicap, and the same position after every move (checked at the end and
    /// at a move in the middle, loaded with `loadsgf FILE MOVE`). Saving the saved file again changes nothing.
    func testLoadAndSaveRoundTripOverRealRecords() throws {
        let corpus = TestPaths.sharedCorpus.appending(path: "sgf/games/historical-edo")
        let paths = (FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".sgf") }.sorted()
        try XCTSkipIf(paths.isEmpty, "the Edo games corpus is not at \(corpus.path)")
        // Every 31st game: about thirty records of all three players, handicap games among them.
        let chosen = stride(from: 0, to: paths.count, by: 31).map { paths[$0] }
        var handicapGames = 0
        for relative in chosen {
            let files = Files()
            let bytes = try [UInt8](Data(contentsOf: corpus.appending(path: relative)))
            files.contents["in.sgf"] = bytes
            let original = try XCTUnwrap(SGFParser.parse(bytes: bytes, path: relative).games.first)
            let moves = original.mainLineMoves
            for moveNumber in [nil, max(1, moves.count / 2)] as [Int?] {
                let engine = makeEngine(files)
                XCTAssertEqual(engine.respond(to: "loadsgf in.sgf" + (moveNumber.map { " \($0)" } ?? "")), "=\n\n", relative)
                XCTAssertEqual(engine.respond(to: "savesgf out.sgf"), "=\n\n")
                let saved = try XCTUnwrap(files.contents["out.sgf"])
                let tree = try XCTUnwrap(SGFParser.parse(bytes: saved, path: "out.sgf").games.first)
                let count = moveNumber.map { $0 - 1 } ?? moves.count
                XCTAssertEqual(tree.mainLineMoves, Array(moves.prefix(count)), relative)
                // A record without KM keeps the komi the engine had (7.5 in a new session).
                XCTAssertEqual(tree.gameInfo.komi, original.gameInfo.komi ?? 7.5, relative)
                XCTAssertEqual(tree.gameInfo.handicap, (original.gameInfo.handicap ?? 0) >= 2 ? original.gameInfo.handicap : nil, relative)
                let expected = try XCTUnwrap(GamePositions.mainLineNode(afterMoves: count, in: original))
                let savedEnd = try XCTUnwrap(tree.mainLine.last)
                XCTAssertEqual(GamePositions(game: tree).board(at: savedEnd, in: tree).stones.map { "\($0.point.sgf)\($0.stone.sgfLetter)" },
                               GamePositions(game: original).board(at: expected, in: original).stones.map { "\($0.point.sgf)\($0.stone.sgfLetter)" },
                               relative)
                let listed = moves.prefix(count).map { "\(GTPVertex.letter($0.stone)) \(GTPVertex.format($0.point, size: 19))" }.joined(separator: ", ")
                XCTAssertEqual(engine.respond(to: "list_moves"), listed.isEmpty ? "=\n\n" : "= \(listed)\n\n", relative)
                // Saved again from its own file: the same bytes.
                files.contents["in2.sgf"] = saved
                let again = makeEngine(files)
                _ = again.respond(to: "loadsgf in2.sgf")
                _ = again.respond(to: "savesgf out2.sgf")
                XCTAssertEqual(files.contents["out2.sgf"], saved, relative)
            }
            if (original.gameInfo.handicap ?? 0) >= 2 { handicapGames += 1 }
        }
        XCTAssertGreaterThan(chosen.count, 20)
        XCTAssertGreaterThan(handicapGames, 0, "the sample holds a handicap game")
    }
}
