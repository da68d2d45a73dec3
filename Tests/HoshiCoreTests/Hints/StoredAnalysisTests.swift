import Foundation
@testable import HoshiCore
import XCTest

/// The analysis game records already carry (`StoredAnalysis`): Sabaki's `SBKV` on a file Sabaki wrote,
/// Lizzie's `LZ` on records built exactly to the format Lizzie's writer produces (featurecat/lizzie,
/// `SGFParser.formatNodeData` and `BoardData.bestMovesToString`; no file written by Lizzie is in the corpus),
/// and malformed values reported where they are.
final class StoredAnalysisTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appending(path: "shared/corpus/sgf")

    private func read(_ text: String, path: String = "game.sgf") throws -> (GameTree, StoredAnalysis) {
        let parsed = SGFParser.parse(text: text, path: path)
        let game = try XCTUnwrap(parsed.games.first)
        return (game, StoredAnalysis(game: game, positions: GamePositions(game: game)))
    }

    private func blackRate(_ position: StoredAnalysis.Position?) -> Double? {
        position.map { $0.toMove == .black ? $0.hint.winRate : 1 - $0.hint.winRate }
    }

    // MARK: - Sabaki

    /// A record Sabaki 0.43.1 wrote (`AP[Sabaki:0.43.1]`, AlphaGo - Lee Sedol game 2, with variations). The
    /// expectation comes from the test's own reading of the bytes: a minimal SGF walker that follows the
    /// first variation at each branch and collects `SBKV` per main-line node, Black's win rate in percent
    /// (Sabaki's author, SabakiHQ/Sabaki issue 479: "the winrate of black" on that node).
    func testSabakiWinRatesOfARealFileAreBlacksAfterEachMainLineMove() throws {
        let url = Self.corpus.appending(path: "tests/rooklift-sgf/2016-03-10a.sgf")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw XCTSkip("../shared/corpus/sgf is absent; skipping the Sabaki file")
        }
        let text = String(decoding: data, as: UTF8.self)
        let (game, stored) = try read(text)
        XCTAssertEqual(stored.application, "Sabaki 0.43.1")
        XCTAssertEqual(stored.formats, [.sabaki])
        XCTAssertEqual(stored.diagnostics, [])
        let expected = Self.mainLineValues(of: "SBKV", in: text)
        let mainLine = game.mainLine
        XCTAssertEqual(expected.count, mainLine.count, "the walker and the parser agree on the main line's length")
        var compared = 0
        for (id, value) in zip(mainLine, expected) {
            guard let value, let percent = Double(value) else {
                XCTAssertNil(stored.positions[id], "node \(id) has no SBKV")
                continue
            }
            XCTAssertEqual(try XCTUnwrap(blackRate(stored.positions[id])), percent / 100, accuracy: 1e-9, "node \(id)")
            XCTAssertEqual(stored.positions[id]?.hint.candidates, [], "SBKV holds no candidates")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 200, "the main line of this game is analysed throughout")
        // Spelled out for the first two moves (B[pd] and W[dp], both SBKV[49.30]): after Black's move White
        // is to move, so the position's own rate is White's.
        XCTAssertEqual(stored.positions[mainLine[1]]?.toMove, .white)
        XCTAssertEqual(try XCTUnwrap(stored.positions[mainLine[1]]?.hint.winRate), 0.507, accuracy: 1e-9)
        XCTAssertEqual(stored.positions[mainLine[2]]?.toMove, .black)
        XCTAssertEqual(try XCTUnwrap(stored.positions[mainLine[2]]?.hint.winRate), 0.493, accuracy: 1e-9)
    }

    /// The values of `identifier` along the main line, one entry per node: the test's own reading of SGF
    /// (values in brackets with `\` escapes), independent of the core's parser. Variations come after the
    /// first subtree of their parent, so everything up to the first `)` is the main line.
    static func mainLineValues(of identifier: String, in text: String) -> [String?] {
        var values: [String?] = []
        var name = ""
        var afterValue = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "[":
                var value = ""
                while let next = characters.popFirst(), next != "]" {
                    if next == "\\", let escaped = characters.popFirst() { value.append(escaped) } else { value.append(next) }
                }
                if name == identifier, !values.isEmpty { values[values.count - 1] = value }
                afterValue = true
            case ")":
                return values
            case ";":
                values.append(nil)
                name = ""
                afterValue = false
            default:
                guard character.isUppercase else { continue }
                if afterValue { name = ""; afterValue = false }
                name.append(character)
            }
        }
        return values
    }

    // MARK: - Lizzie

    /// Lizzie's writer: `LZ[<version> <win rate of the player who moved, %.1f> <visits, short form>\n<groups>]`, each
    /// group `move V visits N winrate W [prior P] [scoreMean S] pv V V … info `, W the player to move's win
    /// rate in hundredths of a percent.
    func testLizzieCandidatesAreThePlayerToMovesWithTheirContinuations() throws {
        let text = """
            (;GM[1]FF[4]SZ[19]KM[7.5]AP[Lizzie: 0.7.4];B[pd]LZ[0.7.4 46.0 1.3k
            move D4 visits 700 winrate 5400 prior 1204 pv D4 Q16 Q4 info move D16 visits 410 winrate 5350 pv D16 D4 info move Q4 visits 30 winrate 5201 scoreMean 0.72 pv Q4 pass info ]
            ;W[dp]LZ[0.7.4 45.5 0
            ];B[pp])
            """
        let (game, stored) = try read(text)
        XCTAssertEqual(stored.diagnostics, [])
        XCTAssertEqual(stored.application, "Lizzie 0.7.4")
        let first = try XCTUnwrap(stored.positions[game.mainLine[1]])
        XCTAssertEqual(first.format, .lizzie)
        XCTAssertEqual(first.toMove, .white)
        let point = { (column: Int, number: Int) in Point(column: column, row: 19 - number) }
        XCTAssertEqual(first.hint.candidates.map(\.point), [point(3, 4), point(3, 16), point(15, 4)], "most visited first")
        XCTAssertEqual(first.hint.candidates.map(\.visits), [700, 410, 30])
        XCTAssertEqual(first.hint.candidates.map(\.winRate), [0.54, 0.535, 0.5201])
        XCTAssertEqual(first.hint.candidates[0].principalVariation, [point(3, 4), point(15, 16), point(15, 4)])
        XCTAssertEqual(first.hint.candidates[2].principalVariation, [point(15, 4), nil], "a pass inside a continuation")
        XCTAssertEqual(first.hint.winRate, 0.54, "the position's rate is Lizzie's first candidate's")
        XCTAssertEqual(first.hint.visits, 1_300, "1.3k visits, at least the candidates' 1,140")
        XCTAssertNil(stored.positions[game.mainLine[2]], "0 visits: the node was never analysed")
    }

    /// A first line alone (analysis without candidates, as Lizzie writes it after a short look) keeps its
    /// win rate: 100 minus the mover's.
    func testLizzieHeaderWithoutCandidatesGivesTheWinRateOfThePlayerToMove() throws {
        let (game, stored) = try read("(;SZ[9];B[ee]LZ[0.7.4 61.2 345\n])")
        let position = try XCTUnwrap(stored.positions[game.mainLine[1]])
        XCTAssertEqual(position.toMove, .white)
        XCTAssertEqual(position.hint.winRate, 0.388, accuracy: 1e-9)
        XCTAssertEqual(position.hint.visits, 345)
        XCTAssertEqual(LizzieAnalysis.shortCount("1.2m"), 1_200_000)
        XCTAssertEqual(LizzieAnalysis.shortCount("45k"), 45_000)
        XCTAssertNil(LizzieAnalysis.shortCount("many"))
    }

    // MARK: - Malformed values

    /// Each bad value is a warning at its property's line and column; the rest of the file is still read.
    func testMalformedValuesAreWarningsAtTheirPlaceAndTheRestIsRead() throws {
        let text = """
            (;SZ[9]AP[Sabaki:0.51.1]
            ;B[ee]SBKV[48.2]
            ;W[cc]SBKV[high]
            ;B[gg]SBKV[130]
            ;W[gc]LZ[0.7.4 x 10
            ]
            ;B[bb]LZ[0.7.4 50.0 20
            move Z99 visits 5 winrate 5000 pv Z99 info move E5 visits 3 winrate 4000 pv E5 info move C3 visits 9 winrate 7000 pv C3 D3 Q99 info move D4 visits 2 winrate 20000 pv D4 info ]
            )
            """
        let (game, stored) = try read(text, path: "bad.sgf")
        let found = stored.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" }
        XCTAssertEqual(stored.diagnostics.map(\.severity), Array(repeating: .warning, count: stored.diagnostics.count))
        func expect(_ location: String, _ fragment: String, line: UInt = #line) {
            XCTAssertTrue(found.contains { $0.hasPrefix(location + " ") && $0.contains(fragment) }, "\(location) \(fragment) in \(found)", line: line)
        }
        expect("bad.sgf:3:7", "SBKV[high] is not a number")
        expect("bad.sgf:4:7", "outside 0 to 100")
        expect("bad.sgf:5:7", "does not start with Lizzie's version")
        expect("bad.sgf:7:7", "Z99")
        expect("bad.sgf:7:7", "E5 is on an occupied point")
        expect("bad.sgf:7:7", "stops at 'Q99'")
        expect("bad.sgf:7:7", "D4 has no win rate from 0 to 10000")
        XCTAssertEqual(found.count, 7, "\(found)")
        let mainLine = game.mainLine
        XCTAssertEqual(try XCTUnwrap(blackRate(stored.positions[mainLine[1]])), 0.482, accuracy: 1e-9)
        XCTAssertNil(stored.positions[mainLine[2]])
        XCTAssertNil(stored.positions[mainLine[3]])
        XCTAssertNil(stored.positions[mainLine[4]])
        let kept = try XCTUnwrap(stored.positions[mainLine[5]])
        XCTAssertEqual(kept.hint.candidates.map(\.point), [Point(column: 2, row: 6)], "only C3 survives")
        XCTAssertEqual(kept.hint.candidates[0].principalVariation, [Point(column: 2, row: 6), Point(column: 3, row: 6)])
    }
}
