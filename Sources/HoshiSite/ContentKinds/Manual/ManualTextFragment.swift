/// The raw text of one paragraph or list item, joined from source lines, with a map back to those lines.
///
/// The sanitizer sees the joined text (so a tag may open on one line and close on the next) and reports
/// byte offsets into it; ``location(ofOffset:)`` turns them back into source line and column.
///
/// Lines join with a space, as in Little Go, and lose their indentation. Inside an open `<pre>` element the
/// reader keeps lines literal instead: they join with a newline, keep their indentation, and a `<br/>` at the
/// end of a line is dropped (Little Go needs it because it joins with spaces; with the newline kept it would
/// double the line break).
struct ManualTextFragment: Sendable {
    /// Where a source line's text starts in ``text``.
    private struct Segment: Sendable {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// The joined raw text (author's HTML, not yet sanitized).
    private(set) var text = ""
    private var segments: [Segment] = []
    /// How many `<pre>` elements are open at the end of ``text``.
    private var preDepth = 0

    /// Whether the next line is inside a `<pre>` element and so is taken literally.
    var isInsidePre: Bool {
        preDepth > 0
    }

    /// Appends a line's text from byte `start` (0-based) on.
    mutating func append(_ line: ManualSourceLine, from start: Int) {
        let literal = isInsidePre
        var bytes = Array(line.text.utf8)
        var start = literal ? 0 : start
        if !literal {
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        }
        while bytes.count > start, bytes.last == UInt8(ascii: " ") || bytes.last == UInt8(ascii: "\t") { bytes.removeLast() }
        if literal { bytes = Self.removingTrailingLineBreak(bytes) }
        if !text.isEmpty { text += literal ? "\n" : " " }
        let content = String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self)
        segments.append(Segment(offset: text.utf8.count, line: line.number, column: start + 1))
        text += content
        preDepth = max(0, preDepth + Self.preBalance(of: content))
    }

    /// The 1-based source line and byte column of a byte offset in ``text``.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        guard let segment = segments.last(where: { $0.offset <= offset }) ?? segments.first else { return (1, 1) }
        return (segment.line, segment.column + max(0, offset - segment.offset))
    }

    /// `<pre>` start tags minus `</pre>` end tags in `content` (ASCII case-insensitive).
    private static func preBalance(of content: String) -> Int {
        let lowered = content.lowercased()
        guard lowered.contains("<pre") || lowered.contains("</pre") else { return 0 }
        let bytes = Array(lowered.utf8)
        var balance = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let tag = HTMLTagScanner.scanTag(in: bytes, at: index), tag.name == "pre" {
                balance += tag.isEndTag ? -1 : 1
                index = tag.end
            } else {
                index += 1
            }
        }
        return balance
    }

    /// `bytes` without a final `<br>`, `<br/>`, `<br />` or `</br>` (ASCII case-insensitive).
    private static func removingTrailingLineBreak(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.last == UInt8(ascii: ">"), let open = bytes.lastIndex(of: UInt8(ascii: "<")),
              let tag = HTMLTagScanner.scanTag(in: bytes, at: open), tag.name == "br", tag.end == bytes.count
        else { return bytes }
        return Array(bytes[..<open])
    }
}
