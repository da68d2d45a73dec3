/// Reads Hoshi's plain-text Lights Off format.
///
/// Grammar (one line per row; lines end with `\n` or `\r\n`):
/// ```
/// file     := (blank | comment)* (puzzle (blank | comment)*)*
/// puzzle   := title? row+                 -- rows of one puzzle are consecutive lines
/// title    := "#" text                    -- a "#" line directly above a puzzle's first row
/// comment  := "#" text                    -- any other "#" line (file headers, notes)
/// row      := space* cell+ space*
/// cell     := lit | off
/// lit      := "x" | "X" | "1" | "#" | "O"
/// off      := "-" | "0" | "."
/// blank    := space*
/// ```
/// A line starting with `#` is a row when every character on it is a cell character (`#-#` is a row of two
/// lit cells); otherwise it is a title or comment, so write titles as `# Title` (the space makes it a title).
/// Every row of a puzzle must have the same width. Any width and height are accepted; a 10,000 x 10,000
/// puzzle is a 100 MB file read in one pass over its bytes.
///
/// Example:
/// ```
/// # Cross
/// --x--
/// -xxx-
/// --x--
///
/// 1001
/// 0110
/// ```
///
/// Not checked here: solvability (see `LightsSetChecker`), duplicate puzzles.
public enum LightsTextReader {
    /// Reads every puzzle; malformed puzzles are reported and left out.
    public static func parse(_ bytes: [UInt8], path: String) -> (puzzles: [LightsPuzzle], diagnostics: [Diagnostic]) {
        var reader = BlockReader(path: path, bytes: bytes)
        reader.run()
        return (reader.puzzles, reader.diagnostics)
    }

    /// Reads from a string (convenience for tests and generated text).
    public static func parse(_ text: String, path: String) -> (puzzles: [LightsPuzzle], diagnostics: [Diagnostic]) {
        parse(Array(text.utf8), path: path)
    }

    /// Whether a byte is a cell character, and if so whether it is lit.
    @inline(__always)
    static func cellValue(_ byte: UInt8) -> Bool? {
        switch byte {
        case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "1"), UInt8(ascii: "#"), UInt8(ascii: "O"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "0"), UInt8(ascii: "."): return false
        default: return nil
        }
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The line-by-line state machine behind `parse`.
    struct BlockReader {
        let path: String
        let bytes: [UInt8]
        var puzzles: [LightsPuzzle] = []
        var diagnostics: [Diagnostic] = []
        /// Line number of the current line (1-based).
        var lineNumber = 0
        /// The title from the line just above, if that line was a `#` line.
        var pendingTitle: String?
        // The block being read.
        var blockWords: [UInt64] = []
        var blockWidth = 0
        var blockHeight = 0
        var blockTitle: String?
        var blockStart: SourceLocation?
        var blockIsBroken = false

        init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        mutating func run() {
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                lineNumber += 1
                readLine(from: start, to: end)
                start = end + 1
            }
            finishBlock()
        }

        mutating func readLine(from lineStart: Int, to lineEnd: Int) {
            var first = lineStart
            var last = lineEnd
            while first < last && LightsTextReader.isSpace(bytes[first]) { first += 1 }
            while last > first && LightsTextReader.isSpace(bytes[last - 1]) { last -= 1 }
            if first == last {
                finishBlock()
                pendingTitle = nil
                return
            }
            if bytes[first] == UInt8(ascii: "#") && !(first..<last).allSatisfy({ LightsTextReader.cellValue(bytes[$0]) != nil }) {
                finishBlock()
                var textStart = first
                while textStart < last && (bytes[textStart] == UInt8(ascii: "#") || LightsTextReader.isSpace(bytes[textStart])) {
                    textStart += 1
                }
                pendingTitle = String(decoding: bytes[textStart..<last], as: UTF8.self)
                return
            }
            readRow(from: first, to: last, lineStart: lineStart)
        }

        mutating func readRow(from first: Int, to last: Int, lineStart: Int) {
            let width = last - first
            if blockStart == nil {
                blockStart = SourceLocation(path: path, line: lineNumber, column: first - lineStart + 1)
                blockTitle = pendingTitle
                pendingTitle = nil
                blockWidth = width
            }
            if blockIsBroken { return }
            if width != blockWidth {
                report("row has \(width) cells but the puzzle's first row has \(blockWidth); "
                       + "make every row of a puzzle the same width, or separate puzzles with a blank line",
                       column: first - lineStart + 1)
                return
            }
            let wordsPerRow = (width + 63) / 64
            let base = blockWords.count
            blockWords.append(contentsOf: repeatElement(0, count: wordsPerRow))
            for offset in 0..<width {
                let byte = bytes[first + offset]
                guard let lit = LightsTextReader.cellValue(byte) else {
                    let shown = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
                    report("unexpected character \(shown) in a puzzle row; use x, 1, #, O for lit and -, 0, . for off",
                           column: first + offset - lineStart + 1)
                    return
                }
                if lit { blockWords[base + offset >> 6] |= 1 << UInt64(offset & 63) }
            }
            blockHeight += 1
        }

        mutating func report(_ message: String, column: Int) {
            diagnostics.append(.error(message, at: SourceLocation(path: path, line: lineNumber, column: column)))
            blockIsBroken = true
        }

        mutating func finishBlock() {
            defer {
                blockWords = []
                blockWidth = 0
                blockHeight = 0
                blockTitle = nil
                blockStart = nil
                blockIsBroken = false
            }
            guard let start = blockStart, !blockIsBroken, blockHeight > 0 else { return }
            var board = LightsBoard(width: blockWidth, height: blockHeight)
            board.words = blockWords
            puzzles.append(LightsPuzzle(title: blockTitle, board: board, location: start))
        }
    }
}
