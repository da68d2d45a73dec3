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

    /// Paragraphs of escaped HTML: blank lines separate paragraphs, single line breaks become `<br>`.
    static func paragraphsHTML(_ text: String) -> String {
        let cleaned = clean(text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return "" }
        var html = ""
        for paragraph in cleaned.components(separatedBy: "\n\n") {
            let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            html += "<p>" + HTMLText.escape(trimmed).replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }
        return html
    }
}
