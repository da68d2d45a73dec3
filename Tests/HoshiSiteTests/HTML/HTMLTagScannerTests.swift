import Testing
@testable import HoshiSite

/// ``HTMLTagScanner/startTags(in:keeping:visit:)``, the walk link checking makes over every generated page:
/// each case is a document and the start tags expected in it, written by hand from HTML's rules (comments
/// and the text of raw-text elements hold no tags; end tags and a `<` that opens no tag are not start tags).
@Suite struct HTMLTagScannerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var html: String
        /// `name attribute=value …` per start tag, attributes in document order.
        var tags: [String]
        var testDescription: String { html }
    }

    static let cases: [Case] = [
        Case(html: #"<p>See <a href="x.html#top" class="y">x</a>.</p>"#, tags: ["p", "a href=x.html#top"]),
        // Names of elements and kept attributes in any case, reported in lower case; values as written.
        Case(html: #"<A HREF='Up.html' ID=Top>x</A>"#, tags: ["a href=Up.html id=Top"]),
        Case(html: #"<img src=a.png alt="a > b"><br/><input name=q disabled>"#,
             tags: ["img src=a.png", "br", "input name=q"]),
        // Comments and raw text are skipped, whatever they hold.
        Case(html: #"<!-- <a href="gone.html"> --><script>if (a<b) document.write('<a href="no.html">')</script><i id=i>"#,
             tags: ["script", "i id=i"]),
        Case(html: #"<title>a <b> title</TITLE><style>p<q{}</style><textarea><a id=t></textarea><em>"#,
             tags: ["title", "style", "textarea", "em"]),
        // A `<` that opens no tag is text; the scan goes on after it.
        Case(html: #"a < b, 1<2, <3 and <p <a href="in.html">"#, tags: ["a href=in.html"]),
        Case(html: #"<a href="unterminated.html>no end"#, tags: []),
        Case(html: "<!doctype html><html lang=en></html>", tags: ["html"]),
    ]

    @Test(arguments: cases)
    func startTags(_ testCase: Case) {
        var found: [String] = []
        HTMLTagScanner.startTags(in: Array(testCase.html.utf8), keeping: ["id", "href", "src", "name"]) { tag in
            found.append(([tag.name] + tag.attributes.map { "\($0.name)=\($0.value)" }).joined(separator: " "))
        }
        #expect(found == testCase.tags)
    }

    @Test func tagBoundsCoverTheTag() {
        let html = Array(#"ab<a href="x">c"#.utf8)
        var bounds: [Range<Int>] = []
        HTMLTagScanner.startTags(in: html, keeping: []) { bounds.append($0.start..<$0.end) }
        #expect(bounds == [2..<14])
    }
}
