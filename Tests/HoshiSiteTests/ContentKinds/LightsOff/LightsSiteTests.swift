import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Puzzle pages from small hand-written sets: escaping, configuration, generated sets, navigation.
final class LightsSiteTests: XCTestCase {
    static let plus = "# Plus\n-----\n--x--\n-xxx-\n--x--\n-----\n"

    func build(_ files: [String: String], strict: Bool = false) throws -> (SiteFixture, Bool, DiagnosticLog) {
        let fixture = try SiteFixture(files: files)
        let (succeeded, log) = fixture.build(strict: strict)
        return (fixture, succeeded, log)
    }

    func testTextSetBecomesAnIndexAndOnePagePerPuzzleWithNavigation() throws {
        let (fixture, succeeded, log) = try build([
            "hoshi.yml": "title: T\n",
            "content/index.md": "# Home\n\n[Play](puzzles/easy.lights)\n",
            "content/puzzles/easy.lights": Self.plus + "\n# Corner\nxx---\nx----\n-----\n-----\n-----\n",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        let index = try fixture.read("puzzles/easy/index.html")
        XCTAssertTrue(index.contains("<h1>Easy</h1>"))
        XCTAssertTrue(index.contains("href=\"1.html\"") && index.contains("href=\"2.html\""))
        XCTAssertTrue(index.contains("<svg class=\"lights-thumbnail\""))
        XCTAssertTrue(index.contains("href=\"../easy.lights\" download"))
        XCTAssertTrue(index.contains("lights-") && index.contains(".js\" defer"), "the puzzle script is loaded")
        let first = try fixture.read("puzzles/easy/1.html")
        XCTAssertTrue(first.contains("par <strong class=\"lights-par\">1</strong>"))
        XCTAssertTrue(first.contains("rel=\"next\" href=\"2.html\""))
        XCTAssertTrue(first.contains("<details class=\"lights-solution\">"))
        XCTAssertTrue(first.contains("<li>row 3, column 3</li>"))
        let second = try fixture.read("puzzles/easy/2.html")
        XCTAssertTrue(second.contains("rel=\"prev\" href=\"1.html\""))
        XCTAssertTrue(second.contains("par <strong class=\"lights-par\">1</strong>"))
        XCTAssertTrue(first.contains("<li class=\"open\"><a href=\"index.html\">Easy</a>"), "the set is open in the sidebar")
        XCTAssertFalse(first.contains(">Puzzle 1</a>\n</li>"), "puzzles are not listed in the sidebar")
        XCTAssertTrue(first.contains("<li><a href=\"index.html\">Easy</a></li>\n<li aria-current=\"page\">"), "breadcrumbs pass through the set")
        XCTAssertTrue(try fixture.read("index.html").contains("href=\"puzzles/easy/index.html\""), "Markdown links to the file open the set")
        XCTAssertTrue(try fixture.read("puzzles/easy.lights").hasPrefix("# Plus"))
        let script = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: fixture.output.appending(path: "assets").path)
            .first { $0.hasPrefix("lights") })
        XCTAssertFalse(try fixture.read("index.html").contains(script), "the puzzle script loads on puzzle pages only")
    }

