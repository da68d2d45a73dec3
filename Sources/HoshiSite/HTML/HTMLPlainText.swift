/// Extracts readable text from sanitized HTML, for search indexes and descriptions.
///
/// Meant for the output of ``HTMLSanitizer`` (well-formed tags, valid references); on arbitrary HTML it still
/// terminates but may keep odd bits. Tags become nothing, except that block elements and `<br>` separate
/// words; references are decoded; runs of white space (including no-break spaces) collapse to one space.
enum HTMLPlainText {
    /// Elements whose boundaries separate words even without surrounding spaces.
    private static let separatingElements: Set<String> = ["br", "p", "ul", "ol", "li", "pre"]

    /// The text of `html`, trimmed, with white space collapsed.
    static func text(fromHTML html: String) -> String {
        let bytes = Array(html.utf8)
        var raw = ""
        var runStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let tag = HTMLTagScanner.scanTag(in: bytes, at: index) {
                raw += String(decoding: bytes[runStart..<index], as: UTF8.self)
                if separatingElements.contains(tag.name) { raw += " " }
                index = tag.end
                runStart = index
            } else {
                index += 1
            }
        }
        raw += String(decoding: bytes[runStart..<bytes.count], as: UTF8.self)
        return collapsingWhiteSpace(HTMLEntities.decodeReferences(in: raw))
    }

    /// `text` with each run of white space replaced by one space, and no space at either end.
    static func collapsingWhiteSpace(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
