@testable import HoshiCore
import XCTest

/// The pattern learner's counts against counts made a second way, the shape keys' symmetry, and the
/// generated table's text format.
final class PatternLearnerTests: XCTestCase {
    func testOneMoveOnAnEmptyBoardCountsTheThreeShapesByHand() throws {
        var learner = PatternLearner()
        XCTAssertTrue(learner.learn(from: try game("(;GM[1]FF[4]SZ[5];B[cc])")))
        // 5x5, empty: 9 inner points (all eight neighbours empty), 12 edge points (three neighbours off the
        // board on one side) and 4 corners (five off the board); black took an inner one.
        let inner = LocalShape.canonical(0)
        let edge = LocalShape.canonical(0x333)  // NW, N and NE off the board
        let corner = LocalShape.canonical(0x0030_3333)  // NW, N, NE, W and SW off the board
        XCTAssertEqual(learner.counts, [
            inner: PatternLearner.ShapeCount(available: 9, played: 1),
            edge: PatternLearner.ShapeCount(available: 12, played: 0),
            corner: PatternLearner.ShapeCount(available: 4, played: 0),
        ])
        XCTAssertEqual(learner.movesCounted, 1)
    }

    func testCountsMatchAnIndependentCountOfAGameWithACaptureAndAPass() throws {
        // Black captures the white stone on the corner (c), after which white may not play there (suicide).
        let record = "(;GM[1]FF[4]SZ[5];B[ba];W[aa];B[ab];W[cc];B[dd];W[];B[dc];W[cd];B[bc];W[ce];B[de])"
        let tree = try game(record)
        var learner = PatternLearner()
        XCTAssertTrue(learner.learn(from: tree))
        XCTAssertEqual(learner.movesCounted, 10)
        XCTAssertEqual(learner.gamesCutShort, 0)

        // The second count: shapes as text grids, liberties by flood fill, the smallest of the eight
        // symmetric renderings; each learner key must stand for exactly one text shape and keep its counts.
        var textCounts: [String: PatternLearner.ShapeCount] = [:]
        var keyToText: [UInt32: String] = [:]
        let board = PlayoutBoard(size: 5)
        for move in tree.mainLineMoves {
            guard let point = move.point else {
                board.play(PlayoutBoard.pass, move.stone)
                continue
            }
            for row in 0..<5 {
                for column in 0..<5 {
                    let candidate = Point(column: column, row: row)
                    let index = board.index(of: candidate)
                    guard board.stone(at: index) == nil, board.isLegal(index, move.stone) else { continue }
                    let text = textShape(at: candidate, for: move.stone, on: board)
                    textCounts[text, default: PatternLearner.ShapeCount()].available += 1
                    if candidate == point { textCounts[text, default: PatternLearner.ShapeCount()].played += 1 }
                    let key = LocalShape.key(at: index, for: move.stone, on: board)
                    XCTAssertEqual(keyToText[key, default: text], text, "key \(String(key, radix: 16))")
                    keyToText[key] = text
                }
            }
            board.play(board.index(of: point), move.stone)
        }
        XCTAssertEqual(Set(keyToText.values).count, keyToText.count, "two keys for one shape")
        XCTAssertEqual(learner.counts.count, textCounts.count)
        for (key, count) in learner.counts {
            XCTAssertEqual(keyToText[key].flatMap { textCounts[$0] }, count, "key \(String(key, radix: 16))")
        }
        XCTAssertEqual(learner.counts.values.reduce(0) { $0 + $1.played }, 10)
    }

    func testKeysAreTheSameUnderRotationReflectionAndColourSwap() {
        var random = SplitMix64(seed: 11)
        let size = 7
        for _ in 0..<20 {
            // A random legal position: placing its stones in any order captures nothing, so every
            // transformed copy has the same chains and liberties.
            let original = PlayoutBoard(size: size)
            for _ in 0..<random.below(30) {
                let stone = original.toMove
                let legal = (0..<original.emptyCount).map { Int(original.emptyPoints[$0]) }.filter { original.isLegal($0, stone) }
                original.play(legal.isEmpty ? PlayoutBoard.pass : legal[random.below(legal.count)], stone)
            }
            let transforms: [(Point) -> Point] = [
                { $0 }, { Point(column: size - 1 - $0.row, row: $0.column) },
                { Point(column: size - 1 - $0.column, row: size - 1 - $0.row) }, { Point(column: $0.row, row: size - 1 - $0.column) },
                { Point(column: size - 1 - $0.column, row: $0.row) }, { Point(column: $0.column, row: size - 1 - $0.row) },
                { Point(column: $0.row, row: $0.column) }, { Point(column: size - 1 - $0.row, row: size - 1 - $0.column) },
            ]
            for transform in transforms {
                for swapsColours in [false, true] {
                    let copy = PlayoutBoard(size: size)
                    for row in 0..<size {
                        for column in 0..<size {
                            let point = Point(column: column, row: row)
                            guard let stone = original.stone(at: original.index(of: point)) else { continue }
                            copy.play(copy.index(of: transform(point)), swapsColours ? stone.opponent : stone)
                        }
                    }
                    for row in 0..<size {
                        for column in 0..<size {
                            let point = Point(column: column, row: row)
                            let index = original.index(of: point)
                            guard original.stone(at: index) == nil else { continue }
                            for stone in Stone.allCases {
                                XCTAssertEqual(LocalShape.key(at: copy.index(of: transform(point)), for: swapsColours ? stone.opponent : stone, on: copy),
                                               LocalShape.key(at: index, for: stone, on: original))
                            }
                        }
                    }
                }
            }
        }
    }

