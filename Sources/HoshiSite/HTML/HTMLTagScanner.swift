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

    /// The tag starting at `start` (which holds `<`), or nil when the text there is not a tag.
    static func scanTag(in bytes: [UInt8], at start: Int) -> Tag? {
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
                guard !isEndTag, let attribute = scanAttribute(bytes, &index) else { return nil }
                attributes.append(attribute)
            }
        }
    }

    private static func scanAttribute(_ bytes: [UInt8], _ index: inout Int) -> Attribute? {
        let nameStart = index
        while index < bytes.count, !isSpace(bytes[index]),
              ![UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(bytes[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var lookahead = index
        skipSpace(bytes, &lookahead)
        guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "=") else {
            return Attribute(name: name, value: "", offset: nameStart)
        }
        index = lookahead + 1
        skipSpace(bytes, &index)
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        let valueStart: Int
        let valueEnd: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            valueStart = index + 1
            guard let closing = bytes[valueStart...].firstIndex(of: quote) else { return nil }
            valueEnd = closing
            index = closing + 1
        } else {
            valueStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            valueEnd = index
        }
        let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        return Attribute(name: name, value: value, offset: nameStart)
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
