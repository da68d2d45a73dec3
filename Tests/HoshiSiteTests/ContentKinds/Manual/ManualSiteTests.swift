import Foundation
import XCTest
@testable import HoshiSite
import HoshiTestSupport

/// The real Little Go MANUAL and ChangeLog built as a site, checked against figures read off the files by
/// hand (see shared/corpus/README.md): 2 groups, 22 sections after the dropped table of contents, 144
/// subsections.
final class ManualSiteTests: XCTestCase {
    private func corpusFile(_ name: String) throws -> URL {
        let url = try TestPaths.requireCorpus("littlego/\(name)")
        return url
    }

    func testRealManualBuildsIntoGroupsSectionsAndAnchoredSubsections() throws {
        let manual = try String(contentsOf: try corpusFile("MANUAL"), encoding: .utf8)
        let changeLog = try String(contentsOf: try corpusFile("ChangeLog"), encoding: .utf8)
        let site = try SiteFixture(files: [
            "hoshi.yml": "title: Little Go\n",
            "content/MANUAL": manual,
            "content/ChangeLog": changeLog,
            "content/index.md": "# Help\n\nRead the [manual](MANUAL) or the [changes](ChangeLog).\n",
        ])
        defer { site.remove() }
        let result = site.build()
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(result.log.errorCount, 0)

        let files = site.outputSnapshot().keys
        let sectionPages = files.filter { $0.hasPrefix("/manual/") && $0.hasSuffix(".html") && $0 != "/manual/index.html" }
        XCTAssertEqual(sectionPages.count, 22)
        var anchors = 0
        for page in sectionPages {
            let html = try site.read(String(page.dropFirst()))
            anchors += html.components(separatedBy: "<section class=\"manual-subsection\"").count - 1
        }
        XCTAssertEqual(anchors, 144)

        let contents = try site.read("manual/index.html")
        XCTAssertTrue(contents.contains(#"<h2 id="quick-help">Quick Help</h2>"#))
        XCTAssertTrue(contents.contains(##"<a href="#quick-help">Quick Help</a>"##), "groups are in the on-page table of contents")
        XCTAssertTrue(contents.contains(#"<h2 id="the-manual">The Manual</h2>"#))
        XCTAssertFalse(contents.contains(">Table of Contents<"), "the app drops its table of contents section")
        XCTAssertTrue(try site.read("index.html").contains(#"<a href="manual/index.html">manual</a>"#))
        XCTAssertTrue(files.contains("/changelog/index.html"))
    }
}
