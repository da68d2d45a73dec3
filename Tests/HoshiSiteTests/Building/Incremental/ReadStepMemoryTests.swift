import Foundation
import XCTest
@testable import HoshiSite

/// What a reader's step memory keeps: a per-file result while the file's hash and the step's inputs are the
/// same, a named result while its inputs are, and nothing a build stopped asking for.
final class ReadStepMemoryTests: XCTestCase {
    private static let length = ReadStep<Int, String>("length")
    private static let total = ReadStep<[Int], Int>("total")
    /// The name of `length`, with other types: a step of its own.
    private static let lengthAsNumber = ReadStep<Int, Int>("length")

    private let file = ContentFile(relativePath: "games/a.sgf", url: URL(filePath: "/nonexistent/games/a.sgf"))

    /// Runs `length` on `file` with `inputs`, counting the runs in `runs`.
    private func length(_ memory: ReadStepMemory, inputs: Int, runs: inout Int) -> String {
        memory.result(of: Self.length, for: file, inputs: inputs) {
            runs += 1
            return String(repeating: "x", count: inputs)
        }
    }

    func testAPerFileResultIsKeptWhileTheFileAndTheInputsAreTheSame() {
        let memory = ReadStepMemory()
        var runs = 0
        memory.prepare(hashes: ["games/a.sgf": 1])
        XCTAssertEqual(length(memory, inputs: 3, runs: &runs), "xxx")
        XCTAssertEqual(memory.runCount(of: Self.length), 1)

        memory.prepare(hashes: ["games/a.sgf": 1])
        XCTAssertEqual(length(memory, inputs: 3, runs: &runs), "xxx")
        XCTAssertEqual(runs, 1, "kept")
        XCTAssertEqual(memory.runCount(of: Self.length), 0)

        memory.prepare(hashes: ["games/a.sgf": 1])
        XCTAssertEqual(length(memory, inputs: 2, runs: &runs), "xx")
        XCTAssertEqual(runs, 2, "other inputs: run again")

        memory.prepare(hashes: ["games/a.sgf": 2])
        XCTAssertEqual(length(memory, inputs: 2, runs: &runs), "xx")
        XCTAssertEqual(runs, 3, "other bytes: run again")

        // A file the build gave no hash for: run every time, never kept.
        memory.prepare(hashes: [:])
        _ = length(memory, inputs: 2, runs: &runs)
        _ = length(memory, inputs: 2, runs: &runs)
        XCTAssertEqual(runs, 5)
        XCTAssertEqual(memory.runCount(of: Self.length), 2)
    }

    func testStepsOfOneNameButOtherTypesKeepTheirOwnResults() {
        let memory = ReadStepMemory()
        memory.prepare(hashes: ["games/a.sgf": 1])
        XCTAssertEqual(memory.result(of: Self.length, for: file, inputs: 3) { "xxx" }, "xxx")
        XCTAssertEqual(memory.result(of: Self.lengthAsNumber, for: file, inputs: 3) { 3 }, 3)
        XCTAssertEqual(memory.runCount(of: Self.length), 1)
        XCTAssertEqual(memory.runCount(of: Self.lengthAsNumber), 1)
        memory.prepare(hashes: ["games/a.sgf": 1])
        XCTAssertEqual(memory.result(of: Self.length, for: file, inputs: 3) { "run" }, "xxx")
        XCTAssertEqual(memory.result(of: Self.lengthAsNumber, for: file, inputs: 3) { -1 }, 3)
    }

    func testANamedResultIsForgottenWhenABuildDoesNotAskForIt() {
        let memory = ReadStepMemory()
        memory.prepare(hashes: [:])
        XCTAssertEqual(memory.result(of: Self.total, named: "games/index.html", inputs: [1, 2]) { 3 }, 3)
        XCTAssertEqual(memory.result(of: Self.total, named: "games/later/index.html", inputs: [4]) { 4 }, 4)

        // Kept while asked for with the same inputs; the second name is not asked for in this build.
        memory.prepare(hashes: [:])
        XCTAssertEqual(memory.result(of: Self.total, named: "games/index.html", inputs: [1, 2]) { -1 }, 3)
        XCTAssertEqual(memory.result(of: Self.total, named: "games/index.html", inputs: [1, 5]) { 6 }, 6)

        memory.prepare(hashes: [:])
        XCTAssertEqual(memory.result(of: Self.total, named: "games/later/index.html", inputs: [4]) { 40 }, 40, "forgotten")
        XCTAssertEqual(memory.runCount(of: Self.total), 1)

        // A build that asks for nothing (its reader read nothing, all kept elsewhere) forgets nothing.
        memory.prepare(hashes: [:])
        memory.prepare(hashes: [:])
        XCTAssertEqual(memory.result(of: Self.total, named: "games/later/index.html", inputs: [4]) { -1 }, 40)
    }
}
