import Foundation
import HoshiCore
import Testing
@testable import HoshiSite

/// ``HTMLTagScanner`` on hostile HTML (comments, CDATA, unterminated tags and quotes, `>` and `<` inside quoted
/// values, upper-case names, script and style text), against a second reading of the grammar written here with
/// regular expressions: ``ReferenceTagReader``. Documents are built from hostile fragments by a seeded generator;
/// every `<` of each is read with `scanTag`, and the whole document is walked with `startTags`.
@Suite struct HTMLTagScannerHostileTests {
    /// Pieces of markup that stress the scanner: each alone and in every neighbourhood the generator makes.
    static let fragments = [
        "<a href=\"x.html\">", "</a>", "<A HREF='Up.html' ID=Top>", "<IMG SRC=pic.png ALT=\"a > b\">", "<br/>", "<br />",
        "<p class=\"a < b\" id=p1>", "<input name=q disabled>", "<!-- <a href=\"c.html\"> -->", "<!-->", "<!--", "-->",
        "<![CDATA[<b id=cdata>]]>", "<!doctype html>", "<script>", "</script>", "<SCRIPT type=module>", "</Script >",
        "if (a<b && c>d) x = '<a href=no.html>';", "<style>p<q{color:red}</style>", "<title>a <b> c</TITLE>",
        "<textarea><a id=t></textarea>", "a < b", "1<2", "<3", "<", ">", "<a href=\"unterminated", "<a href='x'", "<a",
        "</", "</a b>", "</p/ >", "<a =x>", "<a b=\"c\"=d>", "<a b='c'd=e>", "<a b = \"spaced\" c= d e =f>", "<a href=>",
        "<x-y data-z=1>", "<h1 id=\"é-tête\">", "café", "<a\thref=\"tab\"\nid=\"nl\">", "<a/b/c=d>", "<a href=x&amp;y>",
        "<a name=\"n\" NAME=N>", "<em", ">", "\"", "'", "=", " ", "\n", "<a href=\"#q\" id=\"i\" src=\"s\"/>",
    ]

    static let kept = ["id", "href", "src", "name"]

    static func documents(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...24, using: &random)
            return (0..<length).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
        }
    }

    @Test func eachFragmentAlone() {
        for fragment in Self.fragments { expectSameReading(fragment) }
    }

    @Test func generatedDocuments() {
        for document in Self.documents(count: 1500, seed: 21) { expectSameReading(document) }
    }

    /// Hand-worked cases, for the reference as much as for the scanner.
    @Test func handWorkedWalks() {
        #expect(walk("<![CDATA[<b id=c>]]><SCRIPT>x<a id=s></script ><i id=i>") == ["b id=c", "script", "i id=i"])
        #expect(walk("<p title=\"a > b <c>\" id=q><a href=\"x\"") == ["p id=q"])
        #expect(walk("<!-- never closed <a id=x>") == [])
        #expect(walk("<style>a</STYLE><title><em></title><em ID=e>") == ["style", "title", "em id=e"])
    }

    private func walk(_ html: String) -> [String] {
        var found: [String] = []
        HTMLTagScanner.startTags(in: Array(html.utf8), keeping: Self.kept) { tag in
            found.append(([tag.name] + tag.attributes.map { "\($0.name)=\($0.value)" }).joined(separator: " "))
        }
        return found
    }

    private func expectSameReading(_ html: String) {
        let bytes = Array(html.utf8)
        let reference = ReferenceTagReader(html)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") {
            let scanned = HTMLTagScanner.scanTag(in: bytes, at: offset).map { describe($0, in: bytes, keeping: nil) }
            #expect(scanned == reference.tag(atByte: offset, keeping: nil), "scanTag at \(offset) of \(html.debugDescription)")
        }
        var walked: [String] = []
        HTMLTagScanner.startTags(in: bytes, keeping: Self.kept) { walked.append(describe($0, in: bytes, keeping: Self.kept)) }
        #expect(walked == reference.startTags(keeping: Self.kept), "startTags of \(html.debugDescription)")
    }

    /// A tag as `source | name | end? | attribute=value …`, from the scanner's output.
    private func describe(_ tag: HTMLTagScanner.Tag, in bytes: [UInt8], keeping: [String]?) -> String {
        let source = String(decoding: bytes[tag.start..<tag.end], as: UTF8.self)
        let attributes = tag.attributes.map { "\($0.name)=\($0.value)@\($0.offset)" }
        return ([source, tag.name, tag.isEndTag ? "end" : "start"] + attributes).joined(separator: " | ")
    }
}

