/// Text written into the JSON a page embeds in `<script type="application/json">` for its script (game
/// pages, problem pages): one escaping shared by every kind, so no text of a stranger's file can close the
/// element.
enum ScriptJSON {
    /// A JSON string literal safe inside a script element: quotes, backslashes and control characters
    /// escaped, `<` as `\u003c`, and the line separators JavaScript once treated as line ends escaped too.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
