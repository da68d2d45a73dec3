import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// The original game's puzzles.plist (../shared/corpus/lightsoff) published as a site under each
/// `lights.unsolvable` policy, checked against `LightsChaseBruteForce`, which shares no code with the build.
final class LightsCorpusSiteTests: XCTestCase {
    /// The corpus file, or nil when the corpus is absent.
    static var corpusURL: URL? {
        TestPaths.corpus("lightsoff/puzzles.plist")
    }

    static let missingMessage = "../shared/corpus/lightsoff/puzzles.plist is absent; skipping the corpus site tests"

    /// The plist's puzzles as written (row 0 first), read with a regular expression rather than the core's reader.
    static func corpusPuzzles() throws -> [[[Bool]]] {
        guard let url = corpusURL else { throw XCTSkip(missingMessage) }
        let text = try String(contentsOf: url, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "<string>([x\\-|]+)</string>")
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { LightsChaseBruteForce.rows(String(text[$0])) }
        }
    }

    func fixture(unsolvable: String) throws -> SiteFixture {
        guard let url = Self.corpusURL else { throw XCTSkip(Self.missingMessage) }
        let fixture = try SiteFixture(files: [
            "hoshi.yml": "title: Corpus\nlights:\n  unsolvable: \(unsolvable)\n",
            "content/index.md": "# Home\n\nThe [original puzzles](original.plist).\n",
        ])
        try FileManager.default.copyItem(at: url, to: fixture.root.appending(path: "content/original.plist"))
        return fixture
    }

    func testIndependentCheckFinds110SolvableAnd96Unsolvable() throws {
        let puzzles = try Self.corpusPuzzles()
        XCTAssertEqual(puzzles.count, 206)
        let pars = puzzles.map(LightsChaseBruteForce.par)
        XCTAssertEqual(pars.count { $0 != nil }, 110)
        XCTAssertEqual(pars.count { $0 == nil }, 96)
    }

    func testErrorPolicyFailsListingExactlyTheUnsolvablePuzzles() throws {
        let puzzles = try Self.corpusPuzzles()
        let expected = Set(puzzles.indices.filter { LightsChaseBruteForce.par(puzzles[$0]) == nil }.map { $0 + 1 })
        let fixture = try fixture(unsolvable: "error")
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build()
        XCTAssertFalse(succeeded)
        let errors = log.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 96)
        let regex = try NSRegularExpression(pattern: "^puzzle (\\d+) is unsolvable: .* toggle the light at row \\d, column \\d")
        var numbers: Set<Int> = []
        for error in errors {
            XCTAssertEqual(error.location?.path, "content/original.plist")
            XCTAssertNotNil(error.location?.line, "a plist puzzle's error names its line")
            let message = error.message
            guard let match = regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
                  let range = Range(match.range(at: 1), in: message), let number = Int(message[range]) else {
                XCTFail("unexpected message: \(message)")
                continue
            }
            numbers.insert(number)
        }
        XCTAssertEqual(numbers, expected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.output.path), "a failed build writes nothing")
    }

    func testPublishPolicyShowsParOnSolvablePagesAndTheReasonOnUnsolvableOnes() throws {
        let puzzles = try Self.corpusPuzzles()
        let fixture = try fixture(unsolvable: "publish")
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build()
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(log.warningCount, 96)
        let parRegex = try NSRegularExpression(pattern: "class=\"lights-par\">(\\d+)<")
        for (offset, rows) in puzzles.enumerated() {
            let html = try fixture.read("original/\(offset + 1).html")
            if let par = LightsChaseBruteForce.par(rows) {
                let match = parRegex.firstMatch(in: html, range: NSRange(html.startIndex..., in: html))
                let shown = match.flatMap { Range($0.range(at: 1), in: html) }.map { String(html[$0]) }
                XCTAssertEqual(shown, String(par), "puzzle \(offset + 1)")
                XCTAssertTrue(html.contains("\"par\":\(par),"), "puzzle \(offset + 1): the script's par")
                XCTAssertTrue(html.contains("Show the solution (\(par) press"), "puzzle \(offset + 1)")
                // Drawn as the app draws it: the file's first row at the bottom, in the page's board data.
                let drawnRows = rows.reversed().map { row in row.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) } }
                XCTAssertTrue(html.contains("\"board\":[\(drawnRows.map { "[\($0)]" }.joined(separator: ","))]"), "puzzle \(offset + 1)")
            } else {
                XCTAssertTrue(html.contains("This puzzle cannot be solved."), "puzzle \(offset + 1)")
                XCTAssertTrue(html.contains("toggle the light at row"), "puzzle \(offset + 1): the repair")
                XCTAssertFalse(html.contains("lights-data"), "puzzle \(offset + 1): no play UI")
                XCTAssertFalse(html.contains("lights-play"), "puzzle \(offset + 1): no play UI")
            }
        }
        let index = try fixture.read("original/index.html")
        XCTAssertEqual(index.components(separatedBy: "<li class=\"lights-card").count - 1, 206)
        XCTAssertEqual(index.components(separatedBy: "lights-card-unsolvable").count - 1, 96)
        XCTAssertTrue(try fixture.read("index.html").contains("href=\"original/index.html\""), "Markdown links to the file open the set")
        XCTAssertNotNil(FileManager.default.contents(atPath: fixture.output.appending(path: "original.plist").path),
                        "the source stays published for download")
    }

    func testSkipPolicyPublishesOnlySolvablePuzzles() throws {
        let puzzles = try Self.corpusPuzzles()
        let fixture = try fixture(unsolvable: "skip")
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build()
        XCTAssertTrue(succeeded)
        XCTAssertEqual(log.warningCount, 96)
        XCTAssertTrue(log.diagnostics.allSatisfy { $0.message.hasSuffix("left out (lights.unsolvable: skip)") })
        for (offset, rows) in puzzles.enumerated() {
            let exists = FileManager.default.fileExists(atPath: fixture.output.appending(path: "original/\(offset + 1).html").path)
            XCTAssertEqual(exists, LightsChaseBruteForce.par(rows) != nil, "puzzle \(offset + 1)")
        }
        let index = try fixture.read("original/index.html")
        XCTAssertEqual(index.components(separatedBy: "<li class=\"lights-card").count - 1, 110)
        XCTAssertFalse(index.contains("unsolvable\""))
    }
}
