import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Game pages showing the analysis a record carries (`StoredAnalysis`) through the same viewer data, graph
/// and key moments as the engine's, `hints.prefer`, and malformed values reported where they are. The
/// records are built exactly to the formats Sabaki (`SBKV`: Black's win rate in percent on the node) and
/// Lizzie (`LZ`, `SGFParser.formatNodeData`) write; the Sabaki file of the corpus is checked in
/// HoshiCoreTests and in the browser.
final class StoredAnalysisSiteTests: XCTestCase {
    /// A 9x9 game with an SBKV value on every move, Black's win rates in percent.
    static let blackWinRates = [52.0, 51.0, 30.5, 33.0, 32.5, 47.0, 46.0, 44.0, 58.5, 58.0]
    static let moves = ["ee", "cc", "gc", "cg", "gg", "eg", "ec", "dc", "fd", "hh"]

    static func sabakiRecord(application: String = "Sabaki:0.51.1") -> String {
        var text = "(;GM[1]FF[4]SZ[9]KM[7]AP[\(application)]"
        for (index, (move, rate)) in zip(moves, blackWinRates).enumerated() {
            text += "\n;\(index % 2 == 0 ? "B" : "W")[\(move)]SBKV[\(String(format: "%.2f", rate))]"
        }
        return text + ")"
    }

    private func build(_ files: [String: String]) throws -> (SiteFixture, Bool, DiagnosticLog) {
        var all: [String: String] = ["hoshi.yml": "title: Games\n"]
        for (path, text) in files { all[path == "hoshi.yml" ? path : "content/\(path)"] = text }
        let fixture = try SiteFixture(files: all)
        let (succeeded, log) = fixture.build()
        return (fixture, succeeded, log)
    }

    /// The key moments the page must list, computed here from the record's own numbers: a move loses the
    /// fall of its player's win rate from the position before it to the one after; 5 points or more, the
    /// five largest. (The start has no SBKV, so move 1 is not measured.)
    static func expectedKeyMoments() -> [Int] {
        var losses: [(move: Int, loss: Double)] = []
        for move in 2...blackWinRates.count {
            let black = move % 2 == 1
            let before = blackWinRates[move - 2], after = blackWinRates[move - 1]
            let loss = black ? before - after : after - before
            if loss >= 5 { losses.append((move, loss)) }
        }
        return losses.sorted { $0.loss != $1.loss ? $0.loss > $1.loss : $0.move < $1.move }.prefix(5).map(\.move)
    }

    func testSabakiWinRatesGetTheGraphAndKeyMomentsWithTheApplicationNamedAndEscaped() throws {
        let (fixture, succeeded, log) = try build(["games/review.sgf": Self.sabakiRecord(application: "<img src=x onerror=alert(1)>:0.51.1")])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, "\(log.diagnostics)")
        XCTAssertEqual(log.diagnostics, [], "SBKV is read, not an unknown property")
        let page = try fixture.read("games/review.html")
        XCTAssertTrue(page.contains("data-stored-analysis"))
        XCTAssertTrue(page.contains("Sabaki’s SBKV win rates written by &lt;img src=x onerror=alert(1)&gt; 0.51.1, for 10 positions"), page)
        XCTAssertFalse(page.contains("<img src=x"), "the application's name is untrusted text")
        XCTAssertFalse(page.contains("Computed when the site was built"), "no engine ran")
        XCTAssertTrue(page.contains("data-win-rate-graph"))
        let listed = try Self.matches(##"<li><a href="#move-(\d+)" data-move="\d+">"##, in: page).map { Int($0)! }
        XCTAssertEqual(listed, Self.expectedKeyMoments())
        XCTAssertFalse(listed.isEmpty)
        // The viewer data's hint entries start with Black's win rate in tenths of a percent.
        let rates = try Self.hintEntries(in: page).filter { !$0.isEmpty }.map { Int($0.prefix { $0 != " " }) }
        XCTAssertEqual(rates, Self.blackWinRates.map { Int(($0 * 10).rounded()) })
    }

