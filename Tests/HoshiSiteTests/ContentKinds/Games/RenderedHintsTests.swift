import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// The game pages' rendered hints (one `RenderedFileHints` entry per game file and hint index) on real
/// builds: a rebuild that takes them is checked against the same build rendering every hint (their folder
/// removed), and a kept rendering is shown to be what the page writes by planting a marked one.
final class RenderedHintsTests: XCTestCase {
    /// Short 9x9 games: one alone, a file of two games, a game whose file stores Sabaki's win rates (merged
    /// with the engine's by `prefer`) and one on a board the built-in engine does not analyse (no hints).
    private static let files: [String: String] = [
        "hoshi.yml": settings(),
        "content/index.md": "# Games\n",
        "content/games/a.sgf": "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black A]PW[White A];B[ee];W[cc];B[gc];W[cg];B[gg])",
        "content/games/pair.sgf": "(;GM[1]FF[4]SZ[9]KM[7];B[dd];W[ff])(;GM[1]FF[4]SZ[9]KM[7];B[ff];W[dd];B[df])",
        "content/games/sabaki.sgf": "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee]SBKV[48.0];W[cc];B[gg]SBKV[55.5];W[gc])",
        "content/games/wide.sgf": "(;GM[1]FF[4]SZ[13:9]KM[6.5];B[dd];W[hf])",
    ]
    private static let hintedFiles = ["content/games/a.sgf", "content/games/pair.sgf", "content/games/sabaki.sgf", "content/games/wide.sgf"]

    private static func settings(prefer: String = "file") -> String {
        "title: Rendered\nhints:\n  paths: [games]\n  playouts: 8\n  candidates: 2\n  seed: 3\n  prefer: \(prefer)\n"
    }

    private struct Built {
        var diagnostics: [Diagnostic]
        var output: [String: Data]
    }

