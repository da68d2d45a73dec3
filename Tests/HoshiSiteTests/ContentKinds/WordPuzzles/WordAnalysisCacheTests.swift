import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// The word analysis cache: a build in a new process (a fresh builder and memory, the same `.hoshi-cache/`)
/// reads every length's analysis instead of analysing the list again, a change to the words or the budget
/// analyses what it reaches, and a damaged entry is analysed again, never served.
final class WordAnalysisCacheTests: XCTestCase {
    /// Words of 3 to 6 letters over a few letters, so that each length has families worth searching.
    private static let words: [String] = {
        var state: UInt64 = 2026
        var words: [String] = []
        for length in 3...6 {
            for _ in 0..<40 {
                words.append(String((0..<length).map { _ -> Character in
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    return Array("AEIOBDLNRST")[Int(state >> 33) % 11]
                }))
            }
        }
        return words
    }()

    private static func configuration(budget: Int = 5000, guesses: Int = 8) -> String {
        "title: T\nwords:\n  sets:\n    - path: words/list.txt\n      guesses: \(guesses)\n      analysis_budget: \(budget)\n"
    }

    private func makeSite(words: [String] = WordAnalysisCacheTests.words, configuration: String = WordAnalysisCacheTests.configuration()) throws -> SiteFixture {
        try SiteFixture(files: ["hoshi.yml": configuration, "content/words/list.txt": words.joined(separator: "\n") + "\n"])
    }

    /// A build by a builder of its own (no memory of earlier builds), as `hoshi build` in a new process.
    private func build(_ fixture: SiteFixture) -> (report: BuildReport?, log: DiagnosticLog) {
        Self.build(root: fixture.root, output: fixture.output)
    }

    private static func build(root: URL, output: URL) -> (report: BuildReport?, log: DiagnosticLog) {
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        return (SiteBuilder(options: BuildOptions(sourceDirectory: root, outputDirectory: output), log: log).build(), log)
    }

    private func wordNote(_ report: BuildReport?) -> String? {
        report?.notes.first { $0.hasPrefix("word analyses:") }
    }

    /// The analysis table's row of each length, computed here from the words alone.
    private func expectedRows(_ words: [String], budget: Int) -> [String] {
        let byLength = Dictionary(grouping: Set(words.map { $0.uppercased() }), by: \.count)
        return byLength.keys.sorted().map { length in
            let group = byLength[length, default: []].sorted()
            let analysis = HangmanAnalysis.analyse(group.map { Array($0.utf8) }, budget: budget)
            return "<tr data-length=\"\(length)\"><td>\(length)</td><td>\(group.count)</td><td>\(analysis.text)</td></tr>"
        }
    }

    private func cache(of fixture: SiteFixture) -> WordAnalysisCache {
        WordAnalysisCache.beside(HintCache.forSite(fixture.root))
    }

