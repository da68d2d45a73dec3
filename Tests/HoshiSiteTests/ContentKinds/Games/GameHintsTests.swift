import HoshiCore
@testable import HoshiSite
import XCTest

/// Key moments are the `limit` largest losses of at least the threshold, largest first, the earlier move
/// first between equal losses: what sorting every loss and keeping the first five gives.
final class GameHintsTests: XCTestCase {
    /// A viewer entry: Black's win rate, then each candidate with the moves after it when its continuation
    /// starts with it (at most six moves in all), or its whole continuation after `=` when not.
    func testAViewerEntryWritesTheContinuationAfterTheCandidate() {
        func point(_ column: Int, _ row: Int) -> Point { Point(column: column, row: row) }
        let (aa, ab, bb, cc, dd, ee) = (point(0, 0), point(0, 1), point(1, 1), point(2, 2), point(3, 3), point(4, 4))
        let hint = PositionHint(candidates: [
            .init(point: cc, visits: 6, winRate: 0.512, principalVariation: [cc, bb, dd]),
            .init(point: nil, visits: 2, winRate: 0.3, principalVariation: []),
            .init(point: bb, visits: 1, winRate: 1, principalVariation: [bb, nil, ab]),
            .init(point: dd, visits: 1, winRate: 0.4, principalVariation: [cc, bb]),
            .init(point: nil, visits: 0, winRate: 0.2, principalVariation: [nil, cc]),
            .init(point: ee, visits: 0, winRate: 0.1, principalVariation: [ee, aa, bb, cc, dd, ee, aa, bb]),
        ], visits: 10, winRate: 0.512)
        XCTAssertEqual(GameHints.viewerEntry(of: GameHints.NodeHint(toMove: .black, hint: hint)),
                       "512 cc.60.512.bbdd .20.300.= bb.10.1000.--ab dd.10.400.=ccbb .0.200.cc ee.0.100.aabbccddee")
        XCTAssertEqual(GameHints.viewerEntry(of: GameHints.NodeHint(toMove: .white, hint: PositionHint(candidates: [], visits: 0, winRate: 0.25))),
                       "750", "White to move at 25%: Black's 75%, and no candidate")
    }

    func testKeyMomentsAreTheLargestLossesLargestFirstEarlierMovesFirstBetweenEqualOnes() {
        // Black and White alternate on the same two points; before each move the engine's first choice
        // (most visited) is A1 at 0.9 and the move played, B1, is a candidate at a win rate that varies.
        let first = Point(column: 0, row: 0)
        let played = Point(column: 1, row: 0)
        let rates: [Double] = [0.9, 0.5, 0.8, 0.5, 0.86, 0.3, 0.3, 0.88, 0.5, 0.7, 0.84, 0.3, 0.2]
        var moves: [Move?] = []
        var hints: [GameHints.NodeHint?] = []
        for (number, rate) in rates.enumerated() {
            let stone: Stone = number % 2 == 0 ? .black : .white
            moves.append(Move(stone, at: played))
            hints.append(GameHints.NodeHint(toMove: stone, hint: PositionHint(candidates: [
                .init(point: first, visits: 10, winRate: 0.9, principalVariation: [first]),
                .init(point: played, visits: 5, winRate: rate, principalVariation: [played]),
            ], visits: 15, winRate: 0.9)))
        }
        let moments = GameHints.keyMoments(moves: moves, hints: hints)
        let expected = rates.enumerated().filter { 0.9 - $0.element >= 0.05 }
            .sorted { 0.9 - $0.element != 0.9 - $1.element ? 0.9 - $0.element > 0.9 - $1.element : $0.offset < $1.offset }
            .prefix(5).map { $0.offset + 1 }
        XCTAssertEqual(moments.map(\.moveNumber), expected)
        XCTAssertEqual(moments.map(\.moveNumber), [13, 6, 7, 12, 2])
        XCTAssertEqual(GameHints.keyMoments(moves: moves, hints: hints, limit: 2).map(\.moveNumber), [13, 6])
        XCTAssertEqual(GameHints.keyMoments(moves: moves, hints: hints, threshold: 0.5).map(\.moveNumber), [13, 6, 7, 12])
    }
}
