import Foundation

/// SGF text on its way into a page: what a stranger's file may hold that no page should carry.
enum GameText {
    /// The text without control characters other than newline and tab (the SGF reader reports each as a
    /// warning at its position); a carriage return before a newline goes, a lone one becomes a newline.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnwanted) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\r" {
                result.append("\n")
                continue
            }
            if scalar == "\n" && previousWasReturn { continue }
            if !isUnwanted(scalar) { result.append(scalar) }
        }
        return String(result)
    }

    private static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
    }

    /// Paragraphs of escaped HTML: blank lines separate paragraphs, single line breaks become `<br>`. With
    /// `linking`, a `#move-N` or `#node-K` written in the text becomes a link to that node of the page when
    /// `linking` holds the fragment (a comment may say "see #move-127").
    static func paragraphsHTML(_ text: String) -> String { paragraphsHTML(text, linking: nil) }

    static func paragraphsHTML(_ text: String, linking fragments: Set<String>?) -> String {
        let cleaned = clean(text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return "" }
        var html = ""
        for paragraph in cleaned.components(separatedBy: "\n\n") {
            let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            var escaped = HTMLText.escape(trimmed)
            if let fragments { escaped = linkingFragments(in: escaped, to: fragments) }
            html += "<p>" + escaped.replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }
        return html
    }

    /// Escaped text with each `#move-N` / `#node-K` that `fragments` holds wrapped in a link to it. The words
    /// end at a character that cannot continue them, so `#move-12b` stays text.
    static func linkingFragments(in escaped: String, to fragments: Set<String>) -> String {
        guard escaped.contains("#") else { return escaped }
        var result = ""
        var rest = escaped[...]
        while let hash = rest.firstIndex(of: "#") {
            result += rest[..<hash]
            let afterHash = rest[rest.index(after: hash)...]
            let word = afterHash.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            let fragment = String(word)
            if fragments.contains(fragment), fragment.hasPrefix("move-") || fragment.hasPrefix("node-") {
                result += "<a href=\"#\(fragment)\">#\(fragment)</a>"
                rest = afterHash[word.endIndex...]
            } else {
                result += "#"
                rest = afterHash
            }
        }
        return result + rest
    }
}
