import XCTest
@testable import HoshiSite

final class LinkCheckerTests: XCTestCase {
    private func problems(_ html: String, at path: String = "docs/page.html", files: Set<String>) -> [String] {
        let document = LinkChecker.Document(outputPath: path, html: Array(html.utf8), sourcePath: "content/x.md", sourceLinks: [])
        let target = LinkChecker.Document(outputPath: "docs/other.html", html: Array(#"<h2 id="a">A</h2>"#.utf8),
                                          sourcePath: "content/other.md", sourceLinks: [])
        return LinkChecker().check([document, target], files: files.union([path, "docs/other.html"])).map(\.message)
    }

    func testValidLinksPass() {
        let html = ##"<a href="other.html#a">x</a><a href='#top' id=top>t</a><img src="../img/a%20b.png"><a href="https://x.org/y">e</a><a href="mailto:a@b.c">m</a>"##
        XCTAssertEqual(problems(html, files: ["img/a b.png"]), [])
    }

    func testReportsMissingFilesAnchorsAbsoluteAndFolderLinks() {
        let html = ##"<a href="nope.html">1</a><a href="other.html#b">2</a><a href="/docs/other.html">3</a><a href="../docs/">4</a><a href="#missing">5</a>"##
        XCTAssertEqual(problems(html, files: ["docs/index.html"]), [
            "broken link 'nope.html': the site has no file docs/nope.html",
            "broken link 'other.html#b': docs/other.html has no element with id 'b'; did you mean '#a'?",
            "link '/docs/other.html' is absolute, which breaks when the site is opened from a sub-path or file://; write it relative to this page",
            "link '../docs/' points to a folder, which does not open from file://; link to 'index.html' instead",
            "broken link '#missing': docs/page.html has no element with id 'missing'",
        ])
    }

    func testIgnoresScriptTextAndComments() {
        let html = #"<script>var s = '<a href="nowhere.html">';</script><!-- <a href="gone.html"> --><p>ok</p>"#
        XCTAssertEqual(problems(html, files: []), [])
    }
}
