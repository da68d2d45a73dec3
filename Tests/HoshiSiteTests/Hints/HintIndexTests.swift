import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// The hint index (one entry per game file and settings) on real builds: what a rebuild takes from it is
/// checked against the same build on the per-position path (the index folder removed), which plans every
/// game and reads every entry; lookups avoided are counted by the build's own report.
final class HintIndexTests: XCTestCase {
    /// Short 9x9 games: two sharing their opening (so positions repeat across files), a file of two games,
    /// a game with a variation and one on a board the built-in engine does not analyse (a warning).
    private static let files: [String: String] = [
        "hoshi.yml": settings(),
        "content/index.md": "# Games\n",
        "content/games/a.sgf": "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black A]PW[White A];B[ee];W[cc];B[gc];W[cg])",
        "content/games/b.sgf": "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black B]PW[White B];B[ee];W[cc];B[cg];W[gg];B[fc])",
        "content/games/pair.sgf": "(;GM[1]FF[4]SZ[9]KM[7];B[dd];W[ff])(;GM[1]FF[4]SZ[9]KM[7];B[ff];W[dd];B[df])",
        "content/games/branch.sgf": "(;GM[1]FF[4]SZ[9]KM[6.5];B[cc](;W[gg];B[gc])(;W[cg];B[gg]))",
        "content/games/wide.sgf": "(;GM[1]FF[4]SZ[13:9]KM[6.5];B[dd];W[hf])",
    ]

    private static func settings(candidates: Int = 2, nodes: String = "main_line") -> String {
        "title: Index\nhints:\n  paths: [games]\n  playouts: 8\n  candidates: \(candidates)\n  nodes: \(nodes)\n  seed: 5\n"
    }

    private struct Built {
        var report: HintRunReport
        var diagnostics: [Diagnostic]
        var output: [String: Data]
    }

    private func build(_ site: SiteFixture, into name: String = "site", computesHints: Bool = true,
                       file: StaticString = #filePath, line: UInt = #line) -> Built? {
        let output = site.root.appending(path: name)
        var options = BuildOptions(sourceDirectory: site.root, outputDirectory: output, isStrict: false)
        options.computesHints = computesHints
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        guard let report = SiteBuilder(options: options, log: log).build() else {
            XCTFail("build failed: \(log.diagnostics)", file: file, line: line)
            return nil
        }
        return Built(report: report.hints, diagnostics: log.diagnostics, output: folderSnapshot(output))
    }

    private func indexes(_ site: SiteFixture) -> HintIndexCache {
        HintIndexCache.beside(HintCache.forSite(site.root))
    }

    /// The same build with no index at all: every file planned, every entry read.
    private func perPositionBuild(_ site: SiteFixture, file: StaticString = #filePath, line: UInt = #line) -> Built? {
        try? FileManager.default.removeItem(at: indexes(site).directory)
        let built = build(site, into: "per-position", file: file, line: line)
        XCTAssertEqual(built?.report.fromIndex, 0, file: file, line: line)
        return built
    }

    private func assertSame(_ built: Built?, _ expected: Built?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let built, let expected else { return XCTFail("\(what): a build failed", file: file, line: line) }
        XCTAssertEqual(built.output, expected.output, "\(what): the pages differ from the per-position build", file: file, line: line)
        XCTAssertEqual(built.diagnostics, expected.diagnostics, what, file: file, line: line)
        XCTAssertEqual(built.report.positions, expected.report.positions, what, file: file, line: line)
        XCTAssertEqual(built.report.cached, expected.report.cached, what, file: file, line: line)
    }

    func testAnUnchangedRebuildTakesEveryPositionFromTheIndexAndGivesWhatThePerPositionPathGives() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        XCTAssertEqual(first.report.computed, first.report.positions)
        XCTAssertEqual(first.report.indexedFiles, 0)
        XCTAssertEqual(indexes(site).digests().count, 5, "one index per game file, the unanalysable one included")
        XCTAssertTrue(first.diagnostics.contains { $0.message.contains("no move hints") && $0.location?.path == "content/games/wide.sgf" })

        let again = build(site)
        XCTAssertEqual(again?.report.indexedFiles, 5)
        XCTAssertEqual(again?.report.fromIndex, first.report.positions, "no position was looked up entry by entry")
        XCTAssertEqual(again?.report.computed, 0)
        XCTAssertEqual(again?.report.cached, first.report.positions)
        XCTAssertEqual(again?.output, first.output)
        assertSame(again, perPositionBuild(site), "an unchanged rebuild")

