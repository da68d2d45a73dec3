import HoshiCore
@testable import HoshiSite
import XCTest

/// Which variations get a diagram and the part of the board a diagram shows, against expectations worked out
/// by hand from the rules in `VariationDiagrams`' documentation.
final class VariationDiagramsTests: XCTestCase {
    private func diagrams(_ text: String, movesPerFigure: Int = 50) throws -> [[VariationDiagrams.Diagram]] {
        let game = try XCTUnwrap(SGFParser.parse(bytes: Array(text.utf8), path: "t.sgf").games.first)
        let positions = GamePositions(game: game)
        let fragments = GameFragments(game: game, positions: positions)
        var parameters = GamePageParameters()
        parameters.movesPerFigure = movesPerFigure
        let figures = GameFigures(game: game, positions: positions, fragments: fragments, parameters: parameters).figures()
        return VariationDiagrams(game: game, positions: positions, fragments: fragments).diagrams(for: figures)
    }

    func testAMainLineOnlyRecordHasNoDiagram() throws {
        XCTAssertEqual(try diagrams("(;SZ[19];B[pd];W[dp];B[pp];W[dd])").flatMap { $0 }.count, 0)
    }

    func testEachAlternativeToAFiguresMoveGetsOneUnderThatFigure() throws {
        // Figures of two moves: 1-2, 3-4. Alternatives to move 2 (two of them) and to move 4; the variation
        // inside the first alternative gets none; a setup-only alternative gets none.
        let found = try diagrams("(;SZ[19];B[pd](;W[dp];B[pp](;W[dd])(;W[dc]))(;W[dq];B[cq](;W[cp])(;W[dr]))(;W[qq])(;AB[aa]))",
                                 movesPerFigure: 2)
        XCTAssertEqual(found.map { $0.map(\.number) }, [[1, 2], [3]])
        XCTAssertEqual(found.flatMap { $0 }.map(\.replacedMove), [2, 2, 4])
        XCTAssertEqual(found[0][0].nodes.compactMap(\.number), [1, 2, 3], "the variation's own line, first choices")
        XCTAssertEqual(found[0][0].summary, "White 1 instead of 2")
        XCTAssertEqual(found[0][1].nodes.compactMap(\.number), [1])
    }

    func testALongVariationIsCutAndSaysHowMuchIsLeft() throws {
        let moves = (0..<40).map { index in "\(index % 2 == 0 ? "B" : "W")[\(Self.point(index))]" }.joined(separator: ";")
        let found = try diagrams("(;SZ[19](;B[pd])(;\(moves)))").flatMap { $0 }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].nodes.compactMap(\.number).count, VariationDiagrams.movesPerDiagram)
        XCTAssertEqual(found[0].movesNotShown, 40 - VariationDiagrams.movesPerDiagram)
    }

    /// 40 distinct points: columns a-j of rows a-d.
    private static func point(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrs")
        return "\(letters[index % 10])\(letters[index / 10])"
    }

    func testADiagramShowsTheCornerItsMovesUse() throws {
        let size = try XCTUnwrap(BoardSize(columns: 19, rows: 19))
        // Moves at C4 and D3 (columns 2-3, rows 15-16): two lines around them is columns 0-5 and rows 13-18, widened
        // to seven columns (0-6) and seven rows (12-18); both reach an edge within three lines.
        let corner = VariationDiagrams.region(around: [Point(column: 2, row: 15), Point(column: 3, row: 16)], on: size)
        XCTAssertEqual(corner, BoardRegion(columns: 0...6, rows: 12...18))
        // In the middle of the side: columns 7-11 with their margin, rows out to the lower edge.
        let side = VariationDiagrams.region(around: [Point(column: 9, row: 17), Point(column: 10, row: 16)], on: size)
        XCTAssertEqual(side, BoardRegion(columns: 6...12, rows: 12...18))
        // Moves all over the board: the whole board.
        XCTAssertNil(VariationDiagrams.region(around: [Point(column: 2, row: 2), Point(column: 16, row: 16)], on: size))
        XCTAssertNil(VariationDiagrams.region(around: [], on: size), "passes only")
    }
}
