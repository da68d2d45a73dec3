import HoshiCore
import XCTest

final class LightsSolverTests: XCTestCase {
    /// Deterministic pseudo-random bits for test boards (independent of the production RNG).
    struct TestRandom {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
    }

    func testSmallBoardsMatchReferenceOnBothRules() {
        var random = TestRandom(state: 7)
        for rule in LightsRule.allCases {
            for height in 1...7 {
                for width in 1...7 {
                    let solver = LightsSolver(width: width, height: height, rule: rule)
                    let reference = LightsReference(width: width, height: height, wraps: rule.wraps)
                    for _ in 0..<6 {
                        var lit = (0..<(width * height)).map { _ in random.next() & 1 == 1 }
                        if random.next() % 2 == 0 {
                            // Also test solvable boards: the result of random presses.
                            lit = [Bool](repeating: false, count: width * height)
                            for cell in 0..<(width * height) where random.next() & 1 == 1 {
                                for toggled in reference.toggled(byPressing: cell) { lit[toggled].toggle() }
                            }
                        }
                        let board = LightsBoard(rows: (0..<height).map { Array(lit[($0 * width)..<(($0 + 1) * width)]) })
                        let expected = reference.minimumPresses(lit: lit)
                        let outcome = solver.solve(board)
                        let label = "\(width)x\(height) \(rule) board\n\(board)"
                        switch outcome {
                        case .solved(let solution):
                            XCTAssertEqual(solution.pressCount, expected?.count, label)
                            XCTAssertTrue(solution.isProvenMinimal, label)
                            let presses = solution.presses.litCells.map { $0.row * width + $0.column }
                            XCTAssertTrue(reference.turnsOff(lit: lit, presses: presses), label)
                            XCTAssertTrue(board.applyingPresses(solution.presses, rule: rule).isAllOff, label)
                        case .unsolvable(let reason):
                            XCTAssertNil(expected, label)
                            XCTAssertFalse(reason.failures.isEmpty, label)
                        }
                    }
                }
            }
        }
    }

    func testNonSquareAndLargerBoardsAgreeWithReference() {
        var random = TestRandom(state: 99)
        for (width, height) in [(11, 3), (3, 11), (9, 10), (12, 5), (5, 12), (10, 10)] {
            for rule in LightsRule.allCases {
                let solver = LightsSolver(width: width, height: height, rule: rule)
                let reference = LightsReference(width: width, height: height, wraps: rule.wraps)
                let lit = (0..<(width * height)).map { _ in random.next() & 1 == 1 }
                let board = LightsBoard(rows: (0..<height).map { Array(lit[($0 * width)..<(($0 + 1) * width)]) })
                let expected = reference.minimumPresses(lit: lit)
                XCTAssertEqual(solver.solve(board).solution?.pressCount, expected?.count, "\(width)x\(height) \(rule)")
            }
        }
    }

    /// Known facts about the classic board: the 5 x 5 press matrix has rank 23 (two quiet patterns), and the
    /// all-lit board needs 15 presses.
    func testFiveByFiveFacts() {
        let solver = LightsSolver(width: 5, height: 5)
        XCTAssertEqual(solver.nullity, 2)
        XCTAssertEqual(solver.solve(.allLit(width: 5, height: 5)).solution?.pressCount, 15)
        XCTAssertEqual(LightsSolver(width: 4, height: 4).nullity, 4)
        XCTAssertEqual(LightsSolver(width: 6, height: 6).nullity, 0)
    }

    func testSolveOnceMatchesPreparedSolverAboveTransformLimit() {
        var parameters = LightsSolverParameters()
        parameters.storedTransformLimit = 4  // force the one-shot elimination path
        var random = TestRandom(state: 3)
        for (width, height) in [(5, 5), (9, 9), (16, 7)] {
            for rule in LightsRule.allCases {
                var board = LightsBoard(width: width, height: height)
                for row in 0..<height { for column in 0..<width where random.next() & 1 == 1 { board[row, column] = true } }
                let expected = LightsSolver(width: width, height: height, rule: rule).solve(board).solution?.pressCount
                XCTAssertEqual(LightsSolver.solveOnce(board, rule: rule, parameters: parameters).solution?.pressCount,
                               expected, "\(width)x\(height) \(rule)")
                XCTAssertEqual(LightsSolver(width: width, height: height, rule: rule, parameters: parameters)
                    .solve(board).solution?.pressCount, expected, "\(width)x\(height) \(rule)")
            }
        }
    }

