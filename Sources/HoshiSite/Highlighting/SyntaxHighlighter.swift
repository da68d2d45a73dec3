/// Turns code into HTML with `<span class="hl-…">` around tokens, at build time.
///
/// Classes: `hl-keyword`, `hl-string`, `hl-comment`, `hl-number`, `hl-key` (JSON and YAML keys, SGF property
/// names), `hl-variable` (shell `$NAME`), `hl-punctuation` (SGF tree structure). All text is HTML-escaped.
struct SyntaxHighlighter {
    let language: CodeLanguage

    func highlight(_ code: String) -> String {
        if language == .plainText { return HTMLText.escape(code) }
        if language == .sgf { return highlightSGF(code) }
        let characters = Array(code.unicodeScalars)
        var output = HighlightedHTML(characters: characters)
        var index = 0
        var lineStart = true
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                index += 1
                lineStart = true
                continue
            }
            if let comment = language.lineComment, starts(characters, at: index, with: comment),
               language != .shell || lineStart || index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t" {
                let end = characters[index...].firstIndex(of: "\n") ?? characters.count
                output.span("comment", index..<end)
                index = end
                continue
            }
            if language == .swift, starts(characters, at: index, with: "/*") {
                let end = find(characters, "*/", from: index + 2).map { $0 + 2 } ?? characters.count
                output.span("comment", index..<end)
                index = end
                continue
            }
            lineStart = lineStart && (character == " " || character == "\t")
            if character == "\"" || (character == "'" && language != .swift) {
                let end = stringEnd(characters, from: index, quote: character)
                let isKey = (language == .json || language == .yaml) && nextNonSpace(characters, from: end) == ":"
                output.span(isKey ? "key" : "string", index..<end)
                index = end
                continue
            }
            if language == .shell, character == "$" {
                var end = index + 1
                if end < characters.count, characters[end] == "{" {
                    end = characters[end...].firstIndex(of: "}").map { $0 + 1 } ?? characters.count
                } else {
                    while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
                }
                output.span("variable", index..<end)
                index = end
                continue
            }
            if isWordCharacter(character) || (character == "-" && language == .yaml) {
                var end = index
                while end < characters.count, isWordCharacter(characters[end])
                    || (characters[end] == "-" && (language == .yaml || language == .shell))
                    || (characters[end] == "." && isNumber(characters, from: index)) {
                    end += 1
                }
                if end == index { end += 1 }
                let word = HighlightedHTML.string(characters[index..<end])
                if language == .yaml, wasLineStart(characters, before: index), nextNonSpace(characters, from: end) == ":" {
                    output.span("key", index..<end)
                } else if language.keywords.contains(word) {
                    output.span("keyword", index..<end)
                } else if word.first.map({ $0.isNumber }) == true {
                    output.span("number", index..<end)
                }
                index = end
                continue
            }
            index += 1
        }
        return output.finish()
    }

    /// SGF: `(`, `;` and `)` structure, property identifiers, bracketed values with `\]` escapes.
    private func highlightSGF(_ code: String) -> String {
        let characters = Array(code.unicodeScalars)
        var output = HighlightedHTML(characters: characters)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "(", ")", ";":
                output.span("punctuation", index..<index + 1)
                index += 1
            case "[":
                var end = index + 1
                while end < characters.count, characters[end] != "]" {
                    end += characters[end] == "\\" ? 2 : 1
                }
                end = min(end + 1, characters.count)
                output.span("string", index..<end)
                index = end
            case "A"..."Z":
                var end = index
                while end < characters.count, ("A"..."Z").contains(characters[end]) || ("a"..."z").contains(characters[end]) { end += 1 }
                output.span("key", index..<end)
                index = end
            default:
                index += 1
            }
        }
        return output.finish()
    }

    private func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII answered without the Unicode property tables: the alphabetic ASCII scalars are the letters.
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    private func isNumber(_ characters: [Unicode.Scalar], from index: Int) -> Bool {
        ("0"..."9").contains(characters[index])
    }

    /// Asked at nearly every character, so it compares in place rather than through arrays.
    private func starts(_ characters: [Unicode.Scalar], at index: Int, with prefix: String) -> Bool {
        var position = index
        for scalar in prefix.unicodeScalars {
            guard position < characters.count, characters[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private func find(_ characters: [Unicode.Scalar], _ needle: String, from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if starts(characters, at: index, with: needle) { return index }
            index += 1
        }
        return nil
    }

    private func stringEnd(_ characters: [Unicode.Scalar], from start: Int, quote: Unicode.Scalar) -> Int {
        var index = start + 1
        while index < characters.count, characters[index] != quote, characters[index] != "\n" {
            index += characters[index] == "\\" && quote == "\"" ? 2 : 1
        }
        return min(index + 1, characters.count)
    }

    private func nextNonSpace(_ characters: [Unicode.Scalar], from index: Int) -> Unicode.Scalar? {
        var index = index
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        return index < characters.count ? characters[index] : nil
    }

    private func wasLineStart(_ characters: [Unicode.Scalar], before index: Int) -> Bool {
        var position = index - 1
        while position >= 0, characters[position] == " " || characters[position] == "\t" || characters[position] == "-" {
            position -= 1
        }
        return position < 0 || characters[position] == "\n"
    }
}

/// The HTML of highlighted code, written left to right: tokens become spans, and the text between them is
/// escaped a run at a time, not a character at a time.
private struct HighlightedHTML {
    let characters: [Unicode.Scalar]
    private var html = ""
    /// Where the code not yet in `html` starts.
    private var written = 0

    init(characters: [Unicode.Scalar]) {
        self.characters = characters
    }

    /// Writes the code before `range` as text, then `range` as a token of class `hl-<kind>`.
    mutating func span(_ kind: String, _ range: Range<Int>) {
        writeText(upTo: range.lowerBound)
        html += "<span class=\"hl-\(kind)\">\(HTMLText.escape(Self.string(characters[range])))</span>"
        written = range.upperBound
    }

    /// The HTML, with the code after the last token written as text.
    mutating func finish() -> String {
        writeText(upTo: characters.count)
        return html
    }

    private mutating func writeText(upTo end: Int) {
        guard written < end else { return }
        html += HTMLText.escape(Self.string(characters[written..<end]))
        written = end
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }
}