    /// A Lizzie record (LZ on the first move) in a folder whose games get engine hints too: `prefer` decides
    /// whose candidates the node shows.
    func testPreferChoosesBetweenTheFilesAnalysisAndTheEngines() throws {
        let record = "(;GM[1]FF[4]SZ[9]KM[7]AP[Lizzie: 0.7.4];B[ee]LZ[0.7.4 48.0 1000\n"
            + "move C3 visits 600 winrate 5210 pv C3 G7 info move G7 visits 400 winrate 5106 pv G7 C3 info ];W[cc];B[gg])"
        // The node's candidates as GameViewerData documents them: point.share.winrate.continuation, the
        // continuation after the candidate (LZ's pv C3 G7 and G7 C3).
        let lizzieField = "cg.60.521.gc gc.40.511.cg"
        var fields: [String: String?] = [:]
        for preference in ["file", "engine", "engine_only"] {
            let (fixture, succeeded, log) = try build([
                "hoshi.yml": "title: Games\nhints:\n  paths: [games]\n  playouts: 24\n  candidates: 2\n  prefer: \(preference)\n",
                "games/lizzie.sgf": record,
            ])
            defer { fixture.remove() }
            XCTAssertTrue(succeeded, "\(log.diagnostics)")
            let page = try fixture.read("games/lizzie.html")
            fields[preference] = try Self.candidates(of: Self.hintEntries(in: page)[1])
            XCTAssertEqual(page.contains("data-stored-analysis"), preference == "file", preference)
            XCTAssertTrue(page.contains("Computed when the site was built"), preference)
        }
        XCTAssertEqual(fields["file"], lizzieField)
        XCTAssertNotNil(fields["engine"] ?? nil)
        XCTAssertNotEqual(fields["engine"], fields["file"], "the engine's own candidates")
        XCTAssertEqual(fields["engine_only"], fields["engine"])
    }

    /// Under `prefer: file` the engine is not asked about a position whose analysis the file stores (its page
    /// would not show the engine's answer there); under `prefer: engine` it is. The Lizzie record stores one.
    func testPreferFileSkipsTheEngineWhereTheFileHasAnalysis() throws {
        let record = "(;GM[1]FF[4]SZ[9]KM[7]AP[Lizzie: 0.7.4];B[ee]LZ[0.7.4 48.0 1000\n"
            + "move C3 visits 600 winrate 5210 pv C3 G7 info ];W[cc];B[gg])"
        var computed: [String: Int] = [:]
        var pages: [String: String] = [:]
        for preference in ["file", "engine"] {
            let fixture = try SiteFixture(files: [
                "hoshi.yml": "title: Games\nhints:\n  paths: [games]\n  playouts: 24\n  candidates: 2\n  prefer: \(preference)\n",
                "content/games/lizzie.sgf": record,
            ])
            defer { fixture.remove() }
            let log = DiagnosticLog(treatsWarningsAsErrors: false)
            let report = SiteBuilder(options: BuildOptions(sourceDirectory: fixture.root, outputDirectory: fixture.output), log: log).build()
            computed[preference] = try XCTUnwrap(report, "\(log.diagnostics)").hints.computed
            pages[preference] = try fixture.read("games/lizzie.html")
        }
        let mainLinePositions = 4  // the start and after each of the three moves
        XCTAssertEqual(computed["engine"], mainLinePositions)
        XCTAssertEqual(computed["file"], mainLinePositions - 1, "the position after B E5 has the file's LZ")
        XCTAssertTrue(pages["file"]?.contains("Computed when the site was built") ?? false, "the engine still answers elsewhere")
    }

