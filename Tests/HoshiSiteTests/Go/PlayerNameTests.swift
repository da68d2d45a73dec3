import HoshiCore
@testable import HoshiSite
import XCTest

/// A rank written into `PB`/`PW` is the rank, in the forms records use; anything else stays the name. The
/// expected splits are written out by hand.
final class PlayerNameTests: XCTestCase {
    func testRanksWrittenIntoNamesAreSetApart() {
        let cases: [(String, String, String?)] = [
            ("Yasui Chitetsu 7p", "Yasui Chitetsu", "7p"),
            ("Lee Sedol 9 dan", "Lee Sedol", "9 dan"),
            ("Lee Sedol 9-dan", "Lee Sedol", "9-dan"),
            ("Go Seigen 7 pro", "Go Seigen", "7 pro"),
            ("Kim 3k", "Kim", "3k"),
            ("Kim 12 kyu", "Kim", "12 kyu"),
            ("Cho Chikun (9p)", "Cho Chikun", "9p"),
            ("Gennan, 8d", "Gennan", "8d"),
            ("Ann  [4D]", "Ann", "4D"),
            ("Otake Hideo 9 dan pro", "Otake Hideo", "9 dan pro"),
            ("Honinbo Shusaku 4段", "Honinbo Shusaku", "4段"),
        ]
        for (recorded, name, rank) in cases {
            let read = PlayerName(recorded: recorded)
            XCTAssertEqual(read.name, name, recorded)
            XCTAssertEqual(read.rank, rank, recorded)
        }
    }

    func testNamesWithoutARankStayWhole() {
        for recorded in ["Yasui Sanchi IX", "Player 2", "7p", "Team 2 Dan Brown", "AlphaGo Master", "Leela Zero 40b", "Kim3k"] {
            let read = PlayerName(recorded: recorded)
            XCTAssertEqual(read.name, recorded)
            XCTAssertNil(read.rank, recorded)
        }
    }

    func testTheHeaderShowsTheRankOnceAndBRWins() {
        var info = GameInfo(node: SGFParser.parse(bytes: Array("(;PB[Yasui Chitetsu 7p]PW[Dosaku 9 dan]WR[8d])".utf8), path: "t.sgf").games[0].root)
        XCTAssertEqual(GameDescription(info).blackName, "Yasui Chitetsu")
        XCTAssertEqual(GameDescription(info).player(.black), "Yasui Chitetsu 7p")
        XCTAssertEqual(GameDescription(info).player(.white), "Dosaku 8d", "WR is the record's own rank")
        info = GameInfo(node: SGFParser.parse(bytes: Array("(;PB[7p])".utf8), path: "t.sgf").games[0].root)
        XCTAssertEqual(GameDescription(info).blackName, "7p")
    }

    func testAliasesAreReadWithTheirProblemsAtTheirLines() {
        let text = """
            games:
              players:
                - name: Honinbo Shusaku
                  aliases: [Yasuda Shusaku, Kuwahara Shusaku 4d]
                - name: Yasui Chitetsu
                  aliases: Yasui Chitetsu 7p
                - name: Someone
                  aliasses: [Else]
                - name: Other
                  aliases: [yasuda  shusaku]
            """
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        let aliases = configuration[.games].players
        XCTAssertEqual(aliases.player(named: "Yasuda Shusaku"), "Honinbo Shusaku")
        XCTAssertEqual(aliases.player(named: "Kuwahara Shusaku"), "Honinbo Shusaku", "the rank is not part of the name")
        XCTAssertEqual(aliases.player(named: "Honinbo Shusaku"), "Honinbo Shusaku")
        XCTAssertEqual(aliases.player(named: "Inoue Gennan"), "Inoue Gennan")
        let lines = diagnostics.map { "\($0.location?.line ?? 0): \($0.severity == .error ? "error" : "warning"): \($0.message)" }
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("6: warning: 'Yasui Chitetsu 7p' is the name of its own entry") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("8: warning: unknown key 'aliasses'") && $0.hasSuffix("did you mean 'aliases'?") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("10: error: 'yasuda shusaku' is already an alias of 'Honinbo Shusaku'") }, "\(lines)")
    }
}
