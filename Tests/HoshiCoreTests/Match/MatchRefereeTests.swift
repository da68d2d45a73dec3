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
}