    func testLargeNullSpaceFallsBackToUnprovenLocalSearch() {
        var parameters = LightsSolverParameters()
        parameters.exhaustiveNullityLimit = 1
        let solver = LightsSolver(width: 4, height: 4, parameters: parameters)  // nullity 4
        let board = LightsBoard.allLit(width: 4, height: 4)
        guard let solution = solver.solve(board).solution else { return XCTFail("4x4 all-lit is solvable") }
        XCTAssertFalse(solution.isProvenMinimal)
        XCTAssertTrue(board.applyingPresses(solution.presses, rule: .plain).isAllOff)
    }

    func testUnsolvableBoardNamesFailingPatternAndSmallestRepair() {
        // A single light in the corner of a 5 x 5 board is unsolvable (it lies on a quiet pattern).
        let board = LightsBoard(picture: ["x----", "-----", "-----", "-----", "-----"])
        let solver = LightsSolver(width: 5, height: 5)
        guard case .unsolvable(let reason) = solver.solve(board) else { return XCTFail("corner light is unsolvable") }
        XCTAssertFalse(reason.failures.isEmpty)
        XCTAssertEqual(reason.repair, [LightsCell(row: 0, column: 0)])
        XCTAssertTrue(reason.message.contains("toggle the light at row 1, column 1"), reason.message)
        // Applying the repair makes it solvable, and every failing pattern has an odd overlap.
        for failure in reason.failures { XCTAssertEqual(failure.sharedLitCount % 2, 1) }
    }

    func testRepairIsSmallestPerReference() {
        var random = TestRandom(state: 11)
        let reference = LightsReference(width: 5, height: 5, wraps: false)
        let solver = LightsSolver(width: 5, height: 5)
        for _ in 0..<40 {
            let lit = (0..<25).map { _ in random.next() & 1 == 1 }
            let board = LightsBoard(rows: (0..<5).map { Array(lit[($0 * 5)..<(($0 + 1) * 5)]) })
            guard case .unsolvable(let reason) = solver.solve(board), let repair = reason.repair else { continue }
            var repaired = lit
            for cell in repair { repaired[cell.row * 5 + cell.column].toggle() }
            XCTAssertNotNil(reference.minimumPresses(lit: repaired))
            // On 5 x 5 every unsolvable board is one toggle away from solvable (3 non-zero syndromes, each hit by a cell).
            XCTAssertEqual(repair.count, 1)
        }
    }

    /// Rows longer than one 64-bit word (and the wrap between a row's last and first word) against the reference.
    func testMultiWordRowsOnBothRulesAgainstReference() {
        var random = TestRandom(state: 21)
        for (width, height) in [(64, 2), (65, 3), (3, 65), (127, 1), (129, 3), (70, 4)] {
            for rule in LightsRule.allCases {
                let reference = LightsReference(width: width, height: height, wraps: rule.wraps)
                // A solvable board: random presses replayed by the reference's own rule.
                var lit = [Bool](repeating: false, count: width * height)
                for cell in 0..<(width * height) where random.next() % 3 == 0 {
                    for toggled in reference.toggled(byPressing: cell) { lit[toggled].toggle() }
                }
                let board = LightsBoard(rows: (0..<height).map { Array(lit[($0 * width)..<(($0 + 1) * width)]) })
                let solution = LightsSolver.solveOnce(board, rule: rule).solution
                XCTAssertEqual(solution?.pressCount, reference.minimumPresses(lit: lit)?.count, "\(width)x\(height) \(rule)")
                if let solution {
                    let presses = solution.presses.litCells.map { $0.row * width + $0.column }
                    XCTAssertTrue(reference.turnsOff(lit: lit, presses: presses), "\(width)x\(height) \(rule)")
                    // The word-level replay agrees with the cell-by-cell one.
                    XCTAssertTrue(board.applyingPresses(solution.presses, rule: rule).isAllOff, "\(width)x\(height) \(rule)")
                }
            }
        }
    }

    /// A 200 x 200 all-lit board through the one-shot path (above the stored-transform limit when lowered),
    /// verified by replaying the presses with the reference's cell-by-cell rule.
    func testLargeBoardSolutionReplays() {
        var parameters = LightsSolverParameters()
        parameters.storedTransformLimit = 16
        let board = LightsBoard.allLit(width: 200, height: 150)
        guard let solution = LightsSolver.solveOnce(board, parameters: parameters).solution else {
            return XCTFail("all-lit boards are always solvable")
        }
        var replay = board
        for cell in solution.presses.litCells { replay.press(row: cell.row, column: cell.column, rule: .plain) }
        XCTAssertTrue(replay.isAllOff)
        XCTAssertEqual(LightsSolver(width: 200, height: 150).solve(board).solution?.pressCount, solution.pressCount)
    }
}
