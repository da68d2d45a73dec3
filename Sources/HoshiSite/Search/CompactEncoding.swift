/// The string encodings that keep the search index small, decoded by `templates/assets/search.js`
/// (`decodeTerms`, `decodePostings`). Both produce plain ASCII or already-present text, so the index is a
/// JavaScript literal without escapes in the common case.
enum CompactEncoding {
    /// Last digit of a number: base 64, values 0–63.
    static let finalDigits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-")
    /// Leading digits of a number: base 26, values 0–25, marking that more digits follow. Together with
    /// ``finalDigits`` and the `,` separator these are all printable ASCII characters but `"`, `\`, `<`
    /// and space, so a list needs no escaping.
    static let leadingDigits = Array("!#$%&'()*+./:;=>?@[]^`{|}~")
    /// Shared-prefix lengths of front-coded terms, 0–35.
    static let prefixDigits = Array("0123456789abcdefghijklmnopqrstuvwxyz")

    /// A non-negative number, most significant digit first: a ``finalDigits`` digit for the value modulo
    /// 64, preceded by ``leadingDigits`` for the rest. Numbers below 64 take one character, below 1,664 two.
    static func number(_ value: Int) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ascending list of target numbers as the first number and then the gaps between neighbours,
    /// which are small for common words: `[3, 4, 40, 100]` -> `"31AY"`.
    static func postings(_ ascending: [Int]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ascending.count * 2)
        var previous = 0
        let digits = finalDigitBytes
        for value in ascending {
            let gap = value - previous
            // Most gaps of common words take one digit: no reversal needed.
            if gap >= 0 && gap < 64 {
                bytes.append(digits[gap])
            } else {
                appendNumber(gap, to: &bytes)
            }
            previous = value
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Digits as ASCII bytes: the index holds tens of thousands of numbers, and building a string per
    /// number dominated the index's build time.
    private static let finalDigitBytes = finalDigits.map { $0.asciiValue ?? 0 }
    private static let leadingDigitBytes = leadingDigits.map { $0.asciiValue ?? 0 }

    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        precondition(value >= 0)
        let start = bytes.count
        bytes.append(finalDigitBytes[value % 64])
        var rest = value / 64
        while rest > 0 {
            bytes.append(leadingDigitBytes[rest % 26])
            rest /= 26
        }
        bytes[start...].reverse()
    }

    /// Sorted terms, comma-separated, each written as how many UTF-16 units it shares with the previous
    /// term (one ``prefixDigits`` character) and the rest: `go,goban,gote` -> `0go,2ban,2te`.
    ///
    /// Lengths count UTF-16 units because JavaScript slices strings by them; a shared prefix never ends
    /// inside a surrogate pair, so every written suffix is valid Unicode.
    static func frontCoded(_ sortedTerms: [[UInt16]]) -> String {
        var entries: [String] = []
        entries.reserveCapacity(sortedTerms.count)
        var previous: [UInt16] = []
        for term in sortedTerms {
            var shared = 0
            let limit = min(previous.count, term.count, prefixDigits.count - 1)
            while shared < limit, previous[shared] == term[shared] { shared += 1 }
            if shared > 0, UTF16.isLeadSurrogate(term[shared - 1]) { shared -= 1 }
            entries.append(String(prefixDigits[shared]) + String(decoding: term[shared...], as: UTF16.self))
            previous = term
        }
        return entries.joined(separator: ",")
    }

    /// A JavaScript string literal: quotes, backslashes, control characters and the two line separators
    /// JavaScript treats as line ends are escaped; other text stays as it is (the file is UTF-8). Works on
    /// UTF-8 bytes: every character that needs escaping is ASCII except U+2028 and U+2029 (E2 80 A8/A9).
    static func javaScriptString(_ text: String) -> String {
        // Most texts hold nothing to escape (0xE2 may start U+2028 or U+2029, so it takes the long way).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                                          || $0 == UInt8(ascii: "<") || $0 == 0xE2 }) else {
            return "\"" + text + "\""
        }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(text.utf8.count + 2)
        let utf8 = Array(text.utf8)
        var index = 0
        func escape(_ text: String) { result.append(contentsOf: text.utf8) }
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""): escape("\\\"")
            case UInt8(ascii: "\\"): escape("\\\\")
            case UInt8(ascii: "\n"): escape("\\n")
            case UInt8(ascii: "<"): escape("\\u003c")  // never `</script>`, should the index ever be inlined
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                escape("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                result.append(byte)
            }
            index += 1
        }
        result.append(UInt8(ascii: "\""))
        return String(decoding: result, as: UTF8.self)
    }
}