        // `--no-hints` reads the index alike.
        assertSame(build(site, computesHints: false), build(site), "a build that computes nothing")
    }

    /// A whole index answers for its file on its own: an entry damaged or removed after it was written
    /// changes nothing on the pages (the index holds a checked copy of the hint); `hoshi cache stats` finds
    /// the damage, and so does the first build that reads the entry, which computes it again.
    func testAnEntryDamagedAfterTheIndexWasWrittenLeavesThePagesAsTheyWereAndIsFoundWhenRead() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        let cache = HintCache.forSite(site.root)
        // The entry of the last position of a.sgf, which no other file reaches.
        let index = try XCTUnwrap(indexOfFile("content/games/a.sgf", in: site))
        let digest = try XCTUnwrap(index.positions.last.map { index.answers[$0.answer].digest.hexDigits })
        let url = cache.url(for: digest)
        let original = try Data(contentsOf: url)
        // The same size, another win rate: a hint that would show on the page if the entry were read.
        var damaged = original
        let digit = try XCTUnwrap(damaged.firstRange(of: Data("winrate ".utf8))).upperBound + 5
        damaged[digit] = damaged[digit] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        try damaged.write(to: url)

        let rebuilt = build(site)
        XCTAssertEqual(rebuilt?.report.indexedFiles, 5, "every file comes from its index")
        XCTAssertEqual(rebuilt?.report.corrupt, 0)
        XCTAssertEqual(rebuilt?.report.computed, 0)
        XCTAssertEqual(rebuilt?.output, first.output, "the index's own copy of the hint shows, not the damaged entry's")
        XCTAssertEqual(cache.statistics().corrupt, [digest], "what `hoshi cache stats` reports")

        // Without the indexes, the build reads the entry, reports it and computes it again.
        let read = perPositionBuild(site)
        XCTAssertTrue(read?.diagnostics.contains { $0.message.contains("hint cache entry \(digest) is corrupt") } ?? false)
        XCTAssertEqual(read?.report.corrupt, 1)
        XCTAssertEqual(read?.report.computed, 1)
        XCTAssertEqual(read?.output, first.output, "the recomputed hint is the seeded engine's answer again")
        XCTAssertEqual(cache.statistics().corrupt, [])
        let next = build(site)
        XCTAssertEqual(next?.report.fromIndex, first.report.positions)
        XCTAssertEqual(next?.report.corrupt, 0)

        // An entry removed since: the index still answers; without it the position is computed again.
        try FileManager.default.removeItem(at: url)
        let removed = build(site)
        XCTAssertEqual(removed?.report.computed, 0)
        XCTAssertEqual(removed?.output, first.output)
        XCTAssertEqual(perPositionBuild(site)?.report.computed, 1)
    }

    func testADamagedIndexIsReportedAndTheFileReadEntryByEntryAndIndexedAgain() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        let store = indexes(site)
        let digest = try XCTUnwrap(store.digests().first)
        let url = store.url(for: digest)
        let text = try String(contentsOf: url, encoding: .utf8)
        for damaged in [String(text.dropLast(7)), text.replacingOccurrences(of: "positions ", with: "positions 1"), ""] {
            try damaged.write(to: url, atomically: true, encoding: .utf8)
            let rebuilt = build(site)
            XCTAssertTrue(rebuilt?.diagnostics.contains { $0.message.contains("hint index entry \(digest) is corrupt") } ?? false, damaged)
            XCTAssertEqual(rebuilt?.report.indexedFiles, 4)
            XCTAssertEqual(rebuilt?.report.computed, 0, "the entries themselves are whole")
            XCTAssertEqual(rebuilt?.report.cached, first.report.positions)
            XCTAssertEqual(rebuilt?.output, first.output)
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text, "the index was written again")
            XCTAssertEqual(build(site)?.report.indexedFiles, 5)
        }
        XCTAssertEqual(HintCache.forSite(site.root).statistics().corrupt, [], "index entries are not hint entries")
        XCTAssertEqual(store.statistics().entries, 5)
    }

    func testAnIndexIsCheckedWithXXH64AndAChangeThatStillReadsIsRefused() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        let store = indexes(site)
        // An index holding hints (the unanalysable file's holds none).
        let digest = try XCTUnwrap(store.digests().first { digest in
            (try? String(contentsOf: store.url(for: digest), encoding: .utf8))?.contains("\nwinrate 0.") ?? false
        })
        let url = store.url(for: digest)
        let text = try String(contentsOf: url, encoding: .utf8)
        let body = try XCTUnwrap(text.firstIndex(of: "\n").map { text[text.index(after: $0)...] })
        XCTAssertEqual(String(text.prefix(while: { $0 != "\n" })), "hoshi-hint-cache 1 xxh64-" + XXHash64.hexDigest(Array(body.utf8)))
        // One digit of a win rate: the index still reads, only its checksum tells.
        let winRate = try XCTUnwrap(text.range(of: "\nwinrate 0."))
        let digit = text.index(winRate.upperBound, offsetBy: 3)
        var changed = text
        changed.replaceSubrange(digit...digit, with: text[digit] == "7" ? "8" : "7")
        let indexText = try XCTUnwrap(changed.range(of: "\n---\n")).upperBound
        XCTAssertNotNil(HintIndex(storedText: String(changed[indexText...])), "the changed text still reads as an index")
        try changed.write(to: url, atomically: true, encoding: .utf8)
        let rebuilt = build(site)
        XCTAssertTrue(rebuilt?.diagnostics.contains { $0.message.contains("hint index entry \(digest) is corrupt (checksum mismatch") } ?? false)
        XCTAssertEqual(rebuilt?.report.indexedFiles, 4)
        XCTAssertEqual(rebuilt?.output, first.output)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text, "the index was written again")
    }

    func testAChangedGameOrChangedSettingsMissTheIndex() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard let first = build(site) else { return }

        // One more move in one file: that file alone is planned, and gets one new position.
        try site.write("content/games/b.sgf", "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black B]PW[White B];B[ee];W[cc];B[cg];W[gg];B[fc];W[gc])")
        let edited = build(site)
        XCTAssertEqual(edited?.report.indexedFiles, 4)
        XCTAssertEqual(edited?.report.computed, 1)
        XCTAssertEqual(edited?.report.positions, first.report.positions + 1)
        assertSame(build(site), perPositionBuild(site), "after an edit")

        // Other settings ask other questions: no file's index answers them.
        for settings in [Self.settings(candidates: 3), Self.settings(nodes: "all")] {
            try site.write("hoshi.yml", settings)
            let changed = build(site)
            XCTAssertEqual(changed?.report.indexedFiles, 0, settings)
            XCTAssertEqual(build(site)?.report.indexedFiles, 5, settings)
            assertSame(build(site), perPositionBuild(site), settings)
        }
        // Back to the first settings (whose indexes the per-position builds removed): all from the cache.
        try site.write("hoshi.yml", Self.settings())
        XCTAssertEqual(build(site)?.report.computed, 0)
        XCTAssertEqual(build(site)?.report.indexedFiles, 5)
    }

    /// Under `prefer: file` the analysis a file stores keeps the engine from those positions; under the other
    /// preferences the engine is asked there too. The plan differs, so the index must: one written under
    /// `file` would leave those positions without the engine's hints.
    func testAnotherPreferenceMissesTheIndex() throws {
        var files = Self.files
        files["content/games/sabaki.sgf"] = "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee]SBKV[48.0];W[cc];B[gg]SBKV[55.5];W[gc])"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        guard let first = build(site) else { return }
        for preference in ["engine", "engine_only"] {
            try site.write("hoshi.yml", Self.settings() + "  prefer: \(preference)\n")
            let changed = build(site)
            XCTAssertEqual(changed?.report.indexedFiles, 0, preference)
            XCTAssertGreaterThan(changed?.report.positions ?? 0, first.report.positions, "the stored analysis' positions are asked too")
            assertSame(build(site), perPositionBuild(site), preference)
        }
    }

    func testConcurrentBuildsLeaveWholeIndexesAndMergeLeavesThemBehind() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let root = site.root
        XCTAssertEqual(site.buildConcurrently(), [true, true])
        let store = indexes(site)
        XCTAssertEqual(store.statistics().corrupt, [])
        XCTAssertEqual(store.temporaryFiles(), [])
        XCTAssertEqual(HintCache.forSite(root).statistics().corrupt, [])
        // Both builds wrote equal entries and equal indexes, each renamed into place whole.
        guard let settled = build(site) else { return }
        XCTAssertEqual(settled.report.computed, 0)
        XCTAssertEqual(build(site)?.report.indexedFiles, 5)
        assertSame(build(site), perPositionBuild(site), "after concurrent builds")

        // A merge copies hint entries, never indexes; the receiving site derives its own.
        let receiver = try SiteFixture(files: Self.files)
        defer { receiver.remove() }
        let merged = try HintCache.forSite(receiver.root).merge(from: HintCache.locate(root))
        XCTAssertEqual(merged.corrupt, [])
        XCTAssertEqual(merged.added, settled.report.positions)
        XCTAssertEqual(indexes(receiver).digests(), [])
        let afterMerge = build(receiver)
        XCTAssertEqual(afterMerge?.report.computed, 0)
        XCTAssertEqual(afterMerge?.report.indexedFiles, 0)
        XCTAssertEqual(build(receiver)?.report.indexedFiles, 5)
    }

    func testAnIndexReadsBackAsWrittenAndAnyDamageToItsTextIsRefused() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard build(site) != nil else { return }
        let index = try XCTUnwrap(indexOfFile("content/games/pair.sgf", in: site))
        XCTAssertEqual(HintIndex(storedText: index.storedText), index)
        XCTAssertEqual(Set(index.positions.compactMap(\.gameNumber)), [1, 2])
        XCTAssertEqual(index.positions.count, 7, "3 positions of the first game, 4 of the second")
        let text = index.storedText
        for cut in [1, 20, text.utf8.count / 2, text.utf8.count - 1] {
            XCTAssertNil(HintIndex(storedText: String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)), "cut after \(cut) bytes")
        }
        XCTAssertNil(HintIndex(storedText: text + "more\n"))
        XCTAssertNil(HintIndex(storedText: text.replacingOccurrences(of: "answers ", with: "answers 9")))
        // As a build reads it, its hints left where they lie in the entry file's bytes: the same hints, in order.
        let key = try XCTUnwrap(indexKeyOfFile("content/games/pair.sgf", in: site))
        guard case .hit(let stored) = AnswerCache<HintIndexKey, StoredHintIndex>(directory: indexes(site).directory).lookup(key) else {
            return XCTFail("the index is not read as a build reads it")
        }
        XCTAssertEqual(stored.found.map(\.hint), index.positions.map { index.answers[$0.answer].hint })
        XCTAssertEqual(stored.found.map(\.node), index.positions.map(\.node))
    }

    /// A file's hints are read from its index again when a page asks for them: the same hints under the same
    /// index when it is unchanged; another index written under the same key since gives its own hints under its
    /// own checksum; a removed or damaged one gives none and a warning naming it.
    func testAFilesHintsAreReadAgainFromItsIndexAndAChangeSinceIsNoticed() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        guard build(site) != nil else { return }
        let key = try XCTUnwrap(indexKeyOfFile("content/games/pair.sgf", in: site))
        let cache = AnswerCache<HintIndexKey, StoredHintIndex>(directory: indexes(site).directory)
        let (lookup, checksum) = cache.lookupWithChecksum(key)
        guard case .hit = lookup, let checksum else { return XCTFail("pair.sgf is not indexed") }
        let identity = HintIndex.Identity(keyDigest: key.digest, checksum: checksum)
        let hints = HintResults.FileHints(index: key, in: cache, identity: identity)
        func found(in index: HintIndex) -> [HintResults.Found] {
            index.positions.map { HintResults.Found(gameNumber: $0.gameNumber, node: $0.node, toMove: $0.toMove, hint: index.answers[$0.answer].hint) }
        }
        var index = try XCTUnwrap(indexOfFile("content/games/pair.sgf", in: site))
        let unchanged = hints.read()
        XCTAssertEqual(unchanged.found, found(in: index))
        XCTAssertEqual(unchanged.identity, identity)
        XCTAssertEqual(unchanged.diagnostics, [])

        index.answers[0].hint.winRate = index.answers[0].hint.winRate > 0.5 ? 0.125 : 0.875
        try indexes(site).store(index, for: key)
        let rewritten = hints.read()
        XCTAssertEqual(rewritten.found, found(in: index), "the new index's hints")
        XCTAssertNotEqual(rewritten.found, unchanged.found)
        XCTAssertNotEqual(rewritten.identity, identity)
        XCTAssertEqual(rewritten.identity?.keyDigest, key.digest)

        let url = indexes(site).url(for: key.digest)
        try Data("hoshi-hint-cache 1 damaged\n".utf8).write(to: url)
        let damaged = hints.read()
        XCTAssertEqual(damaged.found, [])
        XCTAssertNil(damaged.identity)
        XCTAssertEqual(damaged.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(damaged.diagnostics.first?.location?.path, url.path)
        try FileManager.default.removeItem(at: url)
        let removed = hints.read()
        XCTAssertEqual(removed.found, [])
        XCTAssertNil(removed.identity)
        XCTAssertTrue(removed.diagnostics.first?.message.contains("removed") ?? false, "\(removed.diagnostics)")
    }

    /// The stored index of the file at `path` (below the site), under the site's settings.
    private func indexOfFile(_ path: String, in site: SiteFixture) -> HintIndex? {
        guard let key = indexKeyOfFile(path, in: site), case .hit(let index) = indexes(site).lookup(key) else { return nil }
        return index
    }

    /// The key of the index of the file at `path` (below the site), under the site's settings.
    private func indexKeyOfFile(_ path: String, in site: SiteFixture) -> HintIndexKey? {
        let text = (try? String(contentsOf: site.root.appending(path: "hoshi.yml"), encoding: .utf8)) ?? ""
        guard let settings = SiteConfiguration.parse(text, path: "hoshi.yml").0[.hints].settings(for: String(path.dropFirst("content/".count))),
              let bytes = FileManager.default.contents(atPath: site.root.appending(path: path).path) else { return nil }
        return HintIndexKey(fileBytes: bytes, settings: settings)
    }
}
