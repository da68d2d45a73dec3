@testable import HoshiCore
import Foundation
import XCTest

/// The playouts' flat shape table against the dictionary the tree's priors read, and the pattern answer's
/// draw against the distribution the learned weights give it.
final class PlayoutShapeWeightsTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testFlatTableGivesTheDictionaryWeightOnRandomGames() {
        var random = SplitMix64(seed: 5)
        var learnedPoints = 0
        for size in [5, 9, 9, 13] {
            let board = PlayoutBoard(size: size)
            for _ in 0..<(size * size * 2) {
                learnedPoints += compareEveryPoint(on: board)
                guard board.passes < 2 else { break }
                board.play(randomLegalMove(on: board, random: &random), board.toMove)
            }
        }
        // The comparison must have met the learned shapes, not only the default weight of unseen ones.
        XCTAssertGreaterThan(learnedPoints, 1_000)
    }

    func testFlatTableGivesTheDictionaryWeightOnAProfessionalGame() throws {
        let file = Self.repository.appending(path: "content/games/famous-games/1846-ear-reddening-game.sgf")
        let tree = try XCTUnwrap(SGFParser.parse(text: String(contentsOf: file, encoding: .utf8)).games.first)
        let board = PlayoutBoard(size: 19)
        var moves = 0
        var learnedPoints = 0
        for move in tree.mainLineMoves {
            learnedPoints += compareEveryPoint(on: board)
            let index = move.point.map { board.index(of: $0) } ?? PlayoutBoard.pass
            XCTAssertTrue(index == PlayoutBoard.pass || board.isLegal(index, move.stone))
            board.play(index, move.stone)
            moves += 1
        }
        XCTAssertGreaterThan(moves, 200)
        XCTAssertGreaterThan(learnedPoints, 10_000)
    }

    func testLevelsStayWithinHalfAStepOfTheWeights() {
        let table = PlayoutShapeWeights.learned
        // The scale spans the learned weights (and 1) in 254 steps, so half a step is about 3% of a weight.
        XCTAssertLessThan(exp(table.logarithmStep / 2), 1.031)
        for weight in LearnedPatternTable.weights.values {
            let level = table.level(of: weight)
            XCTAssertEqual(log(table.weight(ofLevel: level)), log(Double(weight)), accuracy: table.logarithmStep / 2 + 1e-9)
        }
    }

    func testKeysWithoutABoardHaveNoIndex() {
        XCTAssertNil(PlayoutShapeWeights.index(ofKey: 0x5))  // liberties on a diagonal (NW) stone
        XCTAssertNil(PlayoutShapeWeights.index(ofKey: 0x10))  // an orthogonal (N) stone without liberties
        XCTAssertNil(PlayoutShapeWeights.index(ofKey: 0x40))  // liberties on an empty orthogonal point
        XCTAssertEqual(PlayoutShapeWeights.index(ofKey: 0), 0)
    }

    /// The draw, 20,000 times in each of a few positions after random games, against the probabilities worked
    /// out here from the dictionary weights: each empty neighbour of the last move that matches a pattern and
    /// is legal and no self-atari, in proportion to its weight; nil only when there is none.
    func testPatternAnswerFollowsTheWeightsAndNeverPicksAnExcludedPoint() {
        var random = SplitMix64(seed: 17)
        var draws = SplitMix64(seed: 23)
        let policy = PlayoutPolicy(parameters: EngineParameters())
        var excludedNeighbours = 0
        var positionsWithAChoice = 0
        for position in 0..<40 {
            let board = PlayoutBoard(size: 9)
            for _ in 0..<(10 + random.below(50)) {
                board.play(randomLegalMove(on: board, random: &random), board.toMove)
            }
            let last = board.lastMove
            guard last > 0 else { continue }
            let stone = board.toMove
            var expected: [Int: Double] = [:]
            for row in -1...1 {
                for column in -1...1 where row != 0 || column != 0 {
                    let point = last + row * board.stride + column
                    guard board.colour[point] == PlayoutBoard.empty else { continue }
                    if PatternTable.matches(board.neighbourhood[point]) && board.isLegal(point, stone)
                        && !board.isSelfAtari(point, stone, minimumStones: 1) {
                        expected[point] = Double(LearnedPatternTable.weight(at: point, for: stone, on: board))
                    } else {
                        excludedNeighbours += 1
                    }
                }
            }
            let drawCount = expected.count > 1 ? 20_000 : 100
            var counts: [Int: Int] = [:]
            for _ in 0..<drawCount {
                let answer = policy.patternAnswer(to: last, on: board, for: stone, random: &draws) ?? PlayoutBoard.pass
                counts[answer, default: 0] += 1
            }
            guard !expected.isEmpty else {
                XCTAssertEqual(counts, [PlayoutBoard.pass: drawCount], "position \(position) has no candidate")
                continue
            }
            XCTAssertTrue(Set(counts.keys).isSubset(of: Set(expected.keys)), "an excluded point was drawn")
            if expected.count > 1 { positionsWithAChoice += 1 }
            let total = expected.values.reduce(0, +)
            for (point, weight) in expected {
                let probability = weight / total
                let mean = Double(drawCount) * probability
                // Five standard deviations of the count, plus 6% of the mean for the levels' rounding (each
                // weight within 3%, so a share within about 6%).
                let bound = 5 * (mean * (1 - probability)).squareRoot() + 0.06 * mean + 1
                XCTAssertEqual(Double(counts[point, default: 0]), mean, accuracy: bound, "point \(point) of position \(position)")
            }
        }
        XCTAssertGreaterThan(excludedNeighbours, 0, "no position had a neighbour to leave out")
        XCTAssertGreaterThan(positionsWithAChoice, 3, "too few positions with two candidates or more")
    }

    // MARK: - Helpers

    /// Compares the flat table with the dictionary on every empty point of `board`, for both colours;
    /// returns how many of those points have a learned weight other than the default 1.
    private func compareEveryPoint(on board: PlayoutBoard) -> Int {
        let table = PlayoutShapeWeights.learned
        var learned = 0
        for row in 0..<board.size {
            for column in 0..<board.size {
                let point = board.index(of: Point(column: column, row: row))
                guard board.colour[point] == PlayoutBoard.empty else { continue }
                for stone in Stone.allCases {
                    let dictionaryWeight = LearnedPatternTable.weight(at: point, for: stone, on: board)
                    let level = table.levels[PlayoutShapeWeights.index(at: point, for: stone, on: board)]
                    XCTAssertEqual(level, table.level(of: dictionaryWeight), "(\(column), \(row)) for \(stone)")
                    if LearnedPatternTable.weights[LocalShape.key(at: point, for: stone, on: board)] != nil { learned += 1 }
                }
            }
        }
        return learned
    }

    private func randomLegalMove(on board: PlayoutBoard, random: inout SplitMix64) -> Int {
        let stone = board.toMove
        let legal = (0..<board.emptyCount).map { Int(board.emptyPoints[$0]) }.filter { board.isLegal($0, stone) }
        return legal.isEmpty ? PlayoutBoard.pass : legal[random.below(legal.count)]
    }
}
