import Foundation
import HoshiCore

/// Everything a build takes from the hint cache for one file, in one entry: the positions the file plans,
/// in order, each with its hint, copied from the per-position entries when every one of them had one.
///
/// A no-change rebuild of an archive otherwise plans every game again (parse, replay, a key per position)
/// and opens, checks and reads one entry per position. The index is stored in an `AnswerCache` of its own
/// (`HintIndexCache`) under `HintIndexKey`, the file's bytes and settings, so it is content-addressed and
/// checked like the entries it is derived from (by XXH64 rather than SHA-256: it is read whole on every build,
/// see `EntryChecksum`). A whole index answers for its file on its own: its hints are the checked copies of
/// what the entries held when it was written, and an entry never changes but by a new answer to the same
/// key. The entries are not looked at again (a `stat` each cost a no-change rebuild of the 923 Edo games
/// about a third of what the hints added); a damaged entry is found by `hoshi cache stats` and `prune`, and
/// by the first build that reads it (a changed game, another file reaching the position, a damaged index),
/// which reports it and computes it again.
///
/// Stored text, after the key:
/// ```
/// positions 2
/// - 0 B 0          game number (- in a one-game file), node, colour to move, answer number
/// - 1 W 1
/// answers 2
/// <digest> <bytes>
/// visits 8         the answer as its per-position entry stores it, <bytes> long
/// winrate 0.5312
/// …
/// notes 0          planning's warnings: severity, line, column (- when none) and message
/// ```
public struct HintIndex: Sendable, Equatable {
    /// One planned position.
    public struct Position: Sendable, Equatable {
        /// Which game of the file (from 1), nil when the file holds one game.
        public var gameNumber: Int?
        public var node: Node.ID
        public var toMove: Stone
        /// Its place in `answers`.
        public var answer: Int
    }

    /// The hint of one distinct position, and the per-position entry it was read from.
    public struct Answer: Sendable, Equatable {
        /// The `HintKey` digest: the entry's name.
        public var digest: EntryDigest
        public var hint: PositionHint
    }

    /// A warning of planning (a game the engine cannot analyse), at the planned file.
    public struct Note: Sendable, Equatable {
        public var severity: Diagnostic.Severity
        public var line: Int?
        public var column: Int?
        public var message: String

        /// The warning, at the file being built.
        func diagnostic(at path: String) -> Diagnostic {
            Diagnostic(severity, message, at: SourceLocation(path: path, line: line, column: column))
        }
    }

    /// Which stored index answered for a file: its key's digest and its entry's checksum, a digest of the
    /// hints it holds. What is derived from a file's hints (its pages' rendered hints) is keyed by it: an
    /// index written anew under the same key with other hints (an entry computed again by an engine that
    /// does not repeat itself) has another checksum.
    struct Identity: Sendable, Hashable {
        var keyDigest: String
        var checksum: String
    }

    public var positions: [Position]
    public var answers: [Answer]
    public var notes: [Note]

}

extension HintIndex {
    /// The index of a planned file whose every position got a hint with an entry in the cache in `run`; nil
    /// when one did not (not computed, or not stored), or when a diagnostic of planning is elsewhere than
    /// the file at `path`, or not one line: such a file is planned on every build.
    init?(jobs: [HintJob], diagnostics: [Diagnostic], path: String, run: HintComputer.Run) {
        var answerNumbers: [String: Int] = [:]
        var answers: [Answer] = []
        var positions: [Position] = []
        positions.reserveCapacity(jobs.count)
        for job in jobs {
            let digest = job.key.digest
            let number: Int
            if let known = answerNumbers[digest] {
                number = known
            } else {
                guard let hint = run.hints[digest], run.stored.contains(digest), let entry = EntryDigest(digest) else { return nil }
                number = answers.count
                answerNumbers[digest] = number
                answers.append(Answer(digest: entry, hint: hint))
            }
            positions.append(Position(gameNumber: job.gameNumber, node: job.node, toMove: job.position.toMove, answer: number))
        }
        var notes: [Note] = []
        for diagnostic in diagnostics {
            guard let location = diagnostic.location, location.path == path, !diagnostic.message.contains("\n") else { return nil }
            notes.append(Note(severity: diagnostic.severity, line: location.line, column: location.column, message: diagnostic.message))
        }
        self.init(positions: positions, answers: answers, notes: notes)
    }
}

// MARK: - Stored form

extension HintIndex: CachedAnswer {
    /// An index holds every hint of a file and is read whole on every build: XXH64, not SHA-256.
    public static var entryChecksum: EntryChecksum { .xxHash64 }

