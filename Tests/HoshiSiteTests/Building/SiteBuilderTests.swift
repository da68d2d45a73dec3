import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite
import HoshiTestSupport

final class SiteBuilderTests: XCTestCase {
    func testBuildsPagesAtTheirOutputPathsWithRelativeLinks() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        let result = site.build()
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        let home = try site.read("index.html")
        XCTAssertTrue(home.contains(#"<a href="docs/guide.html#install">guide</a>"#), home)
        let guide = try site.read("docs/guide.html")
        XCTAssertTrue(guide.contains(#"<a href="../index.html">home</a>"#))
        XCTAssertTrue(guide.contains(#"<h2 id="install">Install</h2>"#))
        XCTAssertTrue(guide.contains(#"href="../assets/hoshi."#), "stylesheet is linked relatively")
        XCTAssertEqual(try site.read("docs/picture.txt"), "not an image\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "404.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appending(path: "sitemap.xml").path),
                       "no sitemap without base_url")
    }

    func testEveryInternalURLIsRelative() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        for (path, data) in site.outputSnapshot() where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(html.contains("href=\"/"), "\(path) has a root-relative href")
            XCTAssertFalse(html.contains("src=\"/"), "\(path) has a root-relative src")
        }
    }

    func testBrokenLinkFailsAtItsLineAndLeavesThePreviousOutput() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        let before = site.outputSnapshot()
        try site.write("content/docs/guide.md", "## Install\n\nFirst line.\n\nSee [the missing page](missing.html).\n")
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.map(\.description), [
            "content/docs/guide.md:5:5: error: broken link 'missing.html': the site has no file docs/missing.html",
        ])
        XCTAssertEqual(site.outputSnapshot(), before, "a failed build must not touch the previous output")
    }

    func testBrokenAnchorIsReportedWithSuggestion() throws {
        var files = SiteFixture.minimal
        files["content/index.md"] = "# Home\n\nSee [install](docs/guide.md#instal).\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.map(\.description), [
            "content/index.md:3:5: error: broken link 'docs/guide.html#instal': docs/guide.html has no element with id 'instal'; did you mean '#install'?",
        ])
    }

    func testLinkToMissingMarkdownFileIsAnError() throws {
        var files = SiteFixture.minimal
        files["content/index.md"] = "Intro\n\n[Gone](gone.md)\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let result = site.build()
        XCTAssertEqual(result.log.diagnostics.map(\.description), [
            "content/index.md:3:1: error: link to 'gone.md' does not match any Markdown page of the site",
        ])
    }