    private func build(_ site: SiteFixture, into name: String = "site", file: StaticString = #filePath, line: UInt = #line) -> Built? {
        let output = site.root.appending(path: name)
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        guard SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: output, isStrict: false), log: log).build() != nil else {
            XCTFail("build failed: \(log.diagnostics)", file: file, line: line)
            return nil
        }
        return Built(diagnostics: log.diagnostics, output: folderSnapshot(output))
    }

    private func caches(_ site: SiteFixture) -> EngineCaches {
        EngineCaches.forSite(site.root)
    }

    /// The same build rendering every hint: the rendered hints removed first (and written again by it).
    private func renderingBuild(_ site: SiteFixture, file: StaticString = #filePath, line: UInt = #line) -> Built? {
        try? FileManager.default.removeItem(at: caches(site).renderedHints.directory)
        return build(site, into: "rendering", file: file, line: line)
    }

    /// The key of the rendered hints of the file at `path` (below the site), under the site's settings, as
    /// its index stands.
    private func renderedKey(of path: String, in site: SiteFixture) -> RenderedHintsKey? {
        let text = (try? String(contentsOf: site.root.appending(path: "hoshi.yml"), encoding: .utf8)) ?? ""
        guard let settings = SiteConfiguration.parse(text, path: "hoshi.yml").0[.hints].settings(for: String(path.dropFirst("content/".count))),
              let bytes = FileManager.default.contents(atPath: site.root.appending(path: path).path),
              let indexKey = HintIndexKey(fileBytes: bytes, settings: settings) else { return nil }
        let (lookup, checksum) = caches(site).hintIndexes.lookupWithChecksum(indexKey)
        guard case .hit = lookup, let checksum else { return nil }
        return RenderedHintsKey(index: HintIndex.Identity(keyDigest: indexKey.digest, checksum: checksum), preference: settings.prefer)
    }

    func testARebuildWritesThePagesHintsAsTheyWereRenderedAndRenderingThemAgainGivesTheSamePages() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let store = caches(site).renderedHints
        // The first build computes the hints and writes the indexes; the next, answered by them, keeps the
        // rendering of every file's hints, and the one after that takes it.
        guard let first = build(site) else { return }
        XCTAssertEqual(store.digests(), [], "hints not read from an index are not kept rendered")
        let second = build(site)
        XCTAssertEqual(store.digests().count, Self.hintedFiles.count)
        let keys = Self.hintedFiles.compactMap { renderedKey(of: $0, in: site)?.digest }
        XCTAssertEqual(Set(store.digests()), Set(keys))
        let third = build(site)
        XCTAssertEqual(second?.output, first.output)
        XCTAssertEqual(third?.output, first.output)
        XCTAssertEqual(third?.diagnostics, first.diagnostics)
        let rendering = renderingBuild(site)
        XCTAssertEqual(third?.output, rendering?.output)
        XCTAssertTrue(try site.read("games/a.html").contains("Engine analysis"))
        XCTAssertTrue(try site.read("games/sabaki.html").contains("data-stored-analysis"))
        XCTAssertFalse(try site.read("games/wide.html").contains("Engine analysis"))

        // What a page writes of its hints is the kept rendering: a marked one planted under a file's key shows.
        let key = try XCTUnwrap(renderedKey(of: "content/games/a.sgf", in: site))
        guard case .hit(var kept) = store.lookup(key) else { return XCTFail("a.sgf's hints are not kept") }
        kept.games[0].sectionHTML += "<p>planted</p>\n"
        let node = try XCTUnwrap(kept.games[0].viewerEntries.firstIndex { $0 != nil })
        kept.games[0].viewerEntries[node] = "123"
        try store.store(kept, for: key)
        _ = build(site)
        let page = try site.read("games/a.html")
        XCTAssertTrue(page.contains("<p>planted</p>"))
        XCTAssertEqual(try StoredAnalysisSiteTests.hintEntries(in: page)[node], "123")
        XCTAssertEqual(renderingBuild(site)?.output, first.output, "rendered again from the hints")
    }

    /// An index written again under the same key with another hint (an engine that does not repeat itself
    /// answering a position computed again) has another checksum: its file's hints are rendered anew.
    func testAnIndexWithOtherHintsUnderTheSameKeyIsRenderedAnew() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site), build(site) != nil else { return }
        let text = (try? String(contentsOf: site.root.appending(path: "hoshi.yml"), encoding: .utf8)) ?? ""
        let settings = try XCTUnwrap(SiteConfiguration.parse(text, path: "hoshi.yml").0[.hints].settings(for: "games/a.sgf"))
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: site.root.appending(path: "content/games/a.sgf").path))
        let indexKey = try XCTUnwrap(HintIndexKey(fileBytes: bytes, settings: settings))
        guard case .hit(var index) = caches(site).hintIndexes.lookup(indexKey) else { return XCTFail("a.sgf is not indexed") }
        let before = try XCTUnwrap(renderedKey(of: "content/games/a.sgf", in: site))
        index.answers[0].hint.winRate = index.answers[0].hint.winRate > 0.5 ? 0.125 : 0.875
        try caches(site).hintIndexes.store(index, for: indexKey)
        let after = try XCTUnwrap(renderedKey(of: "content/games/a.sgf", in: site))
        XCTAssertNotEqual(after.digest, before.digest)

        let rebuilt = build(site)
        XCTAssertNotEqual(rebuilt?.output["/games/a.html"], first.output["/games/a.html"], "the new hint shows")
        XCTAssertEqual(rebuilt?.output["/games/sabaki.html"], first.output["/games/sabaki.html"])
        XCTAssertNotNil(first.output["/games/sabaki.html"])
        XCTAssertEqual(rebuilt?.output, renderingBuild(site)?.output)
        XCTAssertEqual(build(site)?.output, rebuilt?.output)
    }

    func testADamagedEntryIsReportedAndTheFilesHintsRenderedAndKeptAgain() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site), build(site) != nil else { return }
        let store = caches(site).renderedHints
        let key = try XCTUnwrap(renderedKey(of: "content/games/pair.sgf", in: site))
        let url = store.url(for: key.digest)
        let text = try String(contentsOf: url, encoding: .utf8)
        // A win rate's digit (the text still reads, only the checksum tells), a cut, an empty file. A viewer
        // entry's line starts with Black's win rate, then a space and a candidate `point.share.winrate.variation`.
        let entry = try XCTUnwrap(text.range(of: #"\n\d+ [a-s]*\.\d"#, options: .regularExpression))
        let digit = text.index(after: entry.lowerBound)
        var changed = text
        changed.replaceSubrange(digit...digit, with: text[digit] == "7" ? "8" : "7")
        for damaged in [changed, String(text.dropLast(9)), ""] {
            try damaged.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(caches(site).statistics().first { $0.name == "rendered hints" }?.statistics.corrupt, [key.digest],
                           "what `hoshi cache stats` reports")
            let rebuilt = build(site)
            let warnings = rebuilt?.diagnostics.filter { $0.message.contains("rendered hints entry \(key.digest) is corrupt") } ?? []
            XCTAssertEqual(warnings.count, 1, damaged)
            XCTAssertEqual(warnings.first?.location?.path, url.path)
            XCTAssertEqual(rebuilt?.output, first.output)
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text, "the rendered hints were kept again")
            XCTAssertEqual(build(site)?.diagnostics, first.diagnostics)
        }

        // A whole entry that answers another file (one game where the file has two) is refused alike.
        let other = try XCTUnwrap(renderedKey(of: "content/games/a.sgf", in: site))
        guard case .hit(let single) = store.lookup(other) else { return XCTFail("a.sgf's hints are not kept") }
        try store.store(single, for: key)
        let refused = build(site)
        XCTAssertTrue(refused?.diagnostics.contains { $0.message.contains("\(key.digest) is corrupt (its games are not the file's)") } ?? false)
        XCTAssertEqual(refused?.output, first.output)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text)
    }

    func testAnotherPreferenceOrAnEditedGameMissesAndPruneKeepsOnlyTheRenderingsInUse() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard build(site) != nil, build(site) != nil else { return }
        let store = caches(site).renderedHints
        let before = Set(store.digests())

        // Whose analysis shows is part of the key: the stored analysis' file gets other pages.
        try site.write("hoshi.yml", Self.settings(prefer: "engine_only"))
        _ = build(site)
        _ = build(site)
        XCTAssertEqual(store.digests().count, 2 * Self.hintedFiles.count, "each file's rendering under both preferences")

        // An edited game has another index, so another rendering.
        try site.write("content/games/a.sgf", "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black A]PW[White A];B[ee];W[cc];B[gc])")
        _ = build(site)
        guard let edited = build(site) else { return }
        XCTAssertEqual(store.digests().count, 2 * Self.hintedFiles.count + 1)

        // Prune keeps the renderings of the indexes as they are now: one per file, under `engine_only`.
        let pruned = try XCTUnwrap(SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: site.root.appending(path: "site")),
                                               log: DiagnosticLog()).pruneEngineCaches())
        XCTAssertEqual(pruned.removedRenderedHints, Self.hintedFiles.count + 1)
        XCTAssertEqual(Set(store.digests()), Set(Self.hintedFiles.compactMap { renderedKey(of: $0, in: site)?.digest }))
        XCTAssertTrue(Set(store.digests()).isDisjoint(with: before))
        let afterPrune = build(site)
        XCTAssertEqual(afterPrune?.output, edited.output)
        XCTAssertEqual(afterPrune?.diagnostics, edited.diagnostics)
        XCTAssertEqual(afterPrune?.output, renderingBuild(site)?.output)
        XCTAssertFalse(try site.read("games/sabaki.html").contains("data-stored-analysis"))
    }

    func testConcurrentBuildsLeaveWholeEntriesAndMergeLeavesThemBehind() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        let root = site.root
        XCTAssertEqual(site.buildConcurrently(), [true, true])
        let store = caches(site).renderedHints
        XCTAssertEqual(store.statistics().entries, Self.hintedFiles.count)
        XCTAssertEqual(store.statistics().corrupt, [])
        XCTAssertEqual(store.temporaryFiles(), [])
        XCTAssertEqual(build(site)?.output, first.output)

        // A merge copies hint entries, never rendered hints; the receiving site renders its own.
        let receiver = try SiteFixture(files: Self.files)
        defer { receiver.remove() }
        _ = try caches(receiver).merge(from: EngineCaches.locate(root))
        XCTAssertEqual(caches(receiver).renderedHints.digests(), [])
        XCTAssertEqual(build(receiver)?.output, first.output)
    }

    func testRenderedHintsReadBackAsWrittenAndAnyDamageToTheirTextIsRefused() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard build(site) != nil, build(site) != nil else { return }
        let key = try XCTUnwrap(renderedKey(of: "content/games/pair.sgf", in: site))
        guard case .hit(let rendered) = caches(site).renderedHints.lookup(key) else { return XCTFail("pair.sgf's hints are not kept") }
        XCTAssertEqual(rendered.games.count, 2)
        XCTAssertEqual(rendered.games.map { $0.viewerEntries.count }, [3, 4], "a slot per node of each game")
        XCTAssertEqual(RenderedFileHints(storedText: rendered.storedText), rendered)
        let none = RenderedFileHints(games: [.none])
        XCTAssertEqual(RenderedFileHints(storedText: none.storedText), none)
        let text = rendered.storedText
        for cut in [1, 20, text.utf8.count / 2, text.utf8.count - 1] {
            XCTAssertNil(RenderedFileHints(storedText: String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)), "cut after \(cut) bytes")
        }
        XCTAssertNil(RenderedFileHints(storedText: text + "more\n"))
        XCTAssertNil(RenderedFileHints(storedText: text.replacingOccurrences(of: "games 2", with: "games 3")))
        XCTAssertNil(RenderedFileHints(storedText: text.replacingOccurrences(of: "game 3 ", with: "game 2 ")))
    }
}
