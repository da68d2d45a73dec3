import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Evil Hangman pages from small word lists: the page, its word files, the analysis table, configuration.
final class WordSiteTests: XCTestCase {
    func testAListBecomesAGamePageWithOneWordFilePerLength() throws {
        let fixture = try SiteFixture(files: [
            "hoshi.yml": "title: T\nwords:\n  sets:\n    - path: words/spec.plist\n      credit: Example & co\n",
            "content/words/spec.plist": "<plist><array><string>bear</string><string>BOAR</string><string>deer</string>"
                + "<string>DUCK</string><string>hare</string><string>ox</string></array></plist>\n",
        ])
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build(strict: false)
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        let page = try fixture.read("words/spec/index.html")
        XCTAssertTrue(page.contains("data-lengths=\"2,4\" data-default-length=\"4\" data-default-guesses=\"8\" data-default-evil=\"true\""))
        XCTAssertTrue(page.contains("hangman-") && page.contains(".js\" defer"), "the game script is loaded")
        XCTAssertTrue(page.contains("<p>Example &amp; co</p>"))
        // The page prints HoshiCore's analysis (checked against a brute force in HangmanAnalysisTests).
        let expected = HangmanAnalysis.analyse(["BEAR", "BOAR", "DEER", "DUCK", "HARE"].map { Array($0.utf8) })
        XCTAssertTrue(page.contains("<tr data-length=\"4\"><td>4</td><td>5</td><td>\(expected.text)</td></tr>"), page)
        XCTAssertEqual(try fixture.read("words/spec/words-4.js"),
                       "(self.hoshiHangmanWords = self.hoshiHangmanWords || {})[4] = \"0BEAR1OAR0DEER1UCK0HARE\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("words/spec.plist").path),
                       "the list is read, not published")
    }

    func testConfigurationProblemsAreReportedAtTheirLines() {
        let text = """
            words:
              sets:
                - path: a.txt
                  guesses: 30
                  lenght: 5
                - title: no path
              extra: 1
            """
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        let lines = diagnostics.map { "\($0.location?.line ?? 0) \($0.severity) \($0.message)" }
        XCTAssertEqual(lines.count, 4, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("4 error words.sets guesses must be a whole number from 1 to 26, not '30'"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("5 warning unknown key 'lenght' in words.sets is ignored; did you mean 'length'?"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("6 error each entry of words.sets needs a 'path'"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("7 warning unknown key 'extra' in words"), lines[3])
        XCTAssertEqual(configuration[.words].sets.map(\.path), ["a.txt"])
        XCTAssertEqual(configuration[.words].sets.first?.guesses, 8)
    }

    func testAnEmptyListIsAnErrorAndAMissingOneAWarning() throws {
        let fixture = try SiteFixture(files: [
            "hoshi.yml": "title: T\nwords:\n  sets:\n    - path: empty.txt\n    - path: absent.txt\n",
            "content/empty.txt": "Aaron's\n\n",
        ])
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build(strict: false)
        XCTAssertFalse(succeeded)
        let messages = log.diagnostics.map(\.description)
        XCTAssertTrue(messages.contains { $0.contains("empty.txt: error: no words in this list") }, messages.joined(separator: "\n"))
        XCTAssertTrue(messages.contains { $0.contains("warning: words.sets names 'absent.txt'") }, messages.joined(separator: "\n"))
    }
}
