/// One line of a MANUAL file, as the reader sees it: 1-based number, text without line break.
///
/// Splitting works on UTF-8 bytes, not Swift `Character`s, because `"\r\n"` is a single `Character` and
/// would not split on `"\n"`. A UTF-8 byte order mark is removed first and is not counted in columns.
struct ManualSourceLine: Hashable, Sendable {
    /// 1-based line number.
    var number: Int
    /// The line without `\n` and without a trailing `\r`.
    var text: String

    /// Empty or only spaces and tabs: closes paragraphs and lists.
    var isBlank: Bool {
        text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// `text` without leading and trailing spaces and tabs: a title as shown.
    var trimmedText: String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }

    /// Leading spaces, counted in bytes (tabs are not indentation, as in Little Go).
    var indentation: Int {
        text.utf8.prefix { $0 == UInt8(ascii: " ") }.count
    }

    /// `text` split into lines: `\n` separates, a `\r` before it is dropped, a leading BOM is dropped.
    static func lines(of text: String) -> [ManualSourceLine] {
        var bytes = Substring(text).utf8[...]
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(3) }
        var lines: [ManualSourceLine] = []
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let withoutReturn = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            lines.append(ManualSourceLine(number: index + 1, text: String(decoding: withoutReturn, as: UTF8.self)))
        }
        return lines
    }
}
