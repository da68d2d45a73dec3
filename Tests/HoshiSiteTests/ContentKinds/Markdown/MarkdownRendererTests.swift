import XCTest
@testable import HoshiSite

final class MarkdownRendererTests: XCTestCase {
    private func render(_ markdown: String) -> MarkdownDocument {
        MarkdownRenderer().render(Substring(markdown), path: "test.md", lineOffset: 0) { path, fragment in
            path == "other.md" ? "other.html" + (fragment.map { "#\($0)" } ?? "") : nil
        }
    }

    func testGitHubExtensionsAreEnabled() {
        let html = render("| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ www.example.org\n\n- [x] done\n\nNote[^1].\n\n[^1]: The note.\n").html
        XCTAssertTrue(html.contains("<table>"))
        XCTAssertTrue(html.contains("<del>gone</del>"))
        XCTAssertTrue(html.contains(#"<a href="http://www.example.org">www.example.org</a>"#))
        XCTAssertTrue(html.contains(#"type="checkbox" checked="" disabled="""#))
        XCTAssertTrue(html.contains("footnote"))
    }

    func testTagFilterDisarmsScript() {
        let html = render("<script>alert(1)</script>\n").html
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertTrue(html.contains("&lt;script>"))
    }

    func testHeadingsGetUniqueIdsAndPlainTitles() {
        let document = render("# Title\n\n## Set *up*\n\n## Set up\n\n### `code` here\n")
        XCTAssertEqual(document.headings.map(\.id), ["title", "set-up", "set-up-2", "code-here"])
        XCTAssertEqual(document.headings.map(\.title), ["Title", "Set up", "Set up", "code here"])
        XCTAssertEqual(document.headings.map(\.line), [1, 3, 5, 7])
        XCTAssertTrue(document.html.contains(#"<h2 id="set-up">Set <em>up</em></h2>"#), document.html)
    }

    func testHeadingTitlesLoseSpaceSeparatorsAtTheirEnds() {
        // cmark strips ASCII spaces; other Unicode spaces (no-break, ideographic) are trimmed from titles.
        let document = render("## \u{00A0}Seki\u{3000}\n\n## Ko\u{00A0}fight\n")
        XCTAssertEqual(document.headings.map(\.title), ["Seki", "Ko\u{00A0}fight"])
    }

    func testMarkdownLinksAreRewrittenAndRecorded() {
        let document = render("Line one\n\n[x](other.md#part) and [y](https://example.org/a.md) and [z](missing.md)\n")
        XCTAssertTrue(document.html.contains(#"<a href="other.html#part">x</a>"#))
        XCTAssertTrue(document.html.contains(#"<a href="https://example.org/a.md">y</a>"#))
        XCTAssertEqual(document.links.map(\.url), ["other.html#part", "https://example.org/a.md", "missing.md"])
        XCTAssertEqual(document.diagnostics.map(\.description),
                       ["test.md:3:58: error: link to 'missing.md' does not match any Markdown page of the site"])
    }
}
