import Testing
@testable import HoshiSite

/// ``HTMLSanitizer`` on its own: each case is an input fragment, the expected HTML, and the expected findings
/// as `offset: message` (offset in UTF-8 bytes, 0-based).
@Suite struct HTMLSanitizerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var html: String
        var findings: [String] = []
        var testDescription: String { input }
    }

    static let cases: [Case] = [
        // Allowed markup passes, names lower-cased, <br/> and </br> written <br>.
        Case(input: "<EM>a</EM><strong>b</strong><code>c</code><sup>1</sup><sub>2</sub>",
             html: "<em>a</em><strong>b</strong><code>c</code><sup>1</sup><sub>2</sub>"),
        Case(input: "a<br/>b</br>c<br >", html: "a<br>b<br>c<br>"),
        // Disallowed elements are shown as text, with their attributes.
        Case(input: "<script>alert(1)</script>", html: "&lt;script&gt;alert(1)&lt;/script&gt;", findings: [
            "0: HTML element <script> is not allowed and is shown as text; write &lt;script&gt; if you meant the text \(ManualHostileInputTests.allowed)",
            "16: HTML element </script> is not allowed and is shown as text; write &lt;/script&gt; if you meant the text \(ManualHostileInputTests.allowed)",
        ]),
        Case(input: "<svg onload=\"x()\">", html: "&lt;svg onload=&quot;x()&quot;&gt;", findings: [
            "0: HTML element <svg> is not allowed and is shown as text; write &lt;svg&gt; if you meant the text \(ManualHostileInputTests.allowed)",
        ]),
        // Attributes: only a safe href on <a>.
        Case(input: "<a href=\"https://x.example/?a=1&amp;b=2\">x</a>", html: "<a href=\"https://x.example/?a=1&amp;b=2\">x</a>"),
        Case(input: "<a href='../other.html#top'>x</a>", html: "<a href=\"../other.html#top\">x</a>"),
        Case(input: "<a href=mailto:me@example.org>me</a>", html: "<a href=\"mailto:me@example.org\">me</a>"),
        Case(input: "<a href=\"JaVaScRiPt:alert(1)\">x</a>", html: "<a>x</a>", findings: [
            "3: link target \"JaVaScRiPt:alert(1)\" removed; only http, https, mailto and relative links are allowed",
        ]),
        Case(input: "<a href=\"java&#9;script:alert(1)\">x</a>", html: "<a>x</a>", findings: [
            "3: link target \"java&#9;script:alert(1)\" removed; only http, https, mailto and relative links are allowed",
        ]),
        Case(input: "<a href=\"data:text/html,x\">x</a>", html: "<a>x</a>", findings: [
            "3: link target \"data:text/html,x\" removed; only http, https, mailto and relative links are allowed",
        ]),
        Case(input: "<a href=\"x\" onmouseover=\"y\">x</a>", html: "<a href=\"x\">x</a>", findings: [
            "12: attribute \"onmouseover\" on <a> removed; only href on <a> is allowed",
        ]),
        Case(input: "<span class=\"x\">y</span>", html: "<span>y</span>", findings: [
            "6: attribute \"class\" on <span> removed; only href on <a> is allowed",
        ]),
        // References: valid ones stay, everything else is escaped.
        Case(input: "a & b &amp; &nbsp; &#169; &#xA9; &nosuch; &#0; &#xD800; &", html: "a &amp; b &amp; &nbsp; &#169; &#xA9; &amp;nosuch; &amp;#0; &amp;#xD800; &amp;"),
        Case(input: "1 < 2 > 0 <3 a<b", html: "1 &lt; 2 &gt; 0 &lt;3 a&lt;b"),
        // Balance.
        Case(input: "</em>x", html: "x", findings: ["0: </em> has no matching <em> and is removed"]),
        Case(input: "<strong><em>x</strong>", html: "<strong><em>x</em></strong>", findings: [
            "8: <em> is not closed before </strong>; closed there",
        ]),
        Case(input: "<a href=\"x", html: "&lt;a href=\"x"),
        Case(input: "a<!-- hidden -->b<!-- open", html: "ab"),
        // Links: not inside <a>, not inside tags; punctuation stays outside.
        Case(input: "<a href=\"https://a.example/\">see https://a.example/</a>",
             html: "<a href=\"https://a.example/\">see https://a.example/</a>"),
        Case(input: "(https://a.example/x_(y)).", html: "(<a href=\"https://a.example/x_(y)\">https://a.example/x_(y)</a>)."),
        Case(input: "xhttps://a.example/ mailto:nobody http://", html: "xhttps://a.example/ mailto:nobody http://"),
        Case(input: "HTTPS://A.example/&gt;", html: "<a href=\"HTTPS://A.example/\">HTTPS://A.example/</a>&gt;"),
    ]

    @Test(arguments: cases) func sanitizes(_ testCase: Case) {
        let result = HTMLSanitizer().sanitize(testCase.input)
        #expect(result.html == testCase.html)
        #expect(result.findings.map { "\($0.offset): \($0.message)" } == testCase.findings)
    }

    @Test func linksCanBeTurnedOff() {
        #expect(HTMLSanitizer(linksAddresses: false).sanitize("https://a.example/").html == "https://a.example/")
    }

    @Test func escapeEscapesQuotesToo() {
        #expect(HTMLText.escape("<a href=\"x\">&</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;")
    }

    @Test(arguments: ["", "plain words", "碁 & 囲碁 <é>", "'e\u{301}' \"x\" 😀&", "a\u{2028}<b>"])
    func escapeReplacesExactlyTheFiveCharacters(_ text: String) {
        let replacements: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        // Character by character: a quote followed by a combining accent is one Character, left as it is by
        // this expectation but escaped by scalars; the texts above keep quotes clear of combining marks.
        let expected = text.map { replacements[$0] ?? String($0) }.joined()
        #expect(HTMLText.escape(text) == expected)
    }

    @Test func plainTextOfSanitizedHTML() {
        #expect(HTMLPlainText.text(fromHTML: "<p>a&nbsp;&amp;<br>b</p><ul><li>c</li><li>d</li></ul>") == "a & b c d")
        #expect(HTMLPlainText.text(fromHTML: "x<em>y</em>z &#x1F600;") == "xyz 😀")
    }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("Players & Profiles", "players-profiles"),
        ("Smart Game Format (SGF)", "smart-game-format-sgf"),
        ("Limiting the computer's playing strength", "limiting-the-computers-playing-strength"),
        ("Règles du jeu", "regles-du-jeu"),
        ("  --Version 2.0.1 (2024-05-11)--  ", "version-2-0-1-2024-05-11"),
        ("☺ 碁", "碁"),
        ("☺", "untitled"),
        ("", "untitled"),
    ])
    func makesSlugs(title: String, slug: String) {
        #expect(AnchorIdentifier.slug(title, fallback: "untitled") == slug)
    }

    @Test func uniqueAppendsCounters() {
        var taken = IdentifierSet()
        let slugs = ["faq", "faq", "faq", "faq-2"].map { taken.claim($0) }
        #expect(slugs == ["faq", "faq-2", "faq-3", "faq-2-2"])
    }
}
