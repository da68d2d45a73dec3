/// JSON string literals written by hand: the solver's report lines, and the data pages embed for their
/// scripts. One escaping for both, so every writer agrees on what a string's JSON is.
public enum JSONString {
    /// `text` as a JSON string literal (RFC 8259): in double quotes, with `"` and `\` escaped, line feed, carriage
    /// return and tab as `\n`, `\r`, `\t`, other control characters as `\u00XX`, everything else as it is.
    ///
    /// - Parameter isScriptSafe: also writes `<` as `\u003c` and U+2028, U+2029 as `\u2028`, `\u2029`, for JSON
    ///   placed inside an HTML `<script>` element: no text can then close the element (`</script>`) or open a
    ///   comment there, and older JavaScript, which ended lines at those two separators, reads it too.
    public static func quoted(_ text: String, isScriptSafe: Bool = false) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<" where isScriptSafe: result += "\\u003c"
            case "\u{2028}" where isScriptSafe: result += "\\u2028"
            case "\u{2029}" where isScriptSafe: result += "\\u2029"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
