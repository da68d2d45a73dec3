@testable import HoshiCore
import XCTest

/// How a hint position reaches an external engine: the stones, and the ko ban GTP has no command for,
/// checked against a real GNU Go process (its own `is_legal` and `list_stones`).
final class GTPHintSetupTests: XCTestCase {
    private let gnugo = "/usr/games/gnugo"

    /// Black takes a white stone at D7 (SGF `dc`) with E7 (`ec`), a ko; White then plays a threat at G7
    /// and Black answers at G6, after which White may take back.
    private let koGame = "(;GM[1]FF[4]SZ[9];B[db];W[eb];B[cc];W[fc];B[dd];W[ed];B[gg];W[dc];B[ec];W[gc];B[gd])"

    private func plan(_ settings: HintSettings = HintSettings()) throws -> GameHintPlan {
        let game = try XCTUnwrap(SGFParser.parse(bytes: Array(koGame.utf8), path: "ko.sgf").games.first)
        return GameHintPlan(game: game, positions: GamePositions(game: game), settings: settings)
    }

    private func engine() throws -> GTPClient {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gnugo),
                          "GNU Go is not installed at \(gnugo) (Debian package gnugo); skipping the ko set-up test")
        return try GTPClient(commandLine: "\(gnugo) --mode gtp --level 1", timeout: 30)
    }

    /// The engine's board after the set-up, as the position's cells.
    private func cells(on client: GTPClient, size: Int) throws -> [UInt8] {
        var cells = [UInt8](repeating: 0, count: size * size)
        for stone in [Stone.black, .white] {
            let colour = stone == .black ? "black" : "white"
            for token in try client.send("list_stones \(colour)").split(whereSeparator: \.isWhitespace) {
                guard case .point(let point) = GTPVertex.parse(String(token), size: size) else {
                    XCTFail("unreadable vertex \(token)")
                    continue
                }
                cells[point.row * size + point.column] = stone.rawValue
            }
        }
        return cells
    }

    func testAKoPositionForbidsTheImmediateRetakeOnTheEngine() throws {
        let requests = try plan().requests
        let afterCapture = requests[9].position
        let koPoint = Point(column: 3, row: 2)
        XCTAssertEqual(afterCapture.koPoint, koPoint)
        XCTAssertEqual(afterCapture.koCapture, Point(column: 4, row: 2))
        XCTAssertEqual(afterCapture.toMove, .white)
        let afterThreat = requests[11].position
        XCTAssertNil(afterThreat.koPoint)

        let client = try engine()
        defer { client.close() }
        let vertex = GTPVertex.format(koPoint, size: 9)
        for (position, legal) in [(afterCapture, "0"), (afterThreat, "1")] {
            for command in GTPHintAnalyzer.setupCommands(for: position) { try client.send(command) }
            XCTAssertEqual(try cells(on: client, size: 9), position.cells, "the engine holds the position's stones")
            XCTAssertEqual(try client.send("is_legal w \(vertex)"), legal, "White taking back at \(vertex)")
        }
    }

    func testAPositionWithoutKoIsItsStonesAlone() throws {
        let position = try plan().requests[6].position
        XCTAssertNil(position.koPoint)
        let commands = GTPHintAnalyzer.setupCommands(for: position)
        XCTAssertEqual(Array(commands.prefix(2)), ["boardsize 9", "clear_board"])
        XCTAssertEqual(commands.count - 2, position.cells.filter { $0 != 0 }.count, "one play per stone")
    }

    func testOnlyAGTPEnginesKoPositionsAskAnew() throws {
        var external = HintSettings()
        external.engine = .gtp(command: "gnugo --mode gtp")
        let builtin = try plan().requests
        let gtp = try plan(external).requests
        XCTAssertEqual(builtin[9].key.text, HintKey(position: builtin[9].position, komi: 7.5, rules: "",
                                                    settingsIdentity: HintSettings().identity).text)
        XCTAssertEqual(gtp[8].key.text, HintKey(position: gtp[8].position, komi: 7.5, rules: "",
                                                settingsIdentity: external.identity).text, "no ko: the same question as before")
        XCTAssertNotEqual(gtp[9].key.text, HintKey(position: gtp[9].position, komi: 7.5, rules: "",
                                                   settingsIdentity: external.identity).text, "a ko: a new question")
    }
}
