import HoshiCore
import Testing
@testable import HoshiSite

/// The format rules one at a time, on small inputs written out in full. Diagnostics are compared as printed
/// (`test.manual:line:column: warning: message`).
@Suite struct ManualReaderFormatTests {
    // MARK: - Lines

    @Test func crlfLineEndingsAreIgnored() throws {
        let (document, diagnostics) = ManualReader.readForTest("***\r\nGroup\r\n***\r\n---\r\nSection\r\n---\r\nHello\r\nworld\r\n")
        #expect(diagnostics == [])
        let section = try #require(document.sections.first)
        #expect(document.groups.first?.title == "Group")
        #expect(section.title == "Section")
        #expect(section.introductionHTML == "<p>Hello world</p>")
    }

    @Test func byteOrderMarkIsIgnored() {
        let (document, diagnostics) = ManualReader.readForTest("\u{FEFF}***\nGroup\n***\n---\nSection\n---\ntext")
        #expect(diagnostics == [])
        #expect(document.groups.map(\.title) == ["Group"])
    }

    @Test func missingFinalNewlineStillEndsTheLastBlock() {
        let (document, diagnostics) = ManualReader.readForTest("---\nSection\n---\n- item <em>one")
        #expect(diagnostics == ["test.manual:4:8: warning: <em> is not closed; closed at the end of the block"])
        #expect(document.sections.first?.introductionHTML == "<ul><li>item <em>one</em></li></ul>")
    }

