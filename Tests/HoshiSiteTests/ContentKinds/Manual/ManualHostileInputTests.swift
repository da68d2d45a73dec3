import HoshiCore
import Testing
@testable import HoshiSite

/// `Fixtures/hostile.manual`: script, event handlers, `javascript:` links, broken lists, an empty subsection
/// and an unclosed element, with no newline at the end. Every expected value below was worked out by hand
/// from the format rules; columns were counted in the fixture (UTF-8 bytes, 1-based).
@Suite struct ManualHostileInputTests {
    static let allowed = "(allowed elements: a b br code em i li ol p pre span strong sub sup ul)"

    let document: ManualDocument
    let diagnostics: [String]

    init() throws {
        let text = try ManualTestFiles.fixtureText("hostile.manual")
        let (document, diagnostics) = ManualReader.read(text: text, path: "hostile.manual")
        self.document = document
        self.diagnostics = diagnostics.map(\.description)
    }

    @Test func reportsEveryProblemAtItsPlace() {
        let allowed = Self.allowed
        let expected = [
            "hostile.manual:7:12: warning: HTML element <script> is not allowed and is shown as text; write &lt;script&gt; if you meant the text \(allowed)",
            "hostile.manual:7:30: warning: HTML element </script> is not allowed and is shown as text; write &lt;/script&gt; if you meant the text \(allowed)",
            "hostile.manual:8:1: warning: HTML element <img> is not allowed and is shown as text; write &lt;img&gt; if you meant the text \(allowed)",
            "hostile.manual:9:6: warning: link target \"javascript:alert(1)\" removed; only http, https, mailto and relative links are allowed",
            "hostile.manual:9:81: warning: attribute \"onclick\" on <a> removed; only href on <a> is allowed",
            "hostile.manual:16:1: warning: numbered item in a bullet list; Little Go would show it as a bullet item; end the bullet list with a blank line first",
            "hostile.manual:19:6: warning: list item indented 5 spaces makes Little Go crash; a list nested in a bullet item is indented 4 spaces",
            "hostile.manual:21:4: warning: line indented 3 spaces inside a list makes Little Go crash; indent it 2 spaces to continue the item, or end the list with a blank line",
            "hostile.manual:22:1: warning: line indented 0 spaces inside a list makes Little Go crash; indent it 2 spaces to continue the item, or end the list with a blank line",
            "hostile.manual:26:3: warning: bullet list nested in a numbered list can make Little Go crash; nest only numbered lists in numbered lists",
            "hostile.manual:27:1: warning: numbered list item written '2.'; Little Go only recognizes '1.' (it numbers the items itself); write '1.'",
            "hostile.manual:32:1: warning: subsection \"Empty\" is empty, so Little Go would skip this '===' line and show \"Swallowed title\" as text; write text under \"Empty\" or remove it",
            "hostile.manual:42:1: warning: <em> is not closed; closed at the end of the block",
            "hostile.manual:42:14: warning: <span> is not closed; closed at the end of the block",
            "hostile.manual:42:20: warning: attribute \"style\" on <span> removed; only href on <a> is allowed",
        ]
        #expect(diagnostics == expected)
    }

    @Test func titlesArePlainTextAndEscaped() throws {
        let group = try #require(document.groups.first)
        #expect(document.groups.count == 1)
        #expect(group.title == "Hostile <script>alert(1)</script> group")
        #expect(group.titleHTML == "Hostile &lt;script&gt;alert(1)&lt;/script&gt; group")
        let section = try #require(group.sections.first)
        #expect(group.sections.count == 1)
        #expect(section.title == "Section <b>bold</b> & title")
        #expect(section.titleHTML == "Section &lt;b&gt;bold&lt;/b&gt; &amp; title")
        #expect(section.slug == "section-b-bold-b-title")
        #expect(section.line == 5)
    }

    @Test func scriptAndHandlersAreShownAsTextAndUnsafeLinksLoseTheirTarget() throws {
        let section = try #require(document.sections.first)
        let expected = "<p>Intro with &lt;script&gt;alert(\"x\")&lt;/script&gt; inside. &lt;img src=x onerror=alert(1)&gt; "
            + "A <a>bad link</a> and <a href=\"https://example.org/\">good link</a>. "
            + "Bare &amp; ampersand, valid &amp; &eacute; &#233; &#x1F600; and invalid &amp;bogus; &amp;#0;.</p>"
        #expect(section.introductionHTML == expected)
        #expect(!section.introductionHTML.contains("<script"))
        #expect(!section.introductionHTML.contains("<img"))
        #expect(!section.introductionHTML.contains("javascript:alert(1)\""))
    }

    @Test func brokenListsRenderAsTheAuthorMeant() throws {
        let section = try #require(document.sections.first)
        #expect(section.subsections.map(\.title) == ["Lists", "Empty", "Swallowed title"])
        let lists = section.subsections[0]
        let expected = "<ul><li>first</li></ul><ol><li>mixed numbered</li></ol>"
            + "<ul><li>back to bullets<ul><li>nested ok<ul><li>nested badly</li></ul></li></ul></li>"
            + "<li>outer continuation badly indented</li></ul><p>not indented at all</p>"
            + "<ol><li>one</li><li>two<ul><li>bullet nested in numbered</li></ul></li><li>second written as two</li></ol>"
        #expect(lists.html == expected)
        #expect(lists.line == 13)
    }

    @Test func emptySubsectionKeepsTheNextTitleAsATitle() throws {
        let section = try #require(document.sections.first)
        #expect(section.subsections.count == 3)
        #expect(section.subsections[1].html == "")
        #expect(section.subsections[2].line == 33)
        #expect(section.subsections[2].id == "swallowed-title")
    }

    @Test func preKeepsLinesAndUnclosedElementsAreClosed() throws {
        let section = try #require(document.sections.first)
        let expected = "<p>Text after the swallowed title, see <a href=\"http://example.org/path_(x)\">http://example.org/path_(x)</a>).</p>"
            + "<pre>\n  keep   spacing\n- not a list\n</pre>"
            + "<p><em>unclosed <span>emphasis</span></em></p>"
        #expect(section.subsections[2].html == expected)
    }
}