    public var storedText: String {
        var text = "positions \(positions.count)\n"
        for position in positions {
            text += "\(position.gameNumber.map(String.init) ?? "-") \(position.node) \(position.toMove.sgfLetter) \(position.answer)\n"
        }
        text += "answers \(answers.count)\n"
        for answer in answers {
            // The hint as its entry holds it, so reading it back gives what reading the entry gives.
            let hint = answer.hint.storedText
            text += "\(answer.digest.hexDigits) \(hint.utf8.count)\n\(hint)"
        }
        text += "notes \(notes.count)\n"
        for note in notes {
            text += "\(note.severity.rawValue) \(note.line.map(String.init) ?? "-") \(note.column.map(String.init) ?? "-") \(note.message)\n"
        }
        return text
    }

    /// Reads `storedText` straight from its bytes; nil when anything is out of place.
    public init?(storedText: String) {
        var text = storedText
        guard let index = text.withUTF8({ Self(storedBytes: $0) }) else { return nil }
        self = index
    }

    /// Reads the stored text where the entry's bytes lie: an index is some 30 KB, read on every build.
    public init?(storedBytes: UnsafeBufferPointer<UInt8>) {
        guard let layout = Layout(storedBytes: storedBytes) else { return nil }
        var answers: [Answer] = []
        answers.reserveCapacity(layout.answers.count)
        for answer in layout.answers {
            guard let hint = PositionHint(storedBytes: UnsafeBufferPointer(rebasing: storedBytes[answer.hint])) else { return nil }
            answers.append(Answer(digest: answer.digest, hint: hint))
        }
        self.init(positions: layout.positions, answers: answers, notes: layout.notes)
    }

    /// The stored text read but for its hints, which are left where they lie: what a build needs of an index
    /// before its pages ask for the hints (`StoredHintIndex`).
    struct Layout: Sendable, Equatable {
        /// One answer: its entry, and the range of the stored text holding its hint.
        struct StoredAnswer: Sendable, Equatable {
            var digest: EntryDigest
            var hint: Range<Int>
        }

        var positions: [Position]
        var answers: [StoredAnswer]
        var notes: [Note]

        /// Reads `storedText`'s bytes; nil when anything but a hint is out of place (the hints are not read).
        init?(storedBytes: UnsafeBufferPointer<UInt8>) {
            var reader = StoredTextReader(bytes: storedBytes)
            guard reader.word("positions "), let positionCount = reader.number(), reader.endOfLine() else { return nil }
            positions = []
            positions.reserveCapacity(positionCount)
            for _ in 0..<positionCount {
                let game = reader.word("- ") ? nil : reader.number()
                guard game != nil ? reader.space() : true, let node = reader.number(), reader.space(),
                      let toMove = reader.stone(), reader.space(), let answer = reader.number(), reader.endOfLine() else { return nil }
                positions.append(Position(gameNumber: game, node: node, toMove: toMove, answer: answer))
            }
            guard reader.word("answers "), let answerCount = reader.number(), reader.endOfLine(),
                  positions.allSatisfy({ $0.answer < answerCount }) else { return nil }
            answers = []
            answers.reserveCapacity(answerCount)
            for _ in 0..<answerCount {
                guard let digest = reader.digest(), reader.space(), let length = reader.number(), reader.endOfLine(),
                      let hint = reader.skip(length) else { return nil }
                answers.append(StoredAnswer(digest: digest, hint: hint))
            }
            guard reader.word("notes "), let noteCount = reader.number(), reader.endOfLine() else { return nil }
            notes = []
            for _ in 0..<noteCount {
                let severity: Diagnostic.Severity
                if reader.word("warning ") { severity = .warning } else if reader.word("error ") { severity = .error } else { return nil }
                let line = reader.word("- ") ? nil : reader.number()
                guard line != nil ? reader.space() : true else { return nil }
                let column = reader.word("- ") ? nil : reader.number()
                guard column != nil ? reader.space() : true, let message = reader.restOfLine() else { return nil }
                notes.append(Note(severity: severity, line: line, column: column, message: message))
            }
            guard reader.isAtEnd else { return nil }
        }
    }
}

/// The fields of a stored `HintIndex` besides words, numbers and separators (`StoredTextReader`).
private extension StoredTextReader {
    mutating func stone() -> Stone? {
        if byte(UInt8(ascii: "B")) { return .black }
        if byte(UInt8(ascii: "W")) { return .white }
        return nil
    }

    /// 64 lowercase hexadecimal digits, read straight into the numbers they spell.
    mutating func digest() -> EntryDigest? {
        guard bytes.count - offset >= 64, let digest = EntryDigest(hexDigits: UnsafeBufferPointer(rebasing: bytes[offset..<offset + 64]))
        else { return nil }
        offset += 64
        return digest
    }

    /// Passes the next `length` bytes: their range, nil when fewer are left.
    mutating func skip(_ length: Int) -> Range<Int>? {
        guard bytes.count - offset >= length else { return nil }
        offset += length
        return offset - length..<offset
    }

    /// The rest of the line as text, the line's end read.
    mutating func restOfLine() -> String? {
        guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        offset = end + 1
        return text
    }
}