    func testGeneratedSourceReadsBackAsTheWeights() throws {
        var learner = PatternLearner()
        for _ in 0..<3 { learner.learn(from: try game("(;GM[1]FF[4]SZ[9];B[ee];W[ec];B[cc];W[gg];B[ge])")) }
        // No shape of three 9x9 games is seen 20 times except the common ones; those must come back.
        let weights = learner.weights
        XCTAssertFalse(weights.isEmpty)
        let source = learner.generatedSource(command: "test")
        XCTAssertTrue(source.hasPrefix("// Generated by `test`; do not edit."))
        let body = try XCTUnwrap(source.components(separatedBy: "\"\"\"").dropFirst().first)
        let decoded = LearnedPatternTable.decode(body.replacingOccurrences(of: "    ", with: ""))
        XCTAssertEqual(Set(decoded.keys), Set(weights.keys))
        for (key, weight) in weights {
            XCTAssertEqual(Double(decoded[key] ?? 0), weight, accuracy: weight * 1e-3)
        }
    }

    func testTheCommittedTableIsReadAndFavoursSavingAChainInAtari() {
        XCTAssertGreaterThan(LearnedPatternTable.weights.count, 1_000)
        // An own stone to the north in atari between opponent stones at NW and NE, all else empty: extending
        // it is far likelier than a point with nothing around.
        let extending = LocalShape.canonical(0x0000_0252)
        XCTAssertGreaterThan(LearnedPatternTable.weights[extending] ?? 0, 5 * (LearnedPatternTable.weights[0] ?? 1))
    }

    // MARK: - Helpers

    private func game(_ text: String) throws -> GameTree {
        try XCTUnwrap(SGFParser.parse(text: text).games.first)
    }

    /// The 3x3 shape around `point` for `stone` to move as text: rows of two-character cells ("o" own,
    /// "x" opponent, "." empty, "#" off the board; orthogonal stones followed by their chain's liberties,
    /// 1, 2 or 3 for more), the smallest rendering of the eight symmetries.
    private func textShape(at point: Point, for stone: Stone, on board: PlayoutBoard) -> String {
        func cell(_ rowOffset: Int, _ columnOffset: Int) -> String {
            let neighbour = Point(column: point.column + columnOffset, row: point.row + rowOffset)
            guard (0..<board.size).contains(neighbour.row), (0..<board.size).contains(neighbour.column) else { return "# " }
            guard let other = board.stone(at: board.index(of: neighbour)) else { return ". " }
            let letter = other == stone ? "o" : "x"
            guard rowOffset == 0 || columnOffset == 0 else { return letter + " " }
            return letter + String(min(3, liberties(of: neighbour, on: board)))
        }
        var renderings: [String] = []
        for transform in [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                          (1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0)] {
            var text = ""
            for row in -1...1 {
                for column in -1...1 {
                    // The cell that lands on (row, column) under the transform's inverse image.
                    let sourceRow = row * transform.0 + column * transform.1
                    let sourceColumn = row * transform.2 + column * transform.3
                    text += row == 0 && column == 0 ? "* " : cell(sourceRow, sourceColumn)
                }
                text += "/"
            }
            renderings.append(text)
        }
        return renderings.min() ?? ""
    }

    private func liberties(of point: Point, on board: PlayoutBoard) -> Int {
        let colour = board.stone(at: board.index(of: point))
        var seen: Set<Point> = [point]
        var stack = [point]
        var liberties: Set<Point> = []
        while let current = stack.popLast() {
            for (rowStep, columnStep) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let next = Point(column: current.column + columnStep, row: current.row + rowStep)
                guard (0..<board.size).contains(next.row), (0..<board.size).contains(next.column) else { continue }
                let value = board.stone(at: board.index(of: next))
                if value == nil {
                    liberties.insert(next)
                } else if value == colour, seen.insert(next).inserted {
                    stack.append(next)
                }
            }
        }
        return liberties.count
    }
}