    /// KaTrain's `KT` value on the first move, built exactly to KaTrain's layout (`analysis_dumps` in
    /// katrain/core/game_node.py) by Tests/browser/katrain_kt.py: the same position and numbers as the
    /// Lizzie record of `testPreferChoosesBetweenTheFilesAnalysisAndTheEngines`, with win rates Black's as
    /// KaTrain stores them, must give the viewer the same candidates (White to move: 1 - Black's rate).
    func testKaTrainCandidatesShowInTheViewerWithTheApplicationNamed() throws {
        let python = "/usr/bin/python3"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: python), "python3 is needed to build the KT value")
        let analysis = #"[{"moves": {"C3": {"move": "C3", "order": 0, "visits": 600, "winrate": 0.479, "scoreLead": -0.4, "pv": ["C3", "G7"]}, "#
            + #""G7": {"move": "G7", "order": 1, "visits": 400, "winrate": 0.489, "scoreLead": -0.2, "pv": ["G7", "C3"]}}, "#
            + #""root": {"visits": 1000, "winrate": 0.48, "scoreLead": -0.3}, "completed": true, "ownership": [0.5], "policy": [0.25]}]"#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestPaths.packageRoot.appending(path: "Tests/browser/katrain_kt.py").path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(analysis.utf8))
        try input.fileHandleForWriting.close()
        let kt = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        XCTAssertTrue(kt.hasPrefix("KT["), kt)
        let record = "(;GM[1]FF[4]SZ[9]KM[7]AP[KaTrain:1.17.1]KTV[1.0];B[ee]\(kt);W[cc];B[gg])"
        let (fixture, succeeded, log) = try build(["games/katrain.sgf": record])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, "\(log.diagnostics)")
        XCTAssertEqual(log.diagnostics, [], "KT and KTV are read, not unknown properties")
        let page = try fixture.read("games/katrain.html")
        XCTAssertTrue(page.contains("Read from the game file: KaTrain’s KT analysis written by KaTrain 1.17.1, for 1 position"), page)
        XCTAssertEqual(try Self.candidates(of: Self.hintEntries(in: page)[1]), "cg.60.521.gc gc.40.511.cg")
    }

    /// Bad values are warnings at their line and column; the positions that read still show. A file whose
    /// every value is bad gets no graph but says why, never a silently empty one.
    func testMalformedValuesAreWarningsAtTheirPlace() throws {
        let partial = "(;SZ[9]\n;B[ee]SBKV[48.0]\n;W[cc]SBKV[n/a]\n;B[gg]SBKV[55.5])"
        let broken = "(;SZ[9]\n;B[ee]SBKV[-4])"
        let (fixture, succeeded, log) = try build(["games/partial.sgf": partial, "games/broken.sgf": broken])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded)
        let found = log.diagnostics.map(\.description)
        XCTAssertTrue(found.contains { $0.hasPrefix("content/games/partial.sgf:3:7: warning:") && $0.contains("SBKV[n/a]") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("content/games/broken.sgf:2:7: warning:") && $0.contains("SBKV[-4]") }, "\(found)")
        let page = try fixture.read("games/partial.html")
        XCTAssertTrue(page.contains("for 2 positions"), "the two readable values show")
        XCTAssertFalse(try fixture.read("games/broken.html").contains("data-win-rate-graph"))
    }

    func testPreferIsCheckedAndFollowsTheEntryHoldingTheFile() {
        let text = """
            hints:
              paths:
                - path: games/pro
                  prefer: engine
              prefer: engine_only
            """
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(configuration[.hints].preference(for: "games/pro/a.sgf"), .engine)
        XCTAssertEqual(configuration[.hints].preference(for: "games/other/b.sgf"), .engineOnly, "files without engine hints follow the top level")
        XCTAssertEqual(SiteConfiguration.parse("title: T\n", path: "hoshi.yml").0[.hints].preference(for: "a.sgf"), .file)
        let (_, bad) = SiteConfiguration.parse("hints:\n  prefer: mine\n  prefers: file\n", path: "hoshi.yml")
        XCTAssertEqual(bad.map { "\($0.location?.line ?? 0) \($0.severity)" }.sorted(), ["2 error", "3 warning"], "\(bad)")
    }

    /// The viewer data's hint entries of `page`, one per node (`GameViewerData`).
    static func hintEntries(in page: String) throws -> [String] {
        let data = try XCTUnwrap(try matches(#"<script type="application/json" id="game-data">(.*?)</script>"#, in: page).first)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        return try XCTUnwrap(object["hints"] as? [String], "the page has no hint entries")
    }

    /// A hint entry's candidates: what follows Black's win rate and a space; nil when none do.
    static func candidates(of entry: String) -> String? {
        entry.firstIndex(of: " ").map { String(entry[entry.index(after: $0)...]) }
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
