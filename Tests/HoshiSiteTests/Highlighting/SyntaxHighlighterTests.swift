import XCTest
@testable import HoshiSite

final class SyntaxHighlighterTests: XCTestCase {
    private func highlight(_ code: String, _ language: CodeLanguage) -> String {
        SyntaxHighlighter(language: language).highlight(code)
    }

    func testSwift() {
        XCTAssertEqual(highlight("let x = \"a<b\" // note\n", .swift),
                       #"<span class="hl-keyword">let</span> x = <span class="hl-string">&quot;a&lt;b&quot;</span> <span class="hl-comment">// note</span>"# + "\n")
        XCTAssertEqual(highlight("f(19) /* c */", .swift),
                       #"f(<span class="hl-number">19</span>) <span class="hl-comment">/* c */</span>"#)
    }

    func testShellVariablesCommentsAndHashInsideWords() {
        XCTAssertEqual(highlight("echo $HOME a#b # done", .shell),
                       #"<span class="hl-keyword">echo</span> <span class="hl-variable">$HOME</span> a#b <span class="hl-comment"># done</span>"#)
    }

    func testJSONKeysAndValues() {
        XCTAssertEqual(highlight(#"{"size": 19, "ok": true}"#, .json),
                       #"{<span class="hl-key">&quot;size&quot;</span>: <span class="hl-number">19</span>, <span class="hl-key">&quot;ok&quot;</span>: <span class="hl-keyword">true</span>}"#)
    }

    func testYAMLKeysAndComments() {
        XCTAssertEqual(highlight("title: Go # name\nbase_url: x\n", .yaml),
                       #"<span class="hl-key">title</span>: Go <span class="hl-comment"># name</span>"# + "\n"
                       + #"<span class="hl-key">base_url</span>: x"# + "\n")
    }

    func testSGFStructurePropertiesAndEscapedValues() {
        XCTAssertEqual(highlight(#"(;GM[1]C[a\]b<i>];B[pd])"#, .sgf),
                       #"<span class="hl-punctuation">(</span><span class="hl-punctuation">;</span><span class="hl-key">GM</span><span class="hl-string">[1]</span><span class="hl-key">C</span><span class="hl-string">[a\]b&lt;i&gt;]</span><span class="hl-punctuation">;</span><span class="hl-key">B</span><span class="hl-string">[pd]</span><span class="hl-punctuation">)</span>"#)
    }

    func testEveryCharacterSurvives() {
        let code = "let s = \"unterminated\n// ü 碁 <&>\nguard x else { return }"
        for language in CodeLanguage.allCases {
            let html = highlight(code, language)
            let text = html.replacingOccurrences(of: #"<span class="hl-[a-z]+">"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "</span>", with: "")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            XCTAssertEqual(text, code, "\(language)")
        }
    }

    func testFencesAreHighlightedInPages() {
        let document = MarkdownRenderer().render("```swift\nlet a = 1\n```\n\n```unknown\n<x>\n```\n", path: "t.md", lineOffset: 0) { _, _ in nil }
        XCTAssertTrue(document.html.contains(#"<pre><code class="language-swift"><span class="hl-keyword">let</span> a = <span class="hl-number">1</span>"#), document.html)
        XCTAssertTrue(document.html.contains(#"<pre><code class="language-unknown">&lt;x&gt;"#), document.html)
    }
}
