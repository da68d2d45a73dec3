import HoshiCore
@testable import HoshiSite
import Testing

/// Figures of the main line: numbers on the stones still standing, the others listed under the figure.
struct GameFiguresTests {
    /// 5x5: B B5 (ba), W A5 (aa), B A4 (ab) captures it; W C3 (cc); B A5 (aa) retakes the point; W passes.
    static let record = "(;SZ[5];B[ba];W[aa];B[ab];W[cc];B[aa];W[])"

    private func figures(movesPerFigure: Int) throws -> [GameFigures.Figure] {
        let game = try #require(SGFParser.parse(text: Self.record, path: "f.sgf").games.first)
        let positions = GamePositions(game: game)
        var parameters = GamePageParameters()
        parameters.movesPerFigure = movesPerFigure
        return GameFigures(game: game, positions: positions, fragments: GameFragments(game: game, positions: positions),
                           parameters: parameters).figures()
    }

    @Test func oneFigureNumbersTheStandingStonesAndListsTheRest() throws {
        let all = try figures(movesPerFigure: 50)
        #expect(all.count == 1)
        let figure = try #require(all.first)
        #expect(figure.firstMove == 1 && figure.lastMove == 6)
        let numbers = Dictionary(uniqueKeysWithValues: figure.picture.numbers.map { ($0.point.sgf, $0.number) })
        #expect(numbers == ["ba": 1, "ab": 3, "cc": 4, "aa": 5])
        #expect(figure.notes == ["2 at 5", "6: pass"])
    }

    @Test func laterFiguresShowEarlierStonesUnnumbered() throws {
        let all = try figures(movesPerFigure: 3)
        #expect(all.map(\.firstMove) == [1, 4])
        #expect(all[0].notes == ["2 at A5"], "the captured stone's point is empty at the figure's end")
        #expect(Set(all[0].picture.stones.map(\.point.sgf)) == ["ba", "ab"])
        let second = Dictionary(uniqueKeysWithValues: all[1].picture.numbers.map { ($0.point.sgf, $0.number) })
        #expect(second == ["cc": 4, "aa": 5])
        #expect(Set(all[1].picture.stones.map(\.point.sgf)) == ["ba", "ab", "cc", "aa"])
        #expect(all[1].notes == ["6: pass"])
    }
}
