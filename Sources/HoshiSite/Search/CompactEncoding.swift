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
        precondition(value >= 0)
        var digits = [finalDigits[value % 64]]
        var rest = value / 64
        while rest > 0 {
            digits.append(leadingDigits[rest % 26])
            rest /= 26
        }
        return String(digits.reversed())
    }

    /// An ascending list of target numbers as the first number and then the gaps between neighbours,
    /// which are small for common words: `[3, 4, 40, 100]` -> `"31AY"`.
    static func postings(_ ascending: [Int]) -> String {
        var result = ""
        var previous = 0
        for (index, value) in ascending.enumerated() {
            result += number(index == 0 ? value : value - previous)
            previous = value
        }
        return result
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
    /// JavaScript treats as line ends are escaped; other text stays as it is (the file is UTF-8).
    static func javaScriptString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "<": result += "\\u003c"  // never `</script>`, should the index ever be inlined
            case "\u{2028}", "\u{2029}": result += "\\u\(String(scalar.value, radix: 16))"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
