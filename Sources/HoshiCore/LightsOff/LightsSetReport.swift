/// The result of checking a set: one entry per puzzle, in file order.
public struct LightsSetReport: Hashable, Sendable {
    /// One checked puzzle.
    public struct Entry: Hashable, Sendable {
        /// 1-based position in the file.
        public var index: Int
        /// The puzzle as read.
        public var puzzle: LightsPuzzle
        /// Solution or unsolvability.
        public var outcome: LightsOutcome

        /// Fewest presses, or nil when unsolvable.
        public var par: Int? { outcome.solution?.pressCount }

        /// The presses of the fewest-press solution in row-major order, or nil when unsolvable.
        public var presses: [LightsCell]? {
            outcome.solution?.presses.litCells.map { LightsCell(row: $0.row, column: $0.column) }
        }
    }

    /// The file the set came from.
    public var path: String
    /// The rule the set was solved under.
    public var rule: LightsRule
    /// Every puzzle, in file order.
    public var entries: [Entry]

    /// The entries that cannot be solved.
    public var unsolvableEntries: [Entry] { entries.filter { $0.par == nil } }

    /// One diagnostic per unsolvable puzzle, at the puzzle's location, with the severity the caller chose
    /// (the site build maps its configuration — fail, warn and skip, or publish as unsolvable — to this).
    /// Example: `puzzles.plist:12:11: error: puzzle 6 is unsolvable: 3 lit cells lie on quiet pattern 1 (...)
    /// — an odd number, which no press can change; toggle the light at row 1, column 1 to make it solvable`.
    public func unsolvableDiagnostics(severity: Diagnostic.Severity = .error) -> [Diagnostic] {
        entries.compactMap { entry in
            guard case .unsolvable(let reason) = entry.outcome else { return nil }
            return Diagnostic(severity, "\(LightsSetReport.name(of: entry)) is \(reason.message)", at: entry.puzzle.location)
        }
    }

    /// Diagnostics for solutions the solver could not prove minimal (very large null spaces only).
    public var unprovenDiagnostics: [Diagnostic] {
        entries.compactMap { entry in
            guard let solution = entry.outcome.solution, !solution.isProvenMinimal else { return nil }
            return .warning("\(LightsSetReport.name(of: entry)): par \(solution.pressCount) is an upper bound; the null "
                            + "space was too large to search exhaustively", at: entry.puzzle.location)
        }
    }

    static func name(of entry: Entry) -> String {
        entry.puzzle.title.map { "puzzle \(entry.index) (\($0))" } ?? "puzzle \(entry.index)"
    }

    // MARK: - Output for `hoshi lights solve`

    /// The `--json` output: one array, an object per puzzle in file order:
    /// `{"index": 1, "line": 7, "width": 5, "height": 5, "solvable": true, "par": 3, "presses": [[0, 1], ...]}`
    /// with `par` null and `presses` empty when unsolvable, `line` null for binary plists, and presses as
    /// 0-based `[row, column]` from the top-left of the puzzle as written in the file, in row-major order.
    /// Written by hand rather than with JSONEncoder to fix the key order and to stream the 50 million presses
    /// of a 10,000 x 10,000 solution without an object per press.
    public func json() -> String {
        String(decoding: jsonBytes(), as: UTF8.self)
    }

    /// `json()` as UTF-8 bytes.
    public func jsonBytes() -> [UInt8] {
        var output = OutputBuffer()
        output.append("[\n")
        for (position, entry) in entries.enumerated() {
            output.append("  {\"index\": ")
            output.append(entry.index)
            output.append(", \"line\": ")
            if let line = entry.puzzle.location.line { output.append(line) } else { output.append("null") }
            output.append(", \"width\": ")
            output.append(entry.puzzle.board.width)
            output.append(", \"height\": ")
            output.append(entry.puzzle.board.height)
            output.append(", \"solvable\": ")
            output.append(entry.par != nil ? "true" : "false")
            output.append(", \"par\": ")
            if let par = entry.par { output.append(par) } else { output.append("null") }
            output.append(", \"presses\": [")
            if let presses = entry.outcome.solution?.presses {
                var first = true
                LightsSetReport.forEachSetCell(presses) { row, column in
                    output.append(first ? "[" : ", [")
                    first = false
                    output.append(row)
                    output.append(", ")
                    output.append(column)
                    output.append("]")
                }
            }
            output.append(position == entries.count - 1 ? "]}\n" : "]},\n")
        }
        output.append("]\n")
        return output.bytes
    }

    /// The plain-text output: one line per puzzle, presses as 1-based `(row,column)` from the top-left,
    /// then a count line.
    /// ```
    /// puzzle 1 (line 7, 5x5): par 3: (1,2) (2,1) (4,5)
    /// puzzle 2 (line 8, 5x5): unsolvable: 1 lit cell lies on quiet pattern 1 ...
    /// 2 puzzles, 1 solvable, 1 unsolvable
    /// ```
    public func text() -> String {
        String(decoding: textBytes(), as: UTF8.self)
    }

    /// `text()` as UTF-8 bytes.
    public func textBytes() -> [UInt8] {
        var output = OutputBuffer()
        for entry in entries {
            output.append("puzzle ")
            output.append(entry.index)
            if let title = entry.puzzle.title { output.append(" \"\(title)\"") }
            output.append(" (")
            if let line = entry.puzzle.location.line {
                output.append("line ")
                output.append(line)
                output.append(", ")
            }
            output.append(entry.puzzle.board.width)
            output.append("x")
            output.append(entry.puzzle.board.height)
            output.append("): ")
            switch entry.outcome {
            case .solved(let solution):
                output.append("par ")
                output.append(solution.pressCount)
                if !solution.isProvenMinimal { output.append(" (not proven minimal)") }
                if solution.pressCount > 0 { output.append(":") }
                LightsSetReport.forEachSetCell(solution.presses) { row, column in
                    output.append(" (")
                    output.append(row + 1)
                    output.append(",")
                    output.append(column + 1)
                    output.append(")")
                }
                output.append("\n")
            case .unsolvable(let reason):
                output.append(reason.message + "\n")
            }
        }
        let unsolvable = unsolvableEntries.count
        output.append("\(entries.count) puzzle\(entries.count == 1 ? "" : "s"), \(entries.count - unsolvable) solvable, "
                      + "\(unsolvable) unsolvable\n")
        return output.bytes
    }

    /// Calls `body(row, column)` for each set cell in row-major order, straight from the packed words.
    static func forEachSetCell(_ board: LightsBoard, _ body: (Int, Int) -> Void) {
        for row in 0..<board.height {
            for index in 0..<board.wordsPerRow {
                var word = board.words[row * board.wordsPerRow + index]
                while word != 0 {
                    body(row, index * 64 + word.trailingZeroBitCount)
                    word &= word - 1
                }
            }
        }
    }

    /// A growing UTF-8 buffer with allocation-free integer formatting (the outputs above can hold 10^8
    /// numbers, where string interpolation spends most of the run allocating).
    struct OutputBuffer {
        var bytes: [UInt8] = []

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func append(_ number: Int) {
            if number < 0 {
                bytes.append(UInt8(ascii: "-"))
                append(-number)
                return
            }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            var value = number
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                } while value > 0
                for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
            }
        }
    }
}
