import XCTest
@testable import HoshiCore

final class GamePositionsTests: XCTestCase {
    private func game(_ text: String) -> (GameTree, [Diagnostic]) {
        let result = SGFParser.parse(text: text, path: "t.sgf")
        return (result.games[0], result.diagnostics)
    }

    func testEveryNodeOfEveryVariationHasItsPosition() {
        let (tree, _) = game("(;SZ[5]AB[aa][bb];W[ba](;B[ca])(;B[cb];W[dd]))")
        let positions = GamePositions(game: tree)
        XCTAssertEqual(tree.nodes.count, 5)
        // Node 2 is B[ca] (main line), node 3 is B[ab] (second variation).
        XCTAssertEqual(positions.change(at: 2).added, [PlacedStone(point: Point(column: 2, row: 0), stone: .black)])
        XCTAssertEqual(positions.change(at: 2).removed, [PlacedStone(point: Point(column: 1, row: 0), stone: .white)])
        XCTAssertEqual(positions.change(at: 2).captures, 1)
        XCTAssertEqual(positions.change(at: 3).removed, [])
        XCTAssertEqual(positions.board(at: 4, in: tree).diagram, """
            X O . . .
            . X X . .
            . . . . .
            . . . O .
            . . . . .
            captures: black 0 white 0

            """)
        XCTAssertEqual(positions.board(at: 2, in: tree).prisoners(takenBy: .black), 1)
        XCTAssertEqual(positions.change(at: 4).moveNumber, 3)
        // The root's setup counts as added stones.
        XCTAssertEqual(positions.change(at: 0).added, [
            PlacedStone(point: Point(column: 0, row: 0), stone: .black), PlacedStone(point: Point(column: 1, row: 1), stone: .black),
        ])
        XCTAssertEqual(positions.hash(at: 4), positions.board(at: 4, in: tree).hash)
    }

    func testSetupInAnyNodeAndAddEmpty() {
        let (tree, _) = game("(;SZ[3];B[aa];AE[aa]AW[bb];B[cc])")
        let positions = GamePositions(game: tree)
        XCTAssertEqual(positions.change(at: 2).removed, [PlacedStone(point: Point(column: 0, row: 0), stone: .black)])
        XCTAssertEqual(positions.change(at: 2).added, [PlacedStone(point: Point(column: 1, row: 1), stone: .white)])
        XCTAssertEqual(positions.board(at: 3, in: tree).diagram, ". . .\n. O .\n. . X\ncaptures: black 0 white 0\n")
    }

    func testSimpleKoRetakeIsReported() {
        // Position: black a ko shape around bb, white around cb.
        //   . X O .
        //   X . X O     black plays... we build it with setup, then W takes, B retakes at once.
        //   . X O .
        let (tree, diagnostics) = game("(;SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])")
        XCTAssertEqual(diagnostics, [])
        let positions = GamePositions(game: tree)
        XCTAssertEqual(positions.change(at: 1).captures, 1)   // W[bb] takes cb
        XCTAssertEqual(positions.change(at: 2).captures, 1)   // B[cb] retakes bb
        XCTAssertEqual(positions.diagnostics.map(\.description), ["t.sgf:1:47: warning: B[cb] retakes a ko immediately; replayed as recorded"])
    }

    func testFindingsOfOneKindBeyondTenAreCounted() {
        // The ko of the test above, fought with passes between captures: every capture after the first
        // recreates a position of the line (positional superko), 2 per cycle but the first W[bb]: 15.
        let cycle = ";W[bb];B[];W[];B[cb];W[];B[]"
        let (tree, _) = game("(;SZ[4]AB[ba][ab][bc][cb]AW[ca][db][cc]" + String(repeating: cycle, count: 8) + ")")
        let messages = GamePositions(game: tree).diagnostics.map(\.message)
        XCTAssertEqual(messages.count, 11)
        XCTAssertEqual(messages.filter { $0.hasSuffix("repeats an earlier position (positional superko); replayed as recorded") }.count, 10)
        XCTAssertEqual(messages.last, "5 more moves in this game repeat an earlier position (positional superko), from here on; not listed")
    }

    func testSuicideAndOccupiedPointAreReported() {
        let (tree, _) = game("(;SZ[3]AB[ba][ab];W[aa];B[cc];W[cc])")
        let positions = GamePositions(game: tree)
        XCTAssertEqual(positions.diagnostics.map(\.message), [
            "W[aa] is suicide (1 stone(s) removed); replayed as recorded",
            "W[cc] is played on an occupied point; the stone there is replaced",
        ])
        XCTAssertEqual(positions.change(at: 3).removed, [PlacedStone(point: Point(column: 2, row: 2), stone: .black)])
        XCTAssertEqual(positions.change(at: 3).added, [PlacedStone(point: Point(column: 2, row: 2), stone: .white)])
    }

    func testForcedMoveIsNotReported() {
        let (tree, _) = game("(;SZ[3]AB[ba][ab];W[aa]KO[])")
        XCTAssertEqual(GamePositions(game: tree).diagnostics, [])
    }

    func testMainLineNodeAfterMoves() {
        let (tree, _) = game("(;SZ[9];B[aa];W[];B[cc](;W[dd])(;W[ee]))")
        XCTAssertEqual(GamePositions.mainLineNode(afterMoves: 0, in: tree), 0)
        XCTAssertEqual(GamePositions.mainLineNode(afterMoves: 2, in: tree), 2)
        XCTAssertEqual(GamePositions.mainLineNode(afterMoves: 4, in: tree), 4)
        XCTAssertEqual(GamePositions.mainLineNode(afterMoves: 99, in: tree), 4)
        XCTAssertNil(GamePositions.mainLineNode(afterMoves: -1, in: tree))
    }
}
