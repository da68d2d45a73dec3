import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite

/// Builds with a `BuildMemory` (as `hoshi serve` does) against clean builds of the same sources, and what
/// each kind of edit makes a rebuild redo.
final class BuildMemoryTests: XCTestCase {
    private static let files: [String: String] = SiteFixture.minimal.merging([
        "content/docs/first.md": "---\ntitle: First\norder: 2\n---\nThe first page.\n\n## Setup\n\nText.\n",
        "content/docs/second.md": "---\ntitle: Second\norder: 3\n---\nSee [setup](first.md#setup).\n",
        "content/other/index.md": "---\ntitle: Other\norder: 2\n---\nA second folder.\n",
        "content/other/page.md": "---\ntitle: Other page\n---\nText of another folder.\n",
    ]) { _, new in new }

    private struct Rebuild {
        var succeeded: Bool
        var log: DiagnosticLog
        var rendered: Int
        var changedPages: [String]
    }

    private func rebuild(_ site: SiteFixture, memory: BuildMemory) -> Rebuild {
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: site.output, isStrict: false),
                                  log: log, memory: memory)
        let succeeded = builder.build() != nil
        return Rebuild(succeeded: succeeded, log: log, rendered: memory.renderedPageCount, changedPages: memory.changedPages)
    }

    /// Every file below `folder` with its bytes.
    private func snapshot(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return result }
        for case let url as URL in enumerator {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            result[String(url.path.dropFirst(folder.path.count))] = isDirectory.boolValue ? Data("folder".utf8)
                : FileManager.default.contents(atPath: url.path)
        }
        return result
    }

    private func assertSameAsCleanBuild(_ site: SiteFixture, _ what: String, line: UInt = #line) {
        let clean = site.root.appending(path: "clean")
        try? FileManager.default.removeItem(at: clean)
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: clean, isStrict: false), log: log)
        XCTAssertNotNil(builder.build(), "\(what): clean build: \(log.diagnostics)", line: line)
        let expected = snapshot(clean)
        let actual = snapshot(site.output)
        XCTAssertEqual(Set(actual.keys), Set(expected.keys), what, line: line)
        for (path, data) in expected where actual[path] != data {
            XCTFail("\(what): \(path) differs from a clean build", line: line)
        }
    }

    func testEditsRedoOnlyWhatTheyReachAndGiveTheCleanBuild() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let memory = BuildMemory()
        let first = rebuild(site, memory: memory)
        XCTAssertTrue(first.succeeded, "\(first.log.diagnostics)")
        assertSameAsCleanBuild(site, "the first build")

        // Saving a file unchanged redoes nothing and changes no page.
        try site.write("content/docs/first.md", Self.files["content/docs/first.md"] ?? "")
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded)
        XCTAssertEqual(result.rendered, 0)
        XCTAssertEqual(result.changedPages, [])

        // A body edit renders and changes that page alone.
        try site.write("content/docs/first.md", "---\ntitle: First\norder: 2\n---\nThe edited page.\n\n## Setup\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertEqual(result.rendered, 1)
        XCTAssertEqual(result.changedPages, ["docs/first.html"])
        assertSameAsCleanBuild(site, "a body edit")

        // A title edit reaches the pages showing it (its folder's sidebars, its neighbours), not the other folder's page.
        try site.write("content/docs/first.md", "---\ntitle: Renamed\norder: 2\n---\nThe edited page.\n\n## Setup\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.changedPages.contains("docs/first.html"))
        XCTAssertTrue(result.changedPages.contains("docs/second.html"), "the next page links to it by title")
        XCTAssertFalse(result.changedPages.contains("other/page.html"), "a closed folder does not show it")
        assertSameAsCleanBuild(site, "a title edit")

        // Renaming the heading breaks the link to its anchor: the build fails and the output stays.
        let before = snapshot(site.output)
        try site.write("content/docs/first.md", "---\ntitle: Renamed\norder: 2\n---\nThe edited page.\n\n## Install\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertFalse(result.succeeded)
        XCTAssertTrue(result.log.diagnostics.contains { $0.description.contains("content/docs/second.md") && $0.description.contains("#setup") },
                      "\(result.log.diagnostics)")
        XCTAssertEqual(snapshot(site.output), before)

        // Following the link repairs it.
        try site.write("content/docs/second.md", "---\ntitle: Second\norder: 3\n---\nSee [install](first.md#install).\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "the link following the heading")

        // An added and a removed page.
        try site.write("content/other/added.md", "# Added\n\nNew.\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "an added page")
        try FileManager.default.removeItem(at: site.root.appending(path: "content/other/added.md"))
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.changedPages.contains("other/added.html"))
        assertSameAsCleanBuild(site, "a removed page")

        // A template renders every page again.
        try site.write("templates/partials/footer.mustache", "<footer>Edited footer</footer>\n")
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(result.rendered, snapshot(site.output).keys.filter { $0.hasSuffix(".html") }.count)
        assertSameAsCleanBuild(site, "a template")

        // A configuration edit starts from scratch.
        try site.write("hoshi.yml", "title: Another title\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "hoshi.yml")
    }
}
