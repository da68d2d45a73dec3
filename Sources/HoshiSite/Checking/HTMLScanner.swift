/// A minimal, fast scanner over generated HTML that reports start tags with their attributes.
///
/// It is not a general HTML parser: it reads the markup Hoshi itself produced (plus authors' raw HTML),
/// skips comments and the text of raw-text elements (`script`, `style`, `textarea`, `title`), and decodes the
/// few entities that matter in URLs. That is all link checking needs, at a fraction of a DOM's cost.
struct HTMLScanner {
    struct Tag {
        /// Lower-case element name.
        var name: String
        /// Attribute names in lower case, values with entities decoded.
        var attributes: [(name: String, value: String)]
        /// Byte offset of the `<` in the document.
        var offset: Int

        func value(of attribute: String) -> String? {
            attributes.first { $0.name == attribute }?.value
        }
    }

    /// Calls `visit` for every start tag in document order.
    static func scan(_ html: [UInt8], visit: (Tag) -> Void) {
        let count = html.count
        var index = 0
        while index < count {
            guard html[index] == UInt8(ascii: "<") else { index += 1; continue }
            let start = index
            if starts(html, at: index, with: "<!--") {
                index = find(html, "-->", from: index + 4).map { $0 + 3 } ?? count
                continue
            }
            index += 1
            guard index < count, isLetter(html[index]) else { continue }
            let nameStart = index
            while index < count, isNameCharacter(html[index]) { index += 1 }
            let name = String(decoding: html[nameStart..<index], as: UTF8.self).lowercased()
            var attributes: [(String, String)] = []
            // Attributes until '>'.
            while index < count, html[index] != UInt8(ascii: ">") {
                if isSpace(html[index]) || html[index] == UInt8(ascii: "/") { index += 1; continue }
                let attributeStart = index
                while index < count, !isSpace(html[index]), html[index] != UInt8(ascii: "="),
                      html[index] != UInt8(ascii: ">"), html[index] != UInt8(ascii: "/") {
                    index += 1
                }
                let attributeName = Self.interestingAttribute(html[attributeStart..<index])
                while index < count, isSpace(html[index]) { index += 1 }
                var value = ""
                if index < count, html[index] == UInt8(ascii: "=") {
                    index += 1
                    while index < count, isSpace(html[index]) { index += 1 }
                    if index < count, html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") {
                        let quote = html[index]
                        let valueStart = index + 1
                        index = valueStart
                        while index < count, html[index] != quote { index += 1 }
                        if attributeName != nil { value = decodeEntities(html[valueStart..<min(index, count)]) }
                        index += 1
                    } else {
                        let valueStart = index
                        while index < count, !isSpace(html[index]), html[index] != UInt8(ascii: ">") { index += 1 }
                        if attributeName != nil { value = decodeEntities(html[valueStart..<index]) }
                    }
                }
                if let attributeName { attributes.append((attributeName, value)) }
            }
            index += 1
            visit(Tag(name: name, attributes: attributes, offset: start))
            if rawTextElements.contains(name) {
                index = find(html, "</\(name)", from: index, ignoringCase: true) ?? count
            }
        }
    }

    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    /// The attributes link checking reads; all others are skipped without building strings, which keeps
    /// scanning a large site's output cheap.
    private static let interestingAttributes = ["id", "href", "src", "name"]

    private static func interestingAttribute(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count >= 2, bytes.count <= 4 else { return nil }
        for name in interestingAttributes where name.utf8.count == bytes.count {
            if zip(name.utf8, bytes).allSatisfy({ $0 == ($1 | 0x20) }) { return name }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func starts(_ html: [UInt8], at index: Int, with prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard index + bytes.count <= html.count else { return false }
        for offset in 0..<bytes.count where html[index + offset] != bytes[offset] { return false }
        return true
    }

    private static func find(_ html: [UInt8], _ needle: String, from start: Int, ignoringCase: Bool = false) -> Int? {
        let bytes = Array(needle.utf8)
        guard let first = bytes.first, html.count >= bytes.count else { return nil }
        var index = start
        let last = html.count - bytes.count
        while index <= last {
            let byte = ignoringCase ? html[index] | 0x20 : html[index]
            if byte == (ignoringCase ? first | 0x20 : first) {
                var matched = true
                for offset in 1..<bytes.count {
                    let candidate = ignoringCase ? html[index + offset] | 0x20 : html[index + offset]
                    let expected = ignoringCase ? bytes[offset] | 0x20 : bytes[offset]
                    if candidate != expected { matched = false; break }
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// The attribute value with its character references decoded (`&amp;` in a query string, `&#35;`).
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        HTMLEntities.decodeReferences(in: String(decoding: bytes, as: UTF8.self))
    }
}
