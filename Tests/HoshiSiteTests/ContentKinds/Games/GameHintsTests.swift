import HoshiCore
@testable import HoshiSite
import XCTest

/// Key moments are the `limit` largest losses of at least the threshold, largest first, the earlier move
/// first between equal losses: what sorting every loss and keeping the first five gives.
final class GameHintsTests: XCTestCase {
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