    func testHostileTitlesAreEscaped() throws {
        let hostile = "<script>alert(1)</script> & \"quoted\" 'single'"
        let (fixture, succeeded, log) = try build([
            "hoshi.yml": "title: T\nlights:\n  sets:\n    - path: evil.lights\n      title: \"<img src=x onerror=alert(2)>\"\n",
            "content/evil.lights": "# \(hostile)\n-x-\nxxx\n-x-\n",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        for path in ["evil/index.html", "evil/1.html", "index.html"] {
            let html = try fixture.read(path)
            XCTAssertFalse(html.contains("<script>alert"), path)
            XCTAssertFalse(html.contains("<img src=x"), path)
            XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(2)&gt;"), path)
        }
        XCTAssertTrue(try fixture.read("evil/1.html").contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
    }

    func testGeneratedSetIsReproducibleBySeed() throws {
        func site(seed: Int) throws -> (SiteFixture, [String: Data]) {
            let (fixture, succeeded, log) = try build([
                "hoshi.yml": "title: T\nlights:\n  generated:\n    - {name: daily, title: Daily, width: 5, height: 5, count: 6, par: [4, 8], seed: \(seed)}\n",
                "content/index.md": "# Home\n",
            ])
            XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
            return (fixture, fixture.outputSnapshot().filter { $0.key.hasPrefix("/puzzles/daily/") })
        }
        let (first, firstPages) = try site(seed: 7)
        let (second, secondPages) = try site(seed: 7)
        let (third, thirdPages) = try site(seed: 8)
        defer { [first, second, third].forEach { $0.remove() } }
        XCTAssertEqual(firstPages.count, 8, "index, 6 puzzles and the downloadable file")
        XCTAssertEqual(firstPages, secondPages)
        XCTAssertNotEqual(firstPages, thirdPages)
        let text = try first.read("puzzles/daily/daily.lights")
        let (puzzles, diagnostics) = LightsTextReader.parse(text, path: "daily.lights")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(puzzles.count, 6)
        let index = try first.read("puzzles/daily/index.html")
        XCTAssertTrue(index.contains("<h1>Daily</h1>"))
        for entry in LightsSetChecker.check(LightsPuzzleSet(path: "daily", puzzles: puzzles)).entries {
            let par = try XCTUnwrap(entry.par)
            XCTAssertTrue((4...8).contains(par))
            XCTAssertTrue(try first.read("puzzles/daily/\(entry.index).html").contains("class=\"lights-par\">\(par)<"))
        }
    }

    func testWrapIsSetPerFileAndByDefault() throws {
        let (fixture, succeeded, _) = try build([
            "hoshi.yml": "title: T\nlights:\n  wrap: true\n  sets:\n    - path: flat.lights\n      wrap: false\n",
            "content/flat.lights": Self.plus,
            "content/round.lights": Self.plus,
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded)
        XCTAssertTrue(try fixture.read("flat/1.html").contains("\"rule\":\"plain\""))
        XCTAssertTrue(try fixture.read("round/1.html").contains("\"rule\":\"torus\""))
        XCTAssertTrue(try fixture.read("round/index.html").contains("wrapping edges"))
    }

    func testUnsolvableErrorNamesFileLineAndRepair() throws {
        let (fixture, succeeded, log) = try build([
            "hoshi.yml": "title: T\n",
            "content/bad.lights": "# Lonely corner\nx----\n-----\n-----\n-----\n-----\n",
        ])
        defer { fixture.remove() }
        XCTAssertFalse(succeeded)
        let error = try XCTUnwrap(log.diagnostics.first { $0.severity == .error })
        XCTAssertEqual(error.location, SourceLocation(path: "content/bad.lights", line: 2, column: 1))
        XCTAssertTrue(error.message.hasPrefix("puzzle 1 (Lonely corner) is unsolvable: "), error.message)
        XCTAssertTrue(error.message.contains("toggle the light at row"), error.message)
    }

    func testLightsConfigurationReportsProblemsWithLines() {
        let text = """
        title: T
        lights:
          unsolvabel: skip
          unsolvable: maybe
          wrap: sometimes
          sets:
            - path: a.lights
              colour: red
          generated:
            - {name: Bad Name, width: 5, count: 2, par: 3, seed: 1}
            - {name: ok, width: 5, count: 2, seed: 1}
            - {name: fine, width: 5, count: 2, par: [3, 5], seed: 1, extra: 1}
        """
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        let lines = diagnostics.map { "\($0.location?.line ?? 0) \($0.severity) \($0.message)" }
        XCTAssertEqual(lines.count, 7, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("3 warning unknown key 'unsolvabel' in lights is ignored; did you mean 'unsolvable'?"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("4 error lights.unsolvable must be error, skip or publish"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("5 error 'lights.wrap' must be true or false"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("8 warning unknown key 'colour' in lights.sets"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("10 error each generated set needs a 'name'"), lines[4])
        XCTAssertTrue(lines[5].hasPrefix("11 error generated set 'ok': 'par' is missing"), lines[5])
        XCTAssertTrue(lines[6].hasPrefix("12 warning unknown key 'extra' in lights.generated"), lines[6])
        XCTAssertEqual(configuration[.lights].sets.map(\.path), ["a.lights"])
        XCTAssertEqual(configuration[.lights].generated.map(\.name), ["fine"])
        XCTAssertEqual(configuration[.lights].generated.first?.generator.parRange, 3...5)
    }

    func testSetsEntryForAMissingFileWarns() throws {
        let (fixture, succeeded, log) = try build([
            "hoshi.yml": "title: T\nlights:\n  sets:\n    - path: content/nowhere.lights\n      wrap: true\n",
            "content/index.md": "# Home\n",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded)
        XCTAssertEqual(log.diagnostics.map(\.message), ["lights.sets names 'nowhere.lights', which is not a .lights or .plist file under content/"])
        XCTAssertEqual(log.diagnostics.first?.location?.line, 4)
    }
}