    func testASecondBuildInANewProcessReadsEveryAnalysisFromTheCache() throws {
        let fixture = try makeSite()
        defer { fixture.remove() }
        let first = build(fixture)
        XCTAssertNotNil(first.report, first.log.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(wordNote(first.report), "word analyses: 4 lengths, 0 from the cache, 4 analysed now")
        let page = try fixture.read("words/list/index.html")
        for row in expectedRows(Self.words, budget: 5000) { XCTAssertTrue(page.contains(row), row) }
        let store = try XCTUnwrap(EngineCaches.forSite(fixture.root).statistics().first { $0.name == "word analyses" })
        XCTAssertEqual(store.statistics.entries, 4)
        XCTAssertEqual(store.statistics.corrupt, [])

        let second = build(fixture)
        XCTAssertEqual(wordNote(second.report), "word analyses: 4 lengths, 4 from the cache, 0 analysed now")
        XCTAssertEqual(try fixture.read("words/list/index.html"), page)

        // The page prints what the entry holds: a valid entry with another answer shows on the page, so the
        // build read the entry rather than analysing.
        let jobs = Self.jobs(Self.words, budget: 5000)
        try cache(of: fixture).store(HangmanAnalysis(minimumWrongGuesses: 9, isExact: false, upperBound: 12, work: 1), for: jobs[1].key)
        _ = build(fixture)
        XCTAssertTrue(try fixture.read("words/list/index.html").contains("<td>4</td><td>\(jobs[1].words.count)</td><td>at least 9, at most 12</td>"))
    }

    /// The jobs of a list as the reader plans them, lengths shortest first.
    private static func jobs(_ words: [String], budget: Int) -> [WordAnalysisJob] {
        let byLength = Dictionary(grouping: Set(words.map { $0.uppercased() }), by: \.count)
        return byLength.keys.sorted().map { WordAnalysisJob(words: byLength[$0, default: []].sorted(), length: $0, budget: budget) }
    }

    func testChangingTheWordsOrTheBudgetAnalysesAgainWhatTheyReachAndOtherSettingsNothing() throws {
        let fixture = try makeSite()
        defer { fixture.remove() }
        XCTAssertEqual(wordNote(build(fixture).report), "word analyses: 4 lengths, 0 from the cache, 4 analysed now")

        // One more five-letter word (of letters the list has not): that length is analysed again, the others are read.
        let longer = Self.words + ["CHUMP"]
        try fixture.write("content/words/list.txt", longer.joined(separator: "\n"))
        XCTAssertEqual(wordNote(build(fixture).report), "word analyses: 4 lengths, 3 from the cache, 1 analysed now")
        var page = try fixture.read("words/list/index.html")
        for row in expectedRows(longer, budget: 5000) { XCTAssertTrue(page.contains(row), row) }

        // The budget is an input of every length.
        try fixture.write("hoshi.yml", Self.configuration(budget: 200))
        XCTAssertEqual(wordNote(build(fixture).report), "word analyses: 4 lengths, 0 from the cache, 4 analysed now")
        page = try fixture.read("words/list/index.html")
        for row in expectedRows(longer, budget: 200) { XCTAssertTrue(page.contains(row), row) }

        // The number of guesses shapes the game, not the analysis.
        try fixture.write("hoshi.yml", Self.configuration(budget: 200, guesses: 5))
        XCTAssertEqual(wordNote(build(fixture).report), "word analyses: 4 lengths, 4 from the cache, 0 analysed now")
        XCTAssertTrue(try fixture.read("words/list/index.html").contains("data-default-guesses=\"5\""))

        // The entries of the earlier budget and list are no page's any more: prune removes them.
        let pruned = try XCTUnwrap(SiteBuilder(options: BuildOptions(sourceDirectory: fixture.root, outputDirectory: fixture.output),
                                               log: DiagnosticLog()).pruneEngineCaches())
        XCTAssertEqual(pruned.removed, 5, "4 lengths at the first budget, and the first list's five-letter words")
        XCTAssertEqual(Set(cache(of: fixture).digests()), Set(Self.jobs(longer, budget: 200).map(\.key.digest)))
    }

    func testADamagedEntryIsAnalysedAgainAndThePageEqualsAnUncachedBuild() throws {
        let fixture = try makeSite()
        defer { fixture.remove() }
        _ = build(fixture)
        let uncached = try fixture.read("words/list/index.html")
        let jobs = Self.jobs(Self.words, budget: 5000)
        let cache = cache(of: fixture)
        // Cut short; a valid checksum over an answer that does not read; another length's entry under this name.
        let entry = try Data(contentsOf: cache.url(for: jobs[0].key.digest))
        try entry.prefix(entry.count - 5).write(to: cache.url(for: jobs[0].key.digest))
        let body = jobs[1].key.text + "\n---\nminimum 2\nexact maybe\nupper -\nwork 10\n"
        try Data("hoshi-hint-cache 1 \(SHA256.hexDigest(body))\n\(body)".utf8).write(to: cache.url(for: jobs[1].key.digest))
        try FileManager.default.removeItem(at: cache.url(for: jobs[2].key.digest))
        try FileManager.default.copyItem(at: cache.url(for: jobs[3].key.digest), to: cache.url(for: jobs[2].key.digest))
        let damaged = try XCTUnwrap(EngineCaches.forSite(fixture.root).statistics().first { $0.name == "word analyses" })
        XCTAssertEqual(Set(damaged.statistics.corrupt), Set(jobs[0...2].map(\.key.digest)), "hoshi cache stats names them")

        let (report, log) = build(fixture)
        XCTAssertEqual(wordNote(report), "word analyses: 4 lengths, 1 from the cache, 3 analysed now, 3 corrupt entries replaced")
        for job in jobs[0...2] {
            XCTAssertTrue(log.diagnostics.contains { $0.severity == .warning && $0.message.contains("word analysis cache entry \(job.key.digest) is corrupt") },
                          log.diagnostics.map(\.description).joined(separator: "\n"))
        }
        XCTAssertEqual(try fixture.read("words/list/index.html"), uncached)
        XCTAssertEqual(EngineCaches.forSite(fixture.root).statistics().first { $0.name == "word analyses" }?.statistics.corrupt, [],
                       "the entries were written again")
        XCTAssertEqual(wordNote(build(fixture).report), "word analyses: 4 lengths, 4 from the cache, 0 analysed now")
    }

    func testTwoBuildsAtOnceIntoAnEmptyCacheLeaveWholeEntriesAndEqualPages() throws {
        let fixture = try makeSite()
        defer { fixture.remove() }
        let root = fixture.root
        let outputs = [root.appending(path: "site-a"), root.appending(path: "site-b")]
        DispatchQueue.concurrentPerform(iterations: 2) { index in _ = Self.build(root: root, output: outputs[index]) }
        let pages = try outputs.map { try String(contentsOf: $0.appending(path: "words/list/index.html"), encoding: .utf8) }
        XCTAssertEqual(pages[0], pages[1])
        for row in expectedRows(Self.words, budget: 5000) { XCTAssertTrue(pages[0].contains(row), row) }
        let store = try XCTUnwrap(EngineCaches.forSite(fixture.root).statistics().first { $0.name == "word analyses" })
        XCTAssertEqual(store.statistics.entries, 4)
        XCTAssertEqual(store.statistics.corrupt, [])
        XCTAssertEqual(store.statistics.temporaryFiles, 0)
    }

    func testAServeRebuildKeepsTheListItReadAndAnEditReadsItAgain() throws {
        let fixture = try makeSite()
        defer { fixture.remove() }
        let memory = BuildMemory()
        func rebuild() -> BuildReport? {
            SiteBuilder(options: BuildOptions(sourceDirectory: fixture.root, outputDirectory: fixture.output),
                        log: DiagnosticLog(treatsWarningsAsErrors: false), memory: memory).build()
        }
        XCTAssertEqual(wordNote(rebuild()), "word analyses: 4 lengths, 0 from the cache, 4 analysed now")
        XCTAssertEqual(memory.readStepRuns(WordSiteReader.listStep), 1, "read once for the engine work and the page")
        XCTAssertEqual(wordNote(rebuild()), "word analyses: 4 lengths, 4 from the cache, 0 analysed now")
        XCTAssertEqual(memory.readStepRuns(WordSiteReader.listStep), 0, "the list is unchanged")
        try fixture.write("content/words/list.txt", (Self.words + ["CHUMP"]).joined(separator: "\n"))
        XCTAssertEqual(wordNote(rebuild()), "word analyses: 4 lengths, 3 from the cache, 1 analysed now")
        XCTAssertEqual(memory.readStepRuns(WordSiteReader.listStep), 1)
        XCTAssertTrue(try fixture.read("words/list/index.html").contains("<td>5</td><td>\(Self.jobs(Self.words + ["CHUMP"], budget: 5000)[2].words.count)</td>"))
    }

    func testEntriesRoundTripAndKeysNameEveryInputOfTheAnalysis() throws {
        for analysis in [HangmanAnalysis(minimumWrongGuesses: 3, isExact: true, work: 120),
                         HangmanAnalysis(minimumWrongGuesses: 2, isExact: false, upperBound: 5, work: 300_001)] {
            XCTAssertEqual(HangmanAnalysis(storedText: analysis.storedText), analysis)
        }
        XCTAssertNil(HangmanAnalysis(storedText: "minimum 3\nexact true\nupper 4\nwork 1\n"), "an exact answer has no upper bound")
        XCTAssertNil(HangmanAnalysis(storedText: "minimum 3\nexact true\nupper -\n"))
        let key = WordAnalysisKey(words: ["ABC", "ABD"], length: 3, budget: 10)
        XCTAssertTrue(key.text.contains("analysis=\(HangmanAnalysis.version)"))
        let others = [WordAnalysisKey(words: ["ABC", "ABE"], length: 3, budget: 10), WordAnalysisKey(words: ["ABC", "ABD"], length: 3, budget: 11),
                      WordAnalysisKey(words: ["ABC"], length: 3, budget: 10)]
        XCTAssertEqual(Set(([key] + others).map(\.digest)).count, 4)
    }
}