/// The tag grammar of ``HTMLTagScanner``, read a second way: regular expressions with possessive quantifiers
/// (the scanner never backtracks) over the text, and a plain loop for the walk. Written from the grammar, not
/// from the scanner's code.
private struct ReferenceTagReader {
    /// A tag read: its description (as the test's `describe` writes it), whether it is a start tag, its name,
    /// and where it ends (in UTF-16 units).
    struct Reading {
        var description: String
        var isStartTag: Bool
        var name: String
        var end: Int
    }

    let text: String
    let nsText: NSString

    init(_ text: String) {
        self.text = text
        nsText = text as NSString
    }

    private static let space = "[ \\t\\n\\f\\r]"
    private static let attribute = "([^ \\t\\n\\f\\r/>=<]++)(?>\(space)*+=\(space)*+(?:\"([^\"]*+)\"|'([^']*+)'|(?![\"'])([^ \\t\\n\\f\\r>]*+)))?"
    private static let startTag = try! NSRegularExpression(pattern: "<([A-Za-z][A-Za-z0-9-]*+)((?>\(space)++|/|\(attribute))*+)>")
    private static let endTag = try! NSRegularExpression(pattern: "</([A-Za-z][A-Za-z0-9-]*+)(?>\(space)|/)*+>")
    private static let attributeItem = try! NSRegularExpression(pattern: attribute)

    /// The description of the tag at UTF-8 offset `byteOffset`, or nil.
    func tag(atByte byteOffset: Int, keeping: [String]?) -> String? {
        let prefix = String(decoding: Array(text.utf8)[..<byteOffset], as: UTF8.self)
        return reading(at: prefix.utf16.count, keeping: keeping)?.description
    }

    private func utf8Offset(_ location: Int) -> Int {
        nsText.substring(to: location).utf8.count
    }

    private func reading(at location: Int, keeping: [String]?) -> Reading? {
        let range = NSRange(location: location, length: nsText.length - location)
        if let match = Self.endTag.firstMatch(in: text, options: [.anchored], range: range) {
            let name = nsText.substring(with: match.range(at: 1)).lowercased()
            return Reading(description: [nsText.substring(with: match.range), name, "end"].joined(separator: " | "),
                           isStartTag: false, name: name, end: NSMaxRange(match.range))
        }
        guard let match = Self.startTag.firstMatch(in: text, options: [.anchored], range: range) else { return nil }
        let name = nsText.substring(with: match.range(at: 1)).lowercased()
        var parts = [nsText.substring(with: match.range), name, "start"]
        for item in Self.attributeItem.matches(in: text, range: match.range(at: 2)) {
            let attributeName = nsText.substring(with: item.range(at: 1)).lowercased()
            guard keeping.map({ $0.contains(attributeName) }) ?? true else { continue }
            let valueRange = (2...4).map { item.range(at: $0) }.first { $0.location != NSNotFound }
            let value = valueRange.map { nsText.substring(with: $0) } ?? ""
            parts.append("\(attributeName)=\(value)@\(utf8Offset(item.range(at: 1).location))")
        }
        return Reading(description: parts.joined(separator: " | "), isStartTag: true, name: name, end: NSMaxRange(match.range))
    }

    /// Every start tag in order, outside comments and the text of `script`, `style`, `textarea` and `title`.
    func startTags(keeping: [String]) -> [String] {
        let length = nsText.length
        var found: [String] = []
        var location = 0
        while location < length {
            let opening = nsText.range(of: "<", range: NSRange(location: location, length: length - location))
            guard opening.location != NSNotFound else { break }
            location = opening.location
            if nsText.substring(from: location).hasPrefix("<!--") {
                let closing = nsText.range(of: "-->", range: NSRange(location: location + 4, length: length - location - 4))
                location = closing.location == NSNotFound ? length : NSMaxRange(closing)
                continue
            }
            guard let tag = reading(at: location, keeping: keeping), tag.isStartTag else {
                location += 1
                continue
            }
            found.append(tag.description)
            location = tag.end
            if ["script", "style", "textarea", "title"].contains(tag.name) {
                let closing = nsText.range(of: "</" + tag.name, options: .caseInsensitive,
                                           range: NSRange(location: location, length: length - location))
                location = closing.location == NSNotFound ? length : closing.location
            }
        }
        return found
    }
}