    @Test func emptyFileHasOneUntitledGroupAndNoSections() {
        let (document, diagnostics) = ManualReader.readForTest("")
        #expect(document.groups.count == 1)
        #expect(document.groups.first?.title == nil)
        #expect(document.groups.first?.sections == [])
        #expect(diagnostics == [
            "test.manual:1:1: warning: the file has no sections; start one with a '---' line, a title line and another '---' line",
        ])
    }

    @Test func textWithoutSectionsIsReportedWhereItStarts() {
        let (document, diagnostics) = ManualReader.readForTest("\n  Hello\n")
        #expect(document.sections == [])
        #expect(diagnostics == [
            "test.manual:2:3: warning: text outside any section is not shown; start a section with a '---' line, a title line and another '---' line",
        ])
    }

    // MARK: - Groups and sections

    @Test func linesBeforeTheFirstGroupBelongToItsFirstSection() throws {
        let text = """
            ---
            Table of Contents
            ---
            A  First
            ***
            First
            ***
            Preamble of the group.
            ---
            One
            ---
            Body of one.
            ***
            Second
            ***
            ---
            Two
            ---
            Body of two.
            """
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        #expect(document.groups.map(\.title) == ["First", "Second"])
        #expect(document.groups.map(\.line) == [6, 14])
        #expect(document.groups.map { $0.sections.map(\.title) } == [["One"], ["Two"]])
        // Little Go keeps the lines before a group's first "---" for its first section; the ToC section, closed
        // by "---" before "One", is dropped with them.
        #expect(document.sections.first?.introductionHTML == "<p>Body of one.</p>")
    }

    @Test func groupPreambleGoesIntoTheFirstSection() {
        let (document, _) = ManualReader.readForTest("***\nG\n***\nBefore.\n---\nS\n---\nAfter.\n")
        // No blank line between them: one paragraph, as in Little Go.
        #expect(document.sections.first?.introductionHTML == "<p>Before. After.</p>")
    }

    @Test func droppedTitlesAreKeptWhenLastInTheirGroup() {
        let text = "---\nPurpose of this document\n---\nwhy\n---\nReal\n---\ntext\n---\nTable of Contents\n---\nlast\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        #expect(document.sections.map(\.title) == ["Real", "Table of Contents"])
    }

    @Test func closingSeparatorsAreOptionalAndRepeatable() {
        let text = "***\nG\n---\nS\n-----\n-----\nBody.\n===\nSub\nSub body.\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        #expect(document.groups.map(\.title) == ["G"])
        #expect(document.sections.map(\.title) == ["S"])
        #expect(document.sections.first?.introductionHTML == "<p>Body.</p>")
        #expect(document.sections.first?.subsections.map(\.html) == ["<p>Sub body.</p>"])
    }

    @Test func emptyGroupAndEmptySectionDoNotSwallowTheNextTitle() {
        let text = "***\nA\n***\n***\nB\n***\n---\nS\n---\n---\nT\n---\ntext\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(document.groups.map(\.title) == ["A", "B"])
        #expect(document.groups.map { $0.sections.map(\.title) } == [[], ["S", "T"]])
        #expect(diagnostics == [
            "test.manual:2:1: warning: group \"A\" has no sections; add one with a '---' line, a title line and another '---' line",
            "test.manual:4:1: warning: group \"A\" is empty, so Little Go would skip this '***' line and show \"B\" as text; write text under \"A\" or remove it",
            "test.manual:10:1: warning: section \"S\" is empty, so Little Go would skip this '---' line and show \"T\" as text; write text under \"S\" or remove it",
        ])
    }

    @Test func blankSectionTitleIsReported() {
        let (document, diagnostics) = ManualReader.readForTest("---\n\n---\ntext\n")
        #expect(document.sections.map(\.title) == [""])
        #expect(document.sections.map(\.slug) == ["untitled"])
        #expect(diagnostics == ["test.manual:2:1: warning: section title is empty; write the title on the line after '---'"])
    }

    @Test func slugsAreUniqueInTheDocumentAndIDsInTheSection() {
        let text = "***\nG\n***\n---\nFAQ\n---\n===\nWhy?\n===\na\n===\nWhy!\n===\nb\n***\nH\n***\n---\nFAQ\n---\nc\n"
        let (document, _) = ManualReader.readForTest(text)
        #expect(document.sections.map(\.slug) == ["faq", "faq-2"])
        #expect(document.sections.first?.subsections.map(\.id) == ["why", "why-2"])
    }

    // MARK: - Subsections

    @Test func subsectionTitleIsTheNextNonBlankLineAndMayHoldHTML() throws {
        let text = "---\nS\n---\nIntro.\n===\n\n  Why <em>not</em> &amp; how?\n\n===\n\nBody.\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        let subsection = try #require(document.sections.first?.subsections.first)
        #expect(subsection.title == "Why not & how?")
        #expect(subsection.titleHTML == "Why <em>not</em> &amp; how?")
        #expect(subsection.id == "why-not-how")
        #expect(subsection.line == 7)
        #expect(subsection.html == "<p>Body.</p>")
        #expect(document.sections.first?.introductionHTML == "<p>Intro.</p>")
    }

    @Test func unsafeSubsectionTitleIsReportedAtItsColumn() throws {
        let (document, diagnostics) = ManualReader.readForTest("---\nS\n---\n===\n  Hi <a href=\"javascript:x\">there</a>\n===\n")
        #expect(document.sections.first?.subsections.first?.titleHTML == "Hi <a>there</a>")
        #expect(diagnostics == [
            "test.manual:5:9: warning: link target \"javascript:x\" removed; only http, https, mailto and relative links are allowed",
        ])
    }

    // MARK: - Paragraphs and lists

    @Test func blankLinesSeparateParagraphsAndCollapse() {
        let (document, _) = ManualReader.readForTest("---\nS\n---\n\n\none\n  two\n \n\nthree\n")
        #expect(document.sections.first?.introductionHTML == "<p>one two</p><p>three</p>")
    }

    @Test func nestedListsOfTheSameTypeAndOuterContinuations() {
        let text = """
            ---
            S
            ---
            Steps:
            1. first
               continued
               1. nested
                  continued nested
               back in first
            1. second

            - bullets
              - nested
                - deeper
              - nested again
            - top
            """
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        #expect(document.sections.first?.introductionHTML == "<p>Steps:</p>"
            + "<ol><li>first continued<ol><li>nested continued nested</li></ol>back in first</li><li>second</li></ol>"
            + "<ul><li>bullets<ul><li>nested<ul><li>deeper</li></ul></li><li>nested again</li></ul></li><li>top</li></ul>")
    }

    @Test func misnumberedItemOutsideAListIsParagraphText() {
        let (document, diagnostics) = ManualReader.readForTest("---\nS\n---\n2. is just text\n")
        #expect(diagnostics == [])
        #expect(document.sections.first?.introductionHTML == "<p>2. is just text</p>")
    }

    @Test func itemBetweenTwoListLevelsIsReported() {
        let (document, diagnostics) = ManualReader.readForTest("---\nS\n---\n- a\n  - b\n - c\n")
        #expect(diagnostics == [
            "test.manual:6:2: warning: list item indented 1 space makes Little Go crash; items of the open lists are indented 0 spaces or 2 spaces",
        ])
        #expect(document.sections.first?.introductionHTML == "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>")
    }

    @Test func sameLevelMixedTypesWarnOnceAndRenderSeparateLists() {
        let (document, diagnostics) = ManualReader.readForTest("---\nS\n---\n1. a\n- b\n")
        #expect(diagnostics == [
            "test.manual:5:1: warning: bullet item in a numbered list; Little Go would show it as a numbered item; end the numbered list with a blank line first",
        ])
        #expect(document.sections.first?.introductionHTML == "<ol><li>a</li></ol><ul><li>b</li></ul>")
    }

    @Test func preInsideAListItemIsLiteral() {
        let text = "---\nS\n---\n- code:\n  <pre>\n  a  b\n\n  - c\n  </pre>\n- next\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(diagnostics == [])
        #expect(document.sections.first?.introductionHTML
            == "<ul><li>code: <pre>\n  a  b\n\n  - c\n  </pre></li><li>next</li></ul>")
    }

    // MARK: - Text

    @Test func plainTextDecodesReferencesAndDropsTags() throws {
        let (document, _) = ManualReader.readForTest("---\nS\n---\nA &amp; B&nbsp;<em>C</em>&lt;D&gt;\n===\nX\n===\n- one\n- two\n")
        let section = try #require(document.sections.first)
        #expect(section.introductionText == "A & B C<D>")
        #expect(section.subsections.first?.plainText == "one two")
        #expect(section.plainText == "A & B C<D>\nX\none two")
    }

    @Test func addressesBecomeLinksOutsideTagsAndLinks() {
        let text = "---\nS\n---\nSee https://a.example/x?y=1&z=2, mailto:me@example.org. "
            + "<a href=\"https://b.example/\">https://b.example/</a> <em title=\"http://c.example/\">t</em>\n"
        let (document, diagnostics) = ManualReader.readForTest(text)
        #expect(document.sections.first?.introductionHTML == "<p>See "
            + "<a href=\"https://a.example/x?y=1&amp;z=2\">https://a.example/x?y=1&amp;z=2</a>, "
            + "<a href=\"mailto:me@example.org\">mailto:me@example.org</a>. "
            + "<a href=\"https://b.example/\">https://b.example/</a> <em>t</em></p>")
        #expect(diagnostics == [
            "test.manual:4:113: warning: attribute \"title\" on <em> removed; only href on <a> is allowed",
        ])
    }
}
