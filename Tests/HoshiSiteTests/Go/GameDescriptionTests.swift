import HoshiCore
@testable import HoshiSite
import Testing

/// Game information in words, against the FF[4] definitions of `RE`, `TM` and friends.
struct GameDescriptionTests {
    private func result(_ raw: String) -> String? {
        var info = GameInfo()
        info.result = raw
        return GameDescription(info).resultText
    }

    @Test func resultsReadAsSentences() {
        #expect(result("W+3.5") == "White wins by 3.5 points")
        #expect(result("B+1") == "Black wins by 1 point")
        #expect(result("B+12") == "Black wins by 12 points")
        #expect(result("B+R") == "Black wins by resignation")
        #expect(result("W+Resign") == "White wins by resignation")
        #expect(result("W+T") == "White wins on time")
        #expect(result("B+Forfeit") == "Black wins by forfeit")
        #expect(result("B+") == "Black wins")
        #expect(result("0") == "Draw (jigo)")
        #expect(result("Jigo") == "Draw (jigo)")
        #expect(result("Void") == "No result (void)")
        #expect(result("?") == "Result unknown")
        #expect(result("Unfinished") == "Unfinished")
        #expect(result("Black won on the board") == "Black won on the board")
        #expect(result("  ") == nil)
    }

    @Test func winnerComesFromTheResultOnly() {
        var info = GameInfo()
        info.result = "w+r"
        #expect(GameDescription(info).winner == .white)
        info.result = "Jigo"
        #expect(GameDescription(info).winner == nil)
    }

    @Test func titleNamesPlayersWithRanksAndDateUnlessTheGameHasAName() {
        var info = GameInfo()
        info.blackPlayer = "Honinbo   Shusaku"
        info.blackRank = "7d"
        info.whitePlayer = "Ota\tYuzo"
        info.date = "1853-11-01"
        #expect(GameDescription(info).title == "Honinbo Shusaku 7d vs Ota Yuzo, 1853-11-01")
        info.gameName = "Castle game"
        #expect(GameDescription(info).title == "Castle game")
        #expect(GameDescription(GameInfo()).title == nil)
    }

    @Test func factsListOnlyWhatTheRecordGives() {
        var info = GameInfo()
        info.komi = 6.5
        info.handicap = 2
        info.timeLimit = 5400
        info.place = "Edo"
        let facts = GameDescription(info).facts
        #expect(facts.map(\.label) == ["Place", "Komi", "Handicap", "Time"])
        #expect(facts.map(\.value) == ["Edo", "6.5", "2 stones", "1 hour 30 minutes each"])
    }
}
