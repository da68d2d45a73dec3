import Foundation
@testable import HoshiCore
import XCTest

/// The pure part of hints: the digest that names cache entries, positions and their keys, the stored form
/// of a hint, reproducible analysis, and the key moments.
final class HintModelTests: XCTestCase {
    /// FIPS 180-4 example vectors (and the empty string), including a message spanning two blocks.
    func testSHA256MatchesThePublishedVectors() {
        XCTAssertEqual(SHA256.hexDigest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Every length around the block and padding boundaries (55, 56, 63, 64, 119, 120, 128 bytes), from a
    /// string, an array and a slice, against coreutils' `sha256sum`.
    func testSHA256AgreesWithSha256sumAtEveryPaddingBoundary() throws {
        let tool = "/usr/bin/sha256sum"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "coreutils' sha256sum is needed")
        for length in [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1_000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
            process.waitUntilExit()
            XCTAssertEqual(SHA256.hexDigest(bytes), String(expected), "length \(length)")
            XCTAssertEqual(SHA256.hexDigest(([0] + bytes)[1...]), String(expected), "slice of length \(length)")
            let text = String(repeating: "x", count: length)
            XCTAssertEqual(SHA256.hexDigest(text), SHA256.hexDigest(Array(text.utf8)))
        }
    }

    /// . X O .      White has just taken a black stone at the ko point: black may not take back at once,
    /// X O . O      so the position names the ko; a capture of two stones is no ko.
    func testKoPointIsTheSingleStoneJustCapturedWhenTheCapturerHasOneLiberty() {
        var board = Board(size: BoardSize(columns: 4, rows: 4)!)
        for (column, row, stone) in [(1, 0, Stone.black), (0, 1, .black), (1, 2, .black), (2, 0, .white), (3, 1, .white), (2, 2, .white), (2, 1, .black)] {
            board.set(stone, at: Point(column: column, row: row))
        }
        let result = board.play(Move(.white, at: Point(column: 1, row: 1)))
        XCTAssertEqual(result.captured, [Point(column: 2, row: 1)])
        let position = HintPosition(board: board, toMove: .black, lastMove: Move(.white, at: Point(column: 1, row: 1)), captured: result.captured)
        XCTAssertEqual(position.koPoint, Point(column: 2, row: 1))
        let noKo = HintPosition(board: board, toMove: .black, lastMove: Move(.white, at: Point(column: 1, row: 1)), captured: [])
        XCTAssertNil(noKo.koPoint)
        XCTAssertNotEqual(HintKey(position: position, komi: 7, rules: "", settingsIdentity: "x").digest,
                          HintKey(position: noKo, komi: 7, rules: "", settingsIdentity: "x").digest)
    }

    func testStoredHintReadsBackAndMalformedTextIsRefused() {
        let hint = PositionHint(candidates: [
            .init(point: Point(column: 3, row: 3), visits: 120, winRate: 0.5321, principalVariation: [Point(column: 3, row: 3), nil, Point(column: 2, row: 5)]),
            .init(point: nil, visits: 3, winRate: 0.1, principalVariation: [nil]),
        ], visits: 200, winRate: 0.5321)
        XCTAssertEqual(PositionHint(storedText: hint.storedText), hint)
        XCTAssertNil(PositionHint(storedText: "visits 200\nwinrate 1.7\n"))
        XCTAssertNil(PositionHint(storedText: "visits 200\nwinrate 0.5\nmove zz9 1 0.5 -\n"))
        XCTAssertNil(PositionHint(storedText: "visits 200\n"))
    }

    /// Stored hints of every shape (passes, passes inside continuations, points up to `Z`, no candidates,
    /// large counts) read back as the values their text spells, each field read here with `Int` and
    /// `Double`; text written otherwise than `storedText` writes it (spacing, fewer decimals, no last line
    /// end) reads the same way.
    func testStoredHintsOfEveryShapeReadBackAsTheValuesTheirTextSpells() throws {
        var generator = SplitMix64(seed: 19)
        func point() -> Point? {
            Int.random(in: 0..<8, using: &generator) == 0 ? nil
                : Point(column: Int.random(in: 0..<52, using: &generator), row: Int.random(in: 0..<52, using: &generator))
        }
        for _ in 0..<2000 {
            let candidates = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                PositionHint.Candidate(point: point(), visits: Int.random(in: 0...2_000_000_000, using: &generator),
                                       winRate: Double.random(in: 0...1, using: &generator),
                                       principalVariation: (0..<Int.random(in: 0...8, using: &generator)).map { _ in point() })
            }
            let hint = PositionHint(candidates: candidates, visits: Int.random(in: 0...2_000_000_000, using: &generator),
                                    winRate: Double.random(in: 0...1, using: &generator))
            let text = hint.storedText
            let expected = try XCTUnwrap(Self.fieldByField(text), text)
            XCTAssertEqual(PositionHint(storedText: text), expected, text)
            XCTAssertEqual(Array(text.utf8).withUnsafeBufferPointer { PositionHint(storedBytes: $0) }, expected, text)
        }
        for text in ["visits 200\nwinrate 0.5\nmove dd 5 0.25 dd--ee\n", "visits  200\nwinrate 0.5000\nmove dd 5 0.2500  dd--ee",
                     "visits 0200\n\nwinrate 0.50\nmove dd 5 .25 dd--ee\n", "winrate 0.5\nvisits 200\nmove dd 5 2.5e-1 dd--ee\n"] {
            let hint = PositionHint(storedText: text)
            XCTAssertEqual(hint, Self.fieldByField(text), text)
            XCTAssertEqual(hint?.candidates.first?.principalVariation, [Point(column: 3, row: 3), nil, Point(column: 4, row: 4)])
            XCTAssertEqual(hint?.candidates.first?.winRate, 0.25)
        }
    }

