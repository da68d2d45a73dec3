/// Turns bare `http://`, `https://` and `mailto:` addresses in HTML text into links.
///
/// Little Go's help viewer runs a link detector over the whole file, so its MANUAL writes addresses as plain
/// text ("see https://senseis.xmp.net/."). Hoshi does the same, but only in text nodes: the caller
/// (``HTMLSanitizer``) never passes tag source or the content of an existing `<a>`.
///
/// Input and output are escaped HTML text, so an address may contain `&amp;`; it stays escaped in both the
/// `href` and the visible text, which is correct HTML. An address ends at white space, `<`, `>`, a quote or an
/// escaped character other than `&amp;` (`&gt;`, `&quot;`, `&nbsp;` …). Trailing sentence punctuation
/// (`. , ; : ! ? '`) and an unbalanced closing `)` or `]` stay outside the link:
///
///     (see https://senseis.xmp.net/).  →  (see <a href="https://senseis.xmp.net/">https://senseis.xmp.net/</a>).
///
/// Not linked: bare `www.` names and bare e-mail addresses (the MANUAL writes `mailto:`), and addresses
/// preceded by a letter or digit (`xhttp://`).
enum HTMLAutoLinker {
    /// Schemes that start a link, lower-case, with what must follow them.
    private static let schemes: [(prefix: [UInt8], minimumRest: Int)] = [
        (Array("https://".utf8), 1),
        (Array("http://".utf8), 1),
        (Array("mailto:".utf8), 3),
    ]

    /// Characters trimmed from the end of an address because prose puts them there.
    private static let trailingPunctuation: Set<UInt8> = Set(".,;:!?'".utf8)

    /// `text` (escaped HTML text, no tags) with each address wrapped in `<a href="…">…</a>`.
    static func link(_ text: String) -> String {
        guard text.contains(":") else { return text }
        let bytes = Array(text.utf8)
        var output = ""
        var copiedUpTo = 0
        var index = 0
        while index < bytes.count {
            guard let end = addressEnd(in: bytes, at: index) else {
                index += 1
                continue
            }
            output += String(decoding: bytes[copiedUpTo..<index], as: UTF8.self)
            let address = String(decoding: bytes[index..<end], as: UTF8.self)
            output += "<a href=\"\(address)\">\(address)</a>"
            index = end
            copiedUpTo = end
        }
        output += String(decoding: bytes[copiedUpTo..<bytes.count], as: UTF8.self)
        return output
    }

    /// The end (exclusive) of an address starting at `start`, or nil when none starts there.
    private static func addressEnd(in bytes: [UInt8], at start: Int) -> Int? {
        if start > 0, isAlphanumeric(bytes[start - 1]) { return nil }
        guard let scheme = schemes.first(where: { hasPrefix(bytes, $0.prefix, at: start) }) else { return nil }
        var end = start + scheme.prefix.count
        while end < bytes.count, !endsAddress(bytes, at: end) { end += 1 }
        end = trimmedEnd(bytes, from: start, to: end)
        let rest = end - start - scheme.prefix.count
        guard rest >= scheme.minimumRest else { return nil }
        if scheme.prefix.first == UInt8(ascii: "m"),
           !bytes[(start + scheme.prefix.count)..<end].contains(UInt8(ascii: "@")) {
            return nil
        }
        return end
    }

    private static func endsAddress(_ bytes: [UInt8], at index: Int) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""):
            return true
        case UInt8(ascii: "&"):
            return !hasPrefix(bytes, Array("&amp;".utf8), at: index)
        default:
            return bytes[index] < 0x20
        }
    }

    /// Moves `end` back over trailing punctuation and unbalanced closing brackets.
    private static func trimmedEnd(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            let last = bytes[end - 1]
            if trailingPunctuation.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ")"), !isBalanced(bytes[start..<end], open: "(", close: ")") {
                end -= 1
            } else if last == UInt8(ascii: "]"), !isBalanced(bytes[start..<end], open: "[", close: "]") {
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    private static func isBalanced(_ bytes: ArraySlice<UInt8>, open: Unicode.Scalar, close: Unicode.Scalar) -> Bool {
        let opening = bytes.filter { $0 == UInt8(ascii: open) }.count
        let closing = bytes.filter { $0 == UInt8(ascii: close) }.count
        return closing <= opening
    }

    /// Case-insensitive (ASCII) prefix test; `prefix` is lower-case.
    private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at start: Int) -> Bool {
        guard start + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count {
            var byte = bytes[start + offset]
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte != prefix[offset] { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
