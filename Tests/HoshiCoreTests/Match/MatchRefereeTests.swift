import Foundation
import HoshiCore
import XCTest

/// The referee end to end with real engine processes: GNU Go against itself, and an engine that breaks
/// the rules.
final class MatchRefereeTests: XCTestCase {
    private let gnugo = "/usr/games/gnugo --mode gtp --level 1 --chinese-rules"

    private func skipWithoutGNUGo() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/games/gnugo"),
                          "GNU Go is not installed at /usr/games/gnugo (Debian package gnugo); skipping the match test")
    }

    private func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hoshi-match-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testPlaysScoresAndWritesEveryGameAsSGF() throws {
        try skipWithoutGNUGo()
        var settings = MatchSettings()
        settings.games = 2
        settings.size = 5
        settings.komi = 0.5
        settings.sgfDirectory = temporaryFolder() + "/games"
        var lines: [String] = []
        let referee = MatchReferee(commandLines: [gnugo, gnugo], settings: settings) { lines.append($0) }
        let records = try referee.run()
        XCTAssertEqual(records.count, 2)
        XCTAssertEqual(records.map(\.blackEngine), [0, 1])
        XCTAssertEqual(lines.count, 2)
        for record in records {
            XCTAssertNotNil(record.winner, "komi 0.5 allows no draw")
            let path = settings.sgfDirectory! + String(format: "/game-%03d.sgf", record.number)
            let parsed = SGFParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
            let game = try XCTUnwrap(parsed.games.first)
            XCTAssertEqual(game.gameInfo.result, record.result)
            XCTAssertEqual(game.mainLineMoves.count, record.moves.count)
        }
        let first = MatchReferee.wins(of: 0, in: records)
        let second = MatchReferee.wins(of: 1, in: records)
        XCTAssertEqual(first.wins + second.wins, 2)
    }

    func testAnIllegalMoveLosesTheGame() throws {
        // This "engine" answers every genmove with A1: black takes A1, and white's A1 is on an occupied point.
        let stubborn = "/bin/sh -c 'while read line; do case \"$line\" in genmove*) printf \"= A1\\n\\n\";; "
            + "name*) printf \"= stubborn\\n\\n\";; *) printf \"=\\n\\n\";; esac; done'"
        var settings = MatchSettings()
        settings.games = 1
        settings.size = 5
        let referee = MatchReferee(commandLines: [stubborn, stubborn], settings: settings)
        let record = try XCTUnwrap(try referee.run().first)
        XCTAssertEqual(record.result, "B+F")
        XCTAssertEqual(record.winner, .black)
        guard case .illegalMove = record.end else { return XCTFail("\(record.end)") }
    }

    /// An engine that plays C3 and then only passes, and calls nothing dead, against GNU Go on 5x5: GNU Go
    /// passes with the lone stone on the board and lists it dead, the lazy engine does not. The referee
    /// plays on (GNU Go answers `kgs-genmove_cleanup`) until the stone is captured, and counts the whole
    /// board for white. Failed before: the referee left the disputed stone on the board and counted W+1.5.
    func testDisputedDeadStonesArePlayedOut() throws {
        try skipWithoutGNUGo()
        let lazy = "/bin/sh -c 'played=0; while read line; do case \"$line\" in "
            + "genmove*) if [ $played = 0 ]; then played=1; printf \"= C3\\n\\n\"; else printf \"= pass\\n\\n\"; fi;; "
            + "name*) printf \"= lazy\\n\\n\";; *) printf \"=\\n\\n\";; esac; done'"
        var settings = MatchSettings()
        settings.games = 1
        settings.size = 5
        settings.komi = 0.5
        let referee = MatchReferee(commandLines: [lazy, gnugo], settings: settings)
        let record = try XCTUnwrap(try referee.run().first)
        XCTAssertTrue(record.notes.contains("dead stones disputed: played on"), "\(record.notes)")
        XCTAssertFalse(record.notes.contains { $0.contains("left on the board") }, "\(record.notes)")
        // A second count: replay the game with the core's rules and count the final position by area.
        var board = Board(size: try XCTUnwrap(BoardSize(columns: 5, rows: 5)))
        for move in record.moves { board = board.playing(move).board }
        let c3 = Point(column: 2, row: 2)
        XCTAssertNotEqual(board[c3], Stone.black, "the lazy engine's stone was captured")
        let margin = Double(board.score(deadStones: []).areaMargin) - settings.komi
        XCTAssertEqual(margin, -25.5, "the whole board is white's")
        XCTAssertEqual(record.result, "W+25.5")
        XCTAssertEqual(record.winner, .white)
    }
}
