import Foundation

/// Reads one HTML tag (`<em>`, `</em>`, `<a href="…">`, `<br/>`) out of UTF-8 bytes.
///
/// Grammar, a simplification of HTML's tokenizer that is enough to sanitize hand-written help text:
///
///     tag        = "<" name attribute* [ "/" ] ">" | "</" name space* ">"
///     name       = letter ( letter | digit | "-" )*
///     attribute  = space+ attrName [ space* "=" space* value ]
///     value      = '"' any* '"' | "'" any* "'" | unquoted
///
/// Anything that does not fit (`a < b`, `<3`, a `<` with no `>` after it) is not a tag, and the caller shows
/// the `<` as text. Names are lower-cased; attribute values are returned as written (references undecoded).
///
/// The one HTML scanner of HoshiSite: the sanitizer, the plain-text extraction and the MANUAL reader read
/// single tags with it, and link checking walks every start tag of the generated pages with ``startTags(in:keeping:visit:)``.
enum HTMLTagScanner {
    /// One attribute as written; `offset` is where its name starts.
    struct Attribute: Hashable, Sendable {
        var name: String
        var value: String
        var offset: Int
    }

    /// A tag found in the input, covering bytes `start..<end`.
    struct Tag: Hashable, Sendable {
        var name: String
        var isEndTag: Bool
        var attributes: [Attribute]
        var start: Int
        var end: Int
    }

    /// Calls `visit` for every start tag of a document, in order, skipping comments, end tags and the text of
    /// raw-text elements (`script`, `style`, `textarea`, `title`). A `<` that does not open a tag is text.
    ///
    /// - Parameter keeping: the lower-case names of the attributes to report; the others are skipped without
    ///   making strings of them, which is most of the cost of walking a large site's output.
    static func startTags(in html: [UInt8], keeping: [String], visit: (Tag) -> Void) {
        let count = html.count
        var index = 0
        while index < count {
            guard let found = next(UInt8(ascii: "<"), in: html, from: index) else { return }
            index = found
            if starts(html, at: index, with: "<!--") {
                index = find(html, "-->", from: index + 4).map { $0 + 3 } ?? count
                continue
            }
            guard let tag = scanTag(in: html, at: index, keeping: keeping), !tag.isEndTag else {
                index += 1
                continue
            }
            visit(tag)
            index = tag.end
            if rawTextElements.contains(tag.name) {
                index = find(html, "</\(tag.name)", from: index, ignoringCase: true) ?? count
            }
        }
    }

    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    /// The tag starting at `start` (which holds `<`), or nil when the text there is not a tag.
    static func scanTag(in bytes: [UInt8], at start: Int) -> Tag? {
        scanTag(in: bytes, at: start, keeping: nil)
    }

    /// - Parameter keeping: lower-case names of the attributes to return, nil for all.
    private static func scanTag(in bytes: [UInt8], at start: Int, keeping: [String]?) -> Tag? {
        var index = start + 1
        var isEndTag = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            isEndTag = true
            index += 1
        }
        guard index < bytes.count, isLetter(bytes[index]) else { return nil }
        let nameStart = index
        while index < bytes.count, isLetter(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [Attribute] = []
        while true {
            skipSpace(bytes, &index)
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                return Tag(name: name, isEndTag: isEndTag, attributes: attributes, start: start, end: index + 1)
            case UInt8(ascii: "/"):
                index += 1
            case UInt8(ascii: "<"):
                return nil
            default:
                guard !isEndTag, let attribute = scanAttribute(bytes, &index, keeping: keeping) else { return nil }
                if let attribute { attributes.append(attribute) }
            }
        }
    }

    /// The attribute at `index`: nil when the text there is not one (so neither is the tag), `.some(nil)` when
    /// it is one that `keeping` leaves out.
    private static func scanAttribute(_ bytes: [UInt8], _ index: inout Int, keeping: [String]?) -> Attribute?? {
        let nameStart = index
        while index < bytes.count, !isSpace(bytes[index]), !endsAttributeName(bytes[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name: String?
        if let keeping {
            name = keptName(bytes[nameStart..<index], among: keeping)
        } else {
            name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        }
        var lookahead = index
        skipSpace(bytes, &lookahead)
        guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "=") else {
            return .some(name.map { Attribute(name: $0, value: "", offset: nameStart) })
        }
        index = lookahead + 1
        skipSpace(bytes, &index)
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        let valueStart: Int
        let valueEnd: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            valueStart = index + 1
            guard let closing = next(quote, in: bytes, from: valueStart) else { return nil }
            valueEnd = closing
            index = closing + 1
        } else {
            valueStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            valueEnd = index
        }
        guard let name else { return .some(nil) }
        let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        return Attribute(name: name, value: value, offset: nameStart)
    }

    private static func endsAttributeName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
    }

    /// The name of `kept` that `bytes` spell in any case, or nil.
    private static func keptName(_ bytes: ArraySlice<UInt8>, among kept: [String]) -> String? {
        for name in kept where name.utf8.count == bytes.count {
            if zip(name.utf8, bytes).allSatisfy({ $0 == ($1 | 0x20) }) { return name }
        }
        return nil
    }

    /// The first index at or after `start` that holds `byte`.
    private static func next(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                  let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        index + prefix.utf8.count <= bytes.count && zip(prefix.utf8, bytes[index...]).allSatisfy { $0 == $1 }
    }

    /// Where `needle` (ASCII) next occurs at or after `start`, letters matching in either case when asked.
    private static func find(_ bytes: [UInt8], _ needle: String, from start: Int, ignoringCase: Bool = false) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if ignoringCase {
                let matches = zip(pattern, bytes[index...]).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
                if matches { return index }
                index += 1
            } else {
                guard let found = next(first, in: bytes, from: index), found + pattern.count <= bytes.count else { return nil }
                if zip(pattern, bytes[found...]).allSatisfy({ $0 == $1 }) { return found }
                index = found + 1
            }
        }
        return nil
    }

    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