    func testTemplateSyntaxErrorIsReportedAtItsLineAndColumn() throws {
        var files = SiteFixture.minimal
        files["templates/partials/footer.mustache"] = "<footer>\n<p>{{site.title}</p>\n</footer>\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        let diagnostics = result.log.diagnostics
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.location?.path, "templates/partials/footer.mustache")
        XCTAssertEqual(diagnostics.first?.location?.line, 2)
        XCTAssertEqual(diagnostics.first?.severity, .error)
    }

    func testTemplateOverrideReplacesOnlyThatFile() throws {
        var files = SiteFixture.minimal
        files["templates/partials/footer.mustache"] = "<footer id=\"hoshi-footer\">Custom {{site.title}}</footer>\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        let home = try site.read("index.html")
        XCTAssertTrue(home.contains("Custom Test Site"))
        XCTAssertTrue(home.contains("id=\"hoshi-navigation\""), "the default navigation partial is still used")
    }

    func testMalformedFrontMatterIsReportedAtTheFileLine() throws {
        var files = SiteFixture.minimal
        // Line 3 of the file holds the bad YAML (an unclosed flow sequence).
        files["content/docs/guide.md"] = "---\ntitle: Guide\ntags: [one, two\n---\nBody\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        let diagnostic = try XCTUnwrap(result.log.diagnostics.first)
        XCTAssertEqual(diagnostic.location?.path, "content/docs/guide.md")
        XCTAssertEqual(diagnostic.severity, .error)
        XCTAssertTrue(diagnostic.message.hasPrefix("invalid YAML"), diagnostic.message)
        let line = try XCTUnwrap(diagnostic.location?.line)
        XCTAssertTrue((3...4).contains(line), "reported at line \(line), the flow sequence is on line 3 and ends at 4")
    }

    func testUnknownConfigurationKeyWarnsWithLineAndStrictMakesItAnError() throws {
        var files = SiteFixture.minimal
        files["hoshi.yml"] = "title: Test\ndescriptoin: typo\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let relaxed = site.build()
        XCTAssertTrue(relaxed.succeeded)
        XCTAssertEqual(relaxed.log.diagnostics.map(\.description), [
            "hoshi.yml:2:1: warning: unknown key 'descriptoin' in hoshi.yml is ignored; did you mean 'description'?",
        ])
        let strict = site.build(strict: true)
        XCTAssertFalse(strict.succeeded)
        XCTAssertEqual(strict.log.diagnostics.first?.severity, .error)
    }

    func testHostileFrontMatterIsEscaped() throws {
        var files = SiteFixture.minimal
        files["content/docs/guide.md"] = "---\ntitle: \"<script>alert(1)</script>\"\ndescription: '\" onmouseover=\"x'\n---\n## Install\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        let guide = try site.read("docs/guide.html")
        XCTAssertFalse(guide.contains("<script>alert(1)</script>"))
        XCTAssertTrue(guide.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(guide.contains("\" onmouseover=\"x"))
    }

    func testSymlinkOutsideTheSiteIsRefused() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.root.appending(path: "content/passwd").path,
                                                   withDestinationPath: "/etc/passwd")
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.map(\.description), [
            "content/passwd: error: symbolic link points outside the site folder (to /etc/passwd); copy the file in instead, "
                + "or publish it with a mount in hoshi.yml",
        ])
    }

    func testDraftsAreNotPublished() throws {
        var files = SiteFixture.minimal
        files["content/docs/secret.md"] = "---\ndraft: true\n---\nNot yet.\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appending(path: "docs/secret.html").path))
    }

    func testSitemapListsAbsoluteURLsWhenBaseURLIsSet() throws {
        var files = SiteFixture.minimal
        files["hoshi.yml"] = "title: T\nbase_url: https://example.org/help/\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        let sitemap = try site.read("sitemap.xml")
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/help/docs/guide.html</loc>"), sitemap)
        XCTAssertTrue(try site.read("docs/guide.html").contains(#"<link rel="canonical" href="https://example.org/help/docs/guide.html">"#))
    }

    func testReportListsEveryPhaseInTheOrderTheyRan() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: site.output),
                                  log: DiagnosticLog(treatsWarningsAsErrors: false))
        let report = try XCTUnwrap(builder.build())
        XCTAssertEqual(report.phases.map(\.name), ["configuration", "discovery", "claim", "theme", "templates", "hints", "solver", "word analyses",
                                                   "read", "search index", "render", "links", "write"])
        XCTAssertEqual(report.totalSeconds, report.phases.map(\.seconds).reduce(0, +))
    }

    func testTheNotFoundPageIsInNeitherTheSearchIndexNorTheSitemapButTheGeneratedHomeIsInBoth() throws {
        var files = SiteFixture.minimal
        files["hoshi.yml"] = "title: T\nbase_url: https://example.org/help/\n"
        files["content/index.md"] = nil
        files["content/docs/guide.md"] = "---\ntitle: Guide\n---\n## Install\n\nText.\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "404.html").path))
        let sitemap = try site.read("sitemap.xml")
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/help/index.html</loc>"), sitemap)
        XCTAssertFalse(sitemap.contains("404"), sitemap)
        let index = try site.read(SearchIndex.assetPath)
        XCTAssertTrue(index.contains("index.html"), "the generated home page is searchable")
        XCTAssertFalse(index.contains("404.html"), index)
    }

    func testRefusesToReplaceAFolderHoshiDidNotWrite() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        try site.write("site/precious.txt", "keep me")
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(try site.read("precious.txt"), "keep me")
    }

    func testOutputCollisionNamesBothSources() throws {
        var files = SiteFixture.minimal
        files["content/docs/guide.html"] = "<p>hand written</p>"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.map(\.message), [
            "content/docs/guide.html and content/docs/guide.md would all be written to docs/guide.html; rename one of them",
        ])
    }

    func testStarterSiteBuildsCleanly() throws {
        let site = try SiteFixture(files: [:])
        defer { site.remove() }
        try StarterSite.write(into: site.root)
        let result = site.build(strict: true)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertThrowsError(try StarterSite.write(into: site.root), "init never overwrites")
    }
}
