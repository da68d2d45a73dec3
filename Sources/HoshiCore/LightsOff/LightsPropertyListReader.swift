import Foundation

/// Reads the original Lights Off game's `puzzles.plist`.
///
/// Shape: a property list whose `puzzles` key (or root) is an array of strings; each string is one 5 x 5
/// puzzle written as rows of `x` (lit) and `-` (off), each row ended by `|`:
/// ```
/// <string>-x---|xxx--|-x-x-|--xxx|---x-|</string>
/// ```
/// The final `|` may be missing; the text format's other cell characters (`1 # O`, `0 .`) are accepted too,
/// and rows of any equal width. The app shows the first row at the bottom of the screen; we keep the file's
/// order (row 0 = first row written) so that reported coordinates match the file, and the set records
/// `firstRowShownAtBottom`.
///
/// XML plists are scanned directly (Foundation's parser does not report line numbers), so every problem is
/// reported at its line and byte column; binary plists go through `PropertyListSerialization` and report
/// only the file. Not handled: XML entities inside puzzle strings (a puzzle never needs one).
public enum LightsPropertyListReader {
    /// Whether the bytes look like a property list (XML or binary).
    public static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
        let prefix = String(decoding: bytes.prefix(64), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return prefix.hasPrefix("bplist") || prefix.hasPrefix("<?xml") || prefix.hasPrefix("<plist")
            || prefix.hasPrefix("<!DOCTYPE plist")
    }

    /// Reads every puzzle; malformed ones are reported and left out.
    public static func parse(_ bytes: [UInt8], path: String) -> (puzzles: [LightsPuzzle], diagnostics: [Diagnostic]) {
        if bytes.starts(with: Array("bplist".utf8)) { return parseBinary(bytes, path: path) }
        let lines = LineIndex(bytes: bytes)
        var puzzles: [LightsPuzzle] = []
        var diagnostics: [Diagnostic] = []
        // Start after `<key>puzzles</key>` when present, so other keys' strings are not taken for puzzles.
        var position = firstIndex(of: Array("<key>puzzles</key>".utf8), in: bytes, from: 0).map { $0 + 18 } ?? 0
        let end = position > 0 ? (firstIndex(of: Array("</array>".utf8), in: bytes, from: position) ?? bytes.count) : bytes.count
        let open = Array("<string>".utf8)
        let close = Array("</string>".utf8)
        while let start = firstIndex(of: open, in: bytes, from: position), start < end {
            let contentStart = start + open.count
            guard let contentEnd = firstIndex(of: close, in: bytes, from: contentStart) else {
                diagnostics.append(.error("<string> is never closed; add </string>",
                                          at: lines.location(ofOffset: start, in: path)))
                break
            }
            switch parsePuzzle(bytes[contentStart..<contentEnd]) {
            case .success(let board):
                puzzles.append(LightsPuzzle(board: board, location: lines.location(ofOffset: contentStart, in: path)))
            case .failure(let problem):
                diagnostics.append(.error(problem.message, at: lines.location(ofOffset: problem.offset, in: path)))
            }
            position = contentEnd + close.count
        }
        if puzzles.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("no puzzles found; expected an array of <string> puzzles such as "
                                      + "<string>-x---|xxx--|-x-x-|--xxx|---x-|</string>", at: SourceLocation(path: path)))
        }
        return (puzzles, diagnostics)
    }

    /// A problem inside one puzzle string, at a byte offset in the file.
    struct Problem: Error {
        var message: String
        var offset: Int
    }

    /// Parses `x-x--|...|` (a slice of the file, so its indices are file offsets).
    static func parsePuzzle(_ text: ArraySlice<UInt8>) -> Result<LightsBoard, Problem> {
        var rows: [(cells: [Bool], start: Int)] = []
        var current: [Bool] = []
        var rowStart = text.startIndex
        for index in text.indices {
            let byte = text[index]
            if byte == UInt8(ascii: "|") {
                rows.append((current, rowStart))
                current = []
                rowStart = index + 1
            } else if let lit = LightsTextReader.cellValue(byte) {
                current.append(lit)
            } else if !LightsTextReader.isSpace(byte) && byte != UInt8(ascii: "\n") {
                let shown = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
                return .failure(Problem(message: "unexpected character \(shown) in a puzzle; use x for lit, - for off "
                                        + "and | after each row", offset: index))
            }
        }
        if !current.isEmpty { rows.append((current, rowStart)) }
        guard let width = rows.first?.cells.count, width > 0 else {
            return .failure(Problem(message: "empty puzzle; write rows of x and - each ended by |", offset: text.startIndex))
        }
        for (number, row) in rows.enumerated() where row.cells.count != width {
            return .failure(Problem(message: "row \(number + 1) has \(row.cells.count) cells but row 1 has \(width); "
                                    + "every row of a puzzle needs the same width", offset: row.start))
        }
        return .success(LightsBoard(rows: rows.map(\.cells)))
    }

    /// Binary plists: no positions are available, so problems carry the file and the puzzle's index.
    static func parseBinary(_ bytes: [UInt8], path: String) -> (puzzles: [LightsPuzzle], diagnostics: [Diagnostic]) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return ([], [.error("not a readable property list: \(error.localizedDescription)", at: SourceLocation(path: path))])
        }
        let strings = ((root as? [String: Any])?["puzzles"] as? [Any]) ?? (root as? [Any]) ?? []
        var puzzles: [LightsPuzzle] = []
        var diagnostics: [Diagnostic] = []
        for (index, value) in strings.enumerated() {
            guard let string = value as? String else {
                diagnostics.append(.error("puzzle \(index + 1) is not a string", at: SourceLocation(path: path)))
                continue
            }
            switch parsePuzzle(ArraySlice(Array(string.utf8))) {
            case .success(let board): puzzles.append(LightsPuzzle(board: board, location: SourceLocation(path: path)))
            case .failure(let problem):
                diagnostics.append(.error("puzzle \(index + 1): \(problem.message)", at: SourceLocation(path: path)))
            }
        }
        if puzzles.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("no puzzles found; expected an array of strings under the key 'puzzles'",
                                      at: SourceLocation(path: path)))
        }
        return (puzzles, diagnostics)
    }

    /// The first index at or after `start` where `pattern` occurs in `bytes`.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0] {
                var matches = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] { matches = false; break }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