    /// The test's own reading of a stored hint: the fields split at spaces and read with `Int` and `Double`.
    private static func fieldByField(_ text: String) -> PositionHint? {
        var visits: Int?, winRate: Double?, candidates: [PositionHint.Candidate] = []
        func point(_ letters: Substring) -> Point? {
            let values = letters.unicodeScalars.map { scalar -> Int in
                scalar.value >= 97 ? Int(scalar.value) - 97 : Int(scalar.value) - 65 + 26
            }
            return Point(column: values[0], row: values[1])
        }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            switch fields[0] {
            case "visits": visits = Int(fields[1])
            case "winrate": winRate = Double(fields[1])
            default:
                let letters = Array(fields[4] == "-" ? "" : fields[4])
                let variation = stride(from: 0, to: letters.count, by: 2).map { start -> Point? in
                    letters[start] == "-" ? nil : point(Substring(String(letters[start...start + 1])))
                }
                guard let count = Int(fields[2]), let rate = Double(fields[3]) else { return nil }
                candidates.append(.init(point: fields[1] == "pass" ? nil : point(fields[1]), visits: count, winRate: rate, principalVariation: variation))
            }
        }
        guard let visits, let winRate else { return nil }
        return PositionHint(candidates: candidates, visits: visits, winRate: winRate)
    }

    func testAnalysisWithASeedIsReproducibleAndAnotherSeedIsAnotherKey() {
        var board = Board(size: BoardSize(columns: 9, rows: 9)!)
        _ = board.play(Move(.black, at: Point(column: 4, row: 4)))
        let position = HintPosition(board: board, toMove: .white, lastMove: nil, captured: [])
        var settings = HintSettings()
        settings.playouts = 300
        let first = BuiltinHintAnalyzer(settings: settings).analyze(position, komi: 7)
        let second = BuiltinHintAnalyzer(settings: settings).analyze(position, komi: 7)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.visits, 300)
        XCTAssertEqual(first.candidates.count, 3)
        XCTAssertTrue(first.candidates.allSatisfy { $0.point.map { board[$0] == nil } ?? true }, "candidates are empty points")
        var reseeded = settings
        reseeded.seed = 2
        XCTAssertNotEqual(settings.identity, reseeded.identity)
    }

    func testTheBuiltinEnginesKeyNamesTheLearnedShapesByTheirContent() {
        // Digested here from the table's text: other weights, another key.
        let digest = SHA256.hexDigest(LearnedPatternTable.encodedWeights)
        XCTAssertTrue(HintSettings().identity.contains("shapes=\(digest.prefix(16))"), HintSettings().identity)
        var external = HintSettings()
        external.engine = .gtp(command: "gnugo --mode gtp")
        XCTAssertFalse(external.identity.contains("shapes="), "a GTP engine's answers do not depend on Hoshi's table")
    }

    /// Black to move at 50%, white at 40% (black 60%), black at 30%, white at 90% (black 10%), then no hint.
    func testTheTimelineGivesBlacksWinRateWhoeverIsToMove() {
        let positions: [(toMove: Stone, winRate: Double)?] = [(.black, 0.5), (.white, 0.4), (.black, 0.3), (.white, 0.9), nil]
        // Black's rates: 0.5, 0.6, 0.3, 0.1, unknown.
        let timeline = WinRateTimeline(positions: positions)
        XCTAssertEqual(timeline.blackWinRates.map { $0.map { ($0 * 100).rounded() } }, [50, 60, 30, 10, nil])
    }

    /// Leela Zero's report (win rates in 1/10000) and KataGo's (0...1, more fields after each value) give
    /// the same candidates, most visited first.
    func testAnalysisReportsOfLeelaZeroAndKataGoAreRead() throws {
        let leela = "info move D4 visits 30 winrate 5230 prior 1500 lcb 5010 order 1 pv D4 C3 pass "
            + "info move E5 visits 50 winrate 4800 prior 2000 lcb 4500 order 0 pv E5 D4"
        let kata = "info move E5 visits 50 utility 0.1 winrate 0.48 scoreMean 1.2 prior 0.2 order 0 pv E5 D4 "
            + "info move D4 visits 30 utility 0.2 winrate 0.523 scoreMean 0.4 prior 0.15 order 1 pv D4 C3 pass"
        let empty = HintPosition(size: 9, cells: Array(repeating: 0, count: 81), toMove: .black, koPoint: nil)
        for (report, method) in [(leela, GTPHintAnalyzer.Method.lzAnalyze), (kata, .kataAnalyze)] {
            let hint = try GTPHintAnalyzer.hint(fromAnalysis: [report], command: method.rawValue, method: method, position: empty, candidates: 3)
            XCTAssertEqual(hint.candidates.map(\.point), [Point(column: 4, row: 4), Point(column: 3, row: 5)], report)
            XCTAssertEqual(hint.candidates.map(\.visits), [50, 30])
            XCTAssertEqual(hint.candidates[1].principalVariation, [Point(column: 3, row: 5), Point(column: 2, row: 6), nil])
            XCTAssertEqual(hint.visits, 80)
            XCTAssertEqual(hint.winRate, 0.48, accuracy: 1e-9)
        }
    }

    /// Both searches count wins of the same position; pooled, they are one sample: the wins of each (visits
    /// times win rate, for the mover) added and divided by all the visits.
    func testAPositionsWinRateCombinedWithTheCandidateBeforeIsThePooledSample() {
        let candidate = PositionHint.Candidate(point: Point(column: 2, row: 2), visits: 300, winRate: 0.52, principalVariation: [])
        // The position's own search: 400 playouts, its first candidate 100 visits at 40% for the player to move.
        let position = PositionHint(
            candidates: [PositionHint.Candidate(point: Point(column: 4, row: 4), visits: 100, winRate: 0.40, principalVariation: []),
                         PositionHint.Candidate(point: Point(column: 5, row: 4), visits: 90, winRate: 0.38, principalVariation: [])],
            visits: 400, winRate: 0.40)
        let pooledWins = 100 * 0.60 + 300 * 0.52
        XCTAssertEqual(position.winRate(forMoverCombinedWith: candidate), pooledWins / 400, accuracy: 1e-12)
        // A record that gives the mover the next move too: the position's own rate is already the mover's.
        XCTAssertEqual(position.winRate(forMoverCombinedWith: candidate, moverIsToMove: true),
                       (100 * 0.40 + 300 * 0.52) / 400, accuracy: 1e-12)
        // A position answered by win rate alone weighs by its search's visits; no visits at all keep its own rate.
        let rateOnly = PositionHint(candidates: [], visits: 200, winRate: 0.30)
        XCTAssertEqual(rateOnly.winRate(forMoverCombinedWith: candidate), (200 * 0.70 + 300 * 0.52) / 500, accuracy: 1e-12)
        let unvisited = PositionHint.Candidate(point: nil, visits: 0, winRate: 0.9, principalVariation: [])
        XCTAssertEqual(PositionHint(candidates: [], visits: 0, winRate: 0.30).winRate(forMoverCombinedWith: unvisited), 0.70,
                       accuracy: 1e-12)
    }
}
