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
/// Both read the bytes in place (through one buffer pointer, no bounds check per byte in release builds), and
/// the walk never makes strings of what it does not report: end tags, attributes left out, text.
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
        let kept = keeping.map { Array($0.utf8) }
        html.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                guard let found = next(UInt8(ascii: "<"), in: bytes, from: index) else { return }
                index = found
                if starts(bytes, at: index, with: commentOpening) {
                    index = find(bytes, commentClosing, from: index + 4).map { $0 + 3 } ?? count
                    continue
                }
                // An end tag, or a `<` that opens no tag (`a < b`, `<3`), is passed over: only start tags are reported.
                guard index + 1 < count, isLetter(bytes[index + 1]),
                      let tag = scanTag(in: bytes, at: index, keeping: kept), !tag.isEndTag else {
                    index += 1
                    continue
                }
                visit(tag)
                index = tag.end
                if isRawTextElement(tag.name) {
                    index = findEndTag(named: tag.name, in: bytes, from: index) ?? count
                }
            }
        }
    }

    private static let commentOpening = Array("<!--".utf8)
    private static let commentClosing = Array("-->".utf8)

    /// Elements whose content is text, not markup (a `<` inside is no tag).
    private static func isRawTextElement(_ name: String) -> Bool {
        switch name {
        case "script", "style", "textarea", "title": true
        default: false
        }
    }

    /// The tag starting at `start` (which holds `<`), or nil when the text there is not a tag.
    static func scanTag(in bytes: [UInt8], at start: Int) -> Tag? {
        bytes.withUnsafeBufferPointer { scanTag(in: $0, at: start, keeping: nil) }
    }

    /// - Parameter keeping: the bytes of the lower-case names of the attributes to return, nil for all.
    private static func scanTag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, keeping: [[UInt8]]?) -> Tag? {
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
        let name = lowercasedASCII(bytes, nameStart..<index)
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
    private static func scanAttribute(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, keeping: [[UInt8]]?) -> Attribute?? {
        let nameStart = index
        while index < bytes.count, !isSpace(bytes[index]), !endsAttributeName(bytes[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name: String?
        if let keeping {
            name = keptName(bytes, nameStart..<index, among: keeping)
        } else {
            name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self).lowercased()
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
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
        return Attribute(name: name, value: value, offset: nameStart)
    }

    private static func endsAttributeName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
    }

    /// The element name in `range` (ASCII letters, digits and `-`, as the grammar reads them) in lower case.
    private static func lowercasedASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for (offset, byte) in bytes[range].enumerated() {
                buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return range.count
        }
    }

    /// The name of `kept` that the bytes in `range` spell in any case, or nil.
    private static func keptName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, among kept: [[UInt8]]) -> String? {
        for name in kept where name.count == range.count {
            var matches = true
            for (offset, expected) in name.enumerated() where expected != (bytes[range.lowerBound + offset] | 0x20) {
                matches = false
                break
            }
            if matches { return String(decoding: name, as: UTF8.self) }
        }
        return nil
    }

    /// The first index at or after `start` that holds `byte`.
    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    /// Where `pattern` next occurs at or after `start`.
    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            guard let found = next(first, in: bytes, from: index), found + pattern.count <= bytes.count else { return nil }
            if starts(bytes, at: found, with: pattern) { return found }
            index = found + 1
        }
        return nil
    }

    /// Where `</name` next occurs at or after `start`, each byte matching in either case (compared with bit
    /// 0x20 set on both sides, which is case folding for the letters of the name).
    private static func findEndTag(named name: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let pattern = Array("</\(name)".utf8).map { $0 | 0x20 }
        var index = start
        while index + pattern.count <= bytes.count {
            if (bytes[index] | 0x20) == pattern[0] {
                var matches = true
                for offset in 1..<pattern.count where (bytes[index + offset] | 0x20) != pattern[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
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
