import Foundation

/// Reads a word list for Evil Hangman: one word per line (Debian's `/usr/share/dict` lists), or a property
/// list whose root is an array of strings (the `words.plist` of the original iPhone course project).
///
/// Words are upper-cased and kept once. Entries that are not words of A-Z (possessives, accents, digits,
/// markup, NUL bytes, invalid UTF-8, lines longer than 64 letters) are left out and reported as warnings,
/// one per kind of problem with its count and first positions, at line and byte column. Blank lines are
/// skipped silently. A list with no word left is an error. No input crashes the reader: it looks at bytes,
/// never assumes text.
public enum WordListReader {
    /// How many positions a warning lists after the first (which is its location).
    static let listedPositions = 3

    public static func read(_ bytes: [UInt8], path: String) -> (list: WordList, diagnostics: [Diagnostic]) {
        var collector = Collector(path: path, bytes: bytes)
        if bytes.starts(with: Array("bplist".utf8)) {
            readBinaryPropertyList(bytes, into: &collector)
        } else if isXMLPropertyList(bytes) {
            readXMLPropertyList(bytes, into: &collector)
        } else {
            readLines(bytes, into: &collector)
        }
        return collector.finish()
    }

    static func isXMLPropertyList(_ bytes: [UInt8]) -> Bool {
        let start = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return start.hasPrefix("<?xml") || start.hasPrefix("<plist") || start.hasPrefix("<!DOCTYPE plist")
    }

    static func readLines(_ bytes: [UInt8], into collector: inout Collector) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            collector.add(bytes[start..<end])
            start = end + 1
        }
    }

    /// Every `<string>` element's text, at its offset; the entries' positions are exact in the file.
    static func readXMLPropertyList(_ bytes: [UInt8], into collector: inout Collector) {
        let open = Array("<string>".utf8)
        let close = Array("</string>".utf8)
        var position = 0
        while let start = firstIndex(of: open, in: bytes, from: position) {
            let contentStart = start + open.count
            guard let contentEnd = firstIndex(of: close, in: bytes, from: contentStart) else {
                collector.diagnostics.append(.error("<string> is never closed; add </string>",
                                                    at: collector.lines.location(ofOffset: start, in: collector.path)))
                return
            }
            collector.add(bytes[contentStart..<contentEnd])
            position = contentEnd + close.count
        }
    }

    /// Binary property lists carry no positions: problems name the file and the entry's number.
    static func readBinaryPropertyList(_ bytes: [UInt8], into collector: inout Collector) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            collector.diagnostics.append(.error("not a readable property list: \(error.localizedDescription)",
                                                at: SourceLocation(path: collector.path)))
            return
        }
        guard let array = root as? [Any] else {
            collector.diagnostics.append(.error("the property list's root is not an array of strings",
                                                at: SourceLocation(path: collector.path)))
            return
        }
        for value in array {
            collector.add(ArraySlice(Array((value as? String ?? "\u{0}").utf8)), isPositioned: false)
        }
    }

    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start < bytes.count else { return nil }
        var index = start
        while let candidate = bytes[index...].firstIndex(of: first) {
            guard candidate + pattern.count <= bytes.count else { return nil }
            if bytes[candidate..<(candidate + pattern.count)].elementsEqual(pattern) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// The words and problems found so far.
    struct Collector {
        let path: String
        let bytes: [UInt8]
        /// Built on the first problem only, so that a clean file never pays for it.
        lazy var lines = LineIndex(bytes: bytes)
        var words: [String] = []
        var diagnostics: [Diagnostic] = []
        var entryCount = 0
        var problems: [WordEntryProblem: (count: Int, offsets: [Int?], sample: String)] = [:]

        init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        /// One entry; a positioned entry is a slice of the file's bytes, so its indices are file offsets
        /// (entries of a binary property list are not).
        mutating func add(_ raw: ArraySlice<UInt8>, isPositioned: Bool = true) {
            entryCount += 1
            var entry = raw
            while let last = entry.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                entry = entry.dropLast()
            }
            while let first = entry.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                entry = entry.dropFirst()
            }
            guard !entry.isEmpty else { return }
            if let (problem, at) = WordEntryProblem.find(in: entry) {
                let fileOffset: Int? = isPositioned ? at : nil
                var record = problems[problem] ?? (0, [], Self.sample(entry))
                record.count += 1
                if record.offsets.count <= WordListReader.listedPositions { record.offsets.append(fileOffset) }
                problems[problem] = record
                return
            }
            words.append(String(decoding: entry.map { $0 & 0xDF }, as: UTF8.self))
        }

        /// A short, printable rendering of an entry for a message: non-printable bytes as \xNN, at most 24 bytes.
        static func sample(_ entry: ArraySlice<UInt8>) -> String {
            var text = ""
            for byte in entry.prefix(24) {
                text += (0x20..<0x7F).contains(byte) ? String(Unicode.Scalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
            }
            return entry.count > 24 ? text + "…" : text
        }

        mutating func finish() -> (list: WordList, diagnostics: [Diagnostic]) {
            var list = WordList(words: words)
            list.duplicateCount = words.count - list.words.count
            for problem in WordEntryProblem.allCases {
                guard let record = problems[problem] else { continue }
                let locations = record.offsets.map { offset in
                    offset.map { lines.location(ofOffset: $0, in: path) } ?? SourceLocation(path: path)
                }
                let entries = record.count == 1 ? "1 entry" : "\(WordListReader.grouped(record.count)) entries"
                var message = "\(entries) left out (\(problem.description)), such as \"\(record.sample)\"; "
                    + "a word is letters A-Z only"
                let more = locations.dropFirst().compactMap { location in
                    location.line.map { "\($0):\(location.column ?? 1)" }
                }
                if !more.isEmpty {
                    message += "; also at \(more.joined(separator: ", "))\(record.count > locations.count ? ", …" : "")"
                }
                diagnostics.append(.warning(message, at: locations.first ?? SourceLocation(path: path)))
            }
            if list.words.isEmpty && !diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics.append(.error("no words in this list; write one word of letters A-Z per line, or a property "
                                          + "list array of <string> words", at: SourceLocation(path: path)))
            }
            return (list, diagnostics)
        }
    }

    /// 29497 -> "29,497".
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
