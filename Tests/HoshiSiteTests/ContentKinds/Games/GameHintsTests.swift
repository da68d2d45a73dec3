import Foundation
import HoshiCore
@testable import HoshiSite
import XCTest

/// Key moments are the `limit` largest losses of at least the threshold, largest first, the earlier move
/// first between equal losses: what sorting every loss and keeping the first five gives.
final class GameHintsTests: XCTestCase {
    /// The graph's paths, read back by the parser of SVG path data below, draw each move's win rate at
    /// (move, 100 less Black's percentage to a tenth): the line in one piece per stretch of moves with win
    /// rates, the area from the bottom under the first to the bottom under the last, straight across gaps.
    func testTheGraphPathsDrawEveryWinRateAtItsMove() throws {
        let rates: [Double?] = [nil, 0.5, 0.667, 0.25, nil, 0.8, 0.8, 0.123, nil, nil, 1, 0, 0.996, nil]
        let (line, area) = GameHints.graphPaths(of: rates)
        let stretches: [[(Double, Double)]] = [[(1, 50), (2, 33.3), (3, 75)], [(5, 20), (6, 20), (7, 87.7)], [(10, 0), (11, 100), (12, 0.4)]]
        let lineRead = try Self.subpaths(line)
        XCTAssertEqual(lineRead.count, stretches.count, line)
        for (read, expected) in zip(lineRead, stretches) { Self.assertPoints(read.points, expected, line) }
        XCTAssertFalse(lineRead.contains { $0.closed })
        let areaRead = try Self.subpaths(area)
        XCTAssertEqual(areaRead.count, 1, area)
        Self.assertPoints(areaRead.first?.points ?? [], [(1, 100)] + stretches.flatMap { $0 } + [(12, 100)], area)
        XCTAssertEqual(areaRead.first?.closed, true)
        XCTAssertEqual(GameHints.graphPaths(of: [nil, nil]).line, "")
        XCTAssertEqual(GameHints.graphPaths(of: [nil, nil]).area, "")
        let single = GameHints.graphPaths(of: [0.75])
        Self.assertPoints(try Self.subpaths(single.line).flatMap(\.points), [(0, 25)], single.line)
        Self.assertPoints(try Self.subpaths(single.area).flatMap(\.points), [(0, 100), (0, 25), (0, 100)], single.area)
    }

    /// SVG path data with the commands M, L, l, V and Z (numbers after a command repeat it, after M as L, as
    /// the SVG specification says), as its subpaths' points in absolute units.
    static func subpaths(_ data: String) throws -> [(points: [(Double, Double)], closed: Bool)] {
        let tokens = try NSRegularExpression(pattern: #"[MLlVZ]|-?[0-9]*\.?[0-9]+"#)
            .matches(in: data, range: NSRange(data.startIndex..., in: data)).compactMap { Range($0.range, in: data).map { String(data[$0]) } }
        var paths: [(points: [(Double, Double)], closed: Bool)] = []
        var command = ""
        var index = 0
        func number() throws -> Double { defer { index += 1 }; return try XCTUnwrap(index < tokens.count ? Double(tokens[index]) : nil, data) }
        while index < tokens.count {
            if Double(tokens[index]) == nil {
                command = tokens[index]
                index += 1
                if command == "Z" { paths[paths.count - 1].closed = true; continue }
            }
            let current = paths.last?.points.last ?? (0, 0)
            switch command {
            case "M": paths.append(([(try number(), try number())], false)); command = "L"
            case "L": paths[paths.count - 1].points.append((try number(), try number()))
            case "l": paths[paths.count - 1].points.append((current.0 + (try number()), current.1 + (try number())))
            case "V": paths[paths.count - 1].points.append((current.0, try number()))
            default:
                XCTFail("unexpected path command \(command) in \(data)")
                return paths
            }
        }
        return paths
    }

    static func assertPoints(_ read: [(Double, Double)], _ expected: [(Double, Double)], _ data: String, line: UInt = #line) {
        XCTAssertEqual(read.count, expected.count, data, line: line)
        for (got, want) in zip(read, expected) {
            XCTAssertEqual(got.0, want.0, accuracy: 1e-9, data, line: line)
            XCTAssertEqual(got.1, want.1, accuracy: 1e-9, data, line: line)
        }
    }

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
