import HoshiCore
import XCTest

/// The real puzzle sets in ../shared/corpus/lightsoff, checked against an independent brute force.
final class LightsCorpusTests: XCTestCase {
    func testOriginalPuzzlesPlistParAndUnsolvableReports() throws {
        guard let text = LightsCorpus.text("puzzles.plist") else { throw XCTSkip(LightsCorpus.missingMessage) }
        let (set, diagnostics) = LightsPuzzleSet.parse(Array(text.utf8), path: "puzzles.plist")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(set.puzzles.count, 206)
        XCTAssertTrue(set.firstRowShownAtBottom)
        // The first puzzle is on line 7 after two tabs and "<string>".
        XCTAssertEqual(set.puzzles.first?.location, SourceLocation(path: "puzzles.plist", line: 7, column: 11))
        XCTAssertEqual(set.puzzles.first?.board, LightsBoard(picture: ["-x---", "xxx--", "-x-x-", "--xxx", "---x-"]))

        let report = LightsSetChecker.check(set)
        let table = FiveByFiveBruteForce.minimumPresses
        var expectedUnsolvable = 0
        for entry in report.entries {
            let expected = table[Int(LightsFiveByFiveSolver.encode(entry.puzzle.board))]
            if expected == FiveByFiveBruteForce.unreachable {
                expectedUnsolvable += 1
                XCTAssertNil(entry.par, "puzzle \(entry.index)")
            } else {
                XCTAssertEqual(entry.par, Int(expected), "puzzle \(entry.index)")
            }
        }
        let unsolvable = report.unsolvableDiagnostics(severity: .warning)
        XCTAssertEqual(unsolvable.count, expectedUnsolvable)
        XCTAssertEqual(report.unsolvableEntries.count, expectedUnsolvable)
        // The brute force's counts for this corpus file, written down: 110 solvable, 96 unsolvable under the
        // game's no-wrap rule.
        XCTAssertEqual(expectedUnsolvable, 96)
        XCTAssertEqual(report.entries.count - report.unsolvableEntries.count, 110)
        for (entry, diagnostic) in zip(report.unsolvableEntries, unsolvable) {
            XCTAssertEqual(diagnostic.severity, .warning)
            XCTAssertEqual(diagnostic.location?.line, 6 + entry.index, "one puzzle per line after the header")
            XCTAssertTrue(diagnostic.message.hasPrefix("puzzle \(entry.index) is unsolvable: "), diagnostic.message)
            // The suggested repair really makes the board solvable (per the brute force).
            guard case .unsolvable(let reason) = entry.outcome, let repair = reason.repair else {
                return XCTFail("unsolvable puzzle \(entry.index) without a repair")
            }
            var board = LightsFiveByFiveSolver.encode(entry.puzzle.board)
            for cell in repair { board ^= 1 << UInt32(cell.row * 5 + cell.column) }
            XCTAssertNotEqual(table[Int(board)], FiveByFiveBruteForce.unreachable, "puzzle \(entry.index)")
            XCTAssertEqual(repair.count, 1)
        }
    }

    func testTigerPacksParEqualsListedMinimum() throws {
        guard let text = LightsCorpus.text("tiger-packs.txt") else { throw XCTSkip(LightsCorpus.missingMessage) }
        // Format (from its header): "PackName index grid lit minimumPresses", grid rows top first, '|'-separated.
        let solver = LightsSolver(width: 5, height: 5)
        let fast = LightsFiveByFiveSolver()
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count == 5, let lit = Int(fields[3]), let listed = Int(fields[4]) else {
                XCTFail("unexpected line: \(line)")
                continue
            }
            let rows = fields[2].split(separator: "|").map(String.init)
            let board = LightsBoard(picture: rows)
            XCTAssertEqual(board.litCount, lit, "\(fields[0]) \(fields[1]): lit count column")
            XCTAssertEqual(solver.solve(board).solution?.pressCount, listed, "\(fields[0]) \(fields[1])")
            XCTAssertEqual(fast.par(for: LightsFiveByFiveSolver.encode(board)), listed, "\(fields[0]) \(fields[1])")
            XCTAssertEqual(Int(FiveByFiveBruteForce.minimumPresses[Int(FiveByFiveBruteForce.bits(String(fields[2])))]),
                           listed, "\(fields[0]) \(fields[1]) brute force")
            checked += 1
        }
        XCTAssertEqual(checked, 1050)
    }

    func testMemalignLevelsAreAllSolvable() throws {
        guard let text = LightsCorpus.text("memalign_web_levels240.txt") else { throw XCTSkip(LightsCorpus.missingMessage) }
        // Format: "number grid  # section", grid rows top first, '|'-separated.
        let fast = LightsFiveByFiveSolver()
        var count = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2 else { continue }
            let bits = FiveByFiveBruteForce.bits(String(fields[1]))
            let expected = FiveByFiveBruteForce.minimumPresses[Int(bits)]
            XCTAssertNotEqual(expected, FiveByFiveBruteForce.unreachable, "level \(fields[0])")
            XCTAssertEqual(fast.par(for: bits), Int(expected), "level \(fields[0])")
            count += 1
        }
        XCTAssertEqual(count, 240)
    }

    /// The fast path agrees with the brute force on every one of the 2^25 boards.
    func testFastPathMatchesBruteForceOnEveryBoard() {
        let fast = LightsFiveByFiveSolver()
        let table = FiveByFiveBruteForce.minimumPresses
        var mismatches = 0
        for board in 0..<UInt32(1 << 25) {
            let presses = fast.pressesIfSolvable(board)
            let expected = table[Int(board)]
            if expected == FiveByFiveBruteForce.unreachable {
                if presses != LightsFiveByFiveSolver.unsolvableMarker { mismatches += 1 }
            } else if presses == LightsFiveByFiveSolver.unsolvableMarker || presses.nonzeroBitCount != Int(expected) {
                mismatches += 1
            }
        }
        XCTAssertEqual(mismatches, 0)
        // And the presses really solve boards (spot check, replayed independently).
        let reference = LightsReference(width: 5, height: 5, wraps: false)
        for board in stride(from: UInt32(1), to: 1 << 25, by: 99_991) {
            guard let presses = fast.minimumPresses(for: board) else { continue }
            let lit = (0..<25).map { board >> UInt32($0) & 1 == 1 }
            XCTAssertTrue(reference.turnsOff(lit: lit, presses: (0..<25).filter { presses >> UInt32($0) & 1 == 1 }))
        }
    }
}
