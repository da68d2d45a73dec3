import Foundation
@testable import HoshiCore
import XCTest

/// KaTrain's `KT` analysis (`KaTrainAnalysis`) on records whose values are built exactly to the layout
/// KaTrain's writer produces (sanderland/katrain, katrain/core/game_node.py, `analysis_dumps`) by
/// Tests/browser/katrain_kt.py with Python's own json, gzip and base64: ownership and policy as packed
/// half floats, then the JSON of `moves` and `root` with Black's win rates. No file written by KaTrain is in
/// the corpus. The expectations are written here from the analyses the test itself gives.
final class KaTrainStoredAnalysisTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../../browser/katrain_kt.py").standardizedFileURL.path

    /// The `KT[..][..][..]` text of each analysis (JSON objects as KaTrain keeps them in memory).
    static func ktProperties(_ analyses: [String]) throws -> [String] {
        let output = try GzipTests.runPython([script], input: Data("[\(analyses.joined(separator: ","))]".utf8))
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// An analysis as KaTrain holds it: ownership per point and policy per point and pass on a 9x9 board.
    static func analysis(root: String, moves: String) -> String {
        let ownership = (0..<81).map { String(format: "%.3f", sin(Double($0))) }.joined(separator: ",")
        let policy = (0..<82).map { _ in String(1.0 / 82) }.joined(separator: ",")
        return #"{"moves": {\#(moves)}, "root": \#(root), "completed": true, "ownership": [\#(ownership)], "policy": [\#(policy)]}"#
    }

    private func point(_ vertex: String) -> Point? {
        if case .point(let point)? = GTPVertex.parse(vertex, size: 9) { return point }
        return nil
    }

    /// (line, column) of the `index`th `KT[` in `text`, counted here.
    private func place(ofProperty index: Int, in text: String) -> String {
        var found = 0
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = Substring(line)
            while let range = rest.range(of: "KT[") {
                if found == index { return "\(lineIndex + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)" }
                found += 1
                rest = rest[range.upperBound...]
            }
        }
        return "-"
    }

    func testCandidatesWinRatesAndContinuationsForThePlayerToMove() throws {
        let kt = try Self.ktProperties([
            Self.analysis(root: #"{"visits": 500, "winrate": 0.46, "scoreLead": -0.8}"#, moves: """
                "E5": {"move": "E5", "order": 0, "visits": 300, "winrate": 0.47, "scoreLead": -0.5, "prior": 0.3, "pv": ["E5", "C7", "G3"]},
                "C3": {"move": "C3", "order": 1, "visits": 150, "winrate": 0.45, "scoreLead": -1.1, "pv": ["C3"]},
                "pass": {"move": "pass", "order": 2, "visits": 50, "winrate": 0.2, "scoreLead": -9.0, "pv": ["pass", "E5"]}
                """),
            Self.analysis(root: #"{"visits": 400, "winrate": 0.52, "scoreLead": 0.9}"#, moves: """
                "C7": {"move": "C7", "order": 1, "visits": 120, "winrate": 0.55, "scoreLead": 1.5, "pv": ["C7", "G3"]},
                "G7": {"move": "G7", "order": 0, "visits": 200, "winrate": 0.5, "scoreLead": 0.7, "pv": ["G7"]},
                "E5": {"move": "E5", "order": 2, "visits": 10, "winrate": 0.6, "scoreLead": 2.0, "pv": ["E5"]},
                "Z9": {"move": "Z9", "order": 3, "visits": 5, "winrate": 0.6, "scoreLead": 2.0, "pv": ["Z9"]}
                """),
            Self.analysis(root: #"{"visits": 100, "winrate": 0.7, "scoreLead": 3.25}"#, moves: ""),
        ])
        XCTAssertEqual(kt.count, 3)
        let text = "(;GM[1]FF[4]SZ[9]KM[6.5]AP[KaTrain:1.17.1]KTV[1.0]\(kt[0])\n;B[ee]\(kt[1])\n;W[cc]KT[AAAA][AAAA][cGxhaW4gdGV4dCB3aGVyZSBLYVRyYWluIHdyaXRlcyBnemlw]\n;B[gg]\(kt[2]))"
        let game = try XCTUnwrap(SGFParser.parse(text: text, path: "katrain.sgf").games.first)
        let stored = StoredAnalysis(game: game, positions: GamePositions(game: game))
        XCTAssertEqual(stored.application, "KaTrain 1.17.1")
        XCTAssertEqual(stored.formats, [.katrain])
        let mainLine = game.mainLine

        let start = try XCTUnwrap(stored.positions[mainLine[0]])
        XCTAssertEqual(start.format, .katrain)
        XCTAssertEqual(start.toMove, .black)
        XCTAssertEqual(start.hint.winRate, 0.46, "the root's win rate, Black's and Black to move")
        XCTAssertEqual(start.hint.visits, 500)
        XCTAssertEqual(start.hint.candidates.map(\.point), [point("E5"), point("C3"), nil])
        XCTAssertEqual(start.hint.candidates.map(\.visits), [300, 150, 50])
        XCTAssertEqual(start.hint.candidates.map(\.winRate), [0.47, 0.45, 0.2])
        XCTAssertEqual(start.hint.candidates[0].principalVariation, [point("E5"), point("C7"), point("G3")])
        XCTAssertEqual(start.hint.candidates[2].principalVariation, [nil, point("E5")])

        let afterBlack = try XCTUnwrap(stored.positions[mainLine[1]])
        XCTAssertEqual(afterBlack.toMove, .white)
        XCTAssertEqual(afterBlack.hint.winRate, 0.48, accuracy: 1e-12, "White's: 1 - Black's 0.52")
        XCTAssertEqual(afterBlack.hint.candidates.map(\.point), [point("G7"), point("C7")], "E5 is occupied, Z9 off the board")
        XCTAssertEqual(afterBlack.hint.candidates.map(\.winRate)[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(afterBlack.hint.candidates.map(\.winRate)[1], 0.45, accuracy: 1e-12)
        XCTAssertEqual(afterBlack.hint.candidates[1].principalVariation, [point("C7"), point("G3")])

        XCTAssertNil(stored.positions[mainLine[2]], "a value that is plain text, no gzip data, is left out")
        let last = try XCTUnwrap(stored.positions[mainLine[3]])
        XCTAssertEqual(last.toMove, .white)
        XCTAssertEqual(last.hint.winRate, 0.3, accuracy: 1e-12)
        XCTAssertEqual(last.hint.candidates, [])
        XCTAssertEqual(last.hint.visits, 100)

        let found = stored.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.severity) \($0.message)" }
        XCTAssertEqual(found.count, 3, "\(found)")
        func expect(_ index: Int, _ fragment: String, line: UInt = #line) {
            let location = "katrain.sgf:\(place(ofProperty: index, in: text))"
            XCTAssertTrue(found.contains { $0.hasPrefix(location + " warning") && $0.contains(fragment) }, "\(location) \(fragment) in \(found)", line: line)
        }
        expect(1, "E5 is on an occupied point")
        expect(1, "Z9 is off the 9x9 board")
        expect(2, "KT analysis value: not gzip data (no 1f 8b signature)")
    }

    /// The root's score lead (Black's) is read with the win rate, though the hint model shows none.
    func testReadingKeepsTheRootsScoreLead() throws {
        let kt = try Self.ktProperties([Self.analysis(root: #"{"visits": 10, "winrate": 0.25, "scoreLead": -4.5}"#, moves: "")])
        let values = try Self.matches(#"\[([^\]]*)\]"#, in: try XCTUnwrap(kt.first))
        guard case .success(let reading?) = KaTrainAnalysis.read(values, size: 9) else { return XCTFail("\(values)") }
        XCTAssertEqual(reading.blackWinRate, 0.25)
        XCTAssertEqual(reading.blackScoreLead, -4.5)
        XCTAssertEqual(reading.visits, 10)
    }

    /// KaTrain refuses a format version above its own; so does the reader, with one warning per value.
    func testANewerFormatVersionIsAWarningAndNothingIsRead() throws {
        let kt = try Self.ktProperties([Self.analysis(root: #"{"visits": 10, "winrate": 0.5}"#, moves: "")])
        let text = "(;SZ[9]KTV[2.0]\(kt[0]);B[ee])"
        let game = try XCTUnwrap(SGFParser.parse(text: text, path: "new.sgf").games.first)
        let stored = StoredAnalysis(game: game, positions: GamePositions(game: game))
        XCTAssertTrue(stored.isEmpty)
        XCTAssertEqual(stored.diagnostics.map(\.message), ["stored analysis ignored: KTV[2.0] is a format version newer than KaTrain's 1.0"])
    }

    /// Values that are not what KaTrain writes: too few, not base64, gzip of something other than its JSON.
    func testMalformedValuesAreProblemsNotCrashes() throws {
        func problem(_ values: [String]) -> String? {
            if case .failure(let problem) = KaTrainAnalysis.read(values, size: 9) { return problem.message }
            return nil
        }
        XCTAssertEqual(problem(["AAAA"]), "KT has 1 value(s); KaTrain writes three (ownership, policy, analysis)")
        XCTAssertEqual(problem(["", "", "%%%"]), "KT analysis value is not base64")
        let notJSON = try XCTUnwrap(String(data: try GzipTests.runPython(["-c", "import base64, gzip; print(base64.b64encode(gzip.compress(b'[1, 2')).decode())"]), encoding: .utf8))
        XCTAssertEqual(problem(["", "", notJSON]), "KT analysis is not the JSON KaTrain writes (moves, root with visits and win rates)")
        let badRate = try Self.ktProperties([Self.analysis(root: #"{"visits": 10, "winrate": 1.5}"#, moves: "")])
        XCTAssertEqual(problem(try Self.matches(#"\[([^\]]*)\]"#, in: badRate[0])), "KT root win rate 1.5 is outside 0 to 1")
    }

    /// Visits a file claims are added up without overflowing (two candidates of Int.max each).
    func testHugeVisitCountsAddUpWithoutATrap() throws {
        let kt = try Self.ktProperties([Self.analysis(root: #"{"visits": 3, "winrate": 0.5}"#, moves: """
            "C3": {"move": "C3", "order": 0, "visits": 9223372036854775807, "winrate": 0.5, "pv": ["C3"]},
            "G7": {"move": "G7", "order": 1, "visits": 9223372036854775807, "winrate": 0.5, "pv": ["G7"]}
            """)])
        guard case .success(let reading?) = KaTrainAnalysis.read(try Self.matches(#"\[([^\]]*)\]"#, in: kt[0]), size: 9) else {
            return XCTFail("\(kt)")
        }
        XCTAssertEqual(reading.visits, Int.max)
        XCTAssertEqual(reading.candidates.map(\.visits), [Int.max, Int.max])
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
