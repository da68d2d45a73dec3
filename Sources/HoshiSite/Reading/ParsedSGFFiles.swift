import Foundation
import HoshiCore

/// The site's SGF files, each parsed once per build for every kind that reads it: the problem kind looks into
/// SGF files to claim them and to name their link targets, the game kind plans its engine work and reads its
/// pages, documents draw their diagrams, all from one parse of each file (`ClaimingContext.sgfFiles`,
/// `ReadingContext.sgfFiles`).
///
/// A parse is kept with the content hash of the bytes it was made from, in the ``BuildMemory``: `hoshi serve`
/// parses again only the files whose bytes changed. Two threads asking for one file at once get one parse: the
/// second waits for the first.
final class ParsedSGFFiles: Sendable {
    /// One file's parse, made by the first thread asking for it.
    private final class Slot: Sendable {
        /// The content hash of the bytes parsed; nil when the build gave none (the parse is not kept).
        let hash: UInt64?
        /// The parse names the file by this path in its diagnostics.
        let displayPath: String
        /// Nil until parsed; `.unreadable` when the file could not be read (not kept for the next build).
        let parse = LockedValue<Parse?>(nil)

        init(hash: UInt64?, displayPath: String) {
            self.hash = hash
            self.displayPath = displayPath
        }
    }

    private enum Parse {
        case parsed(SGFParseResult)
        case unreadable
    }

    private struct State {
        /// This build's content hashes, by content path.
        var hashes: [String: UInt64] = [:]
        var slots: [String: Slot] = [:]
    }

    private let state = LockedValue(State())
    /// Apart from `state`: a slot's lock is held while its file is parsed, and `prepare` reads slots under `state`'s.
    private let parses = LockedValue(0)

    /// Readies the parses for a build of files with these content hashes (by content path): forgets the files
    /// that are gone or whose bytes changed, and the count of parses.
    func prepare(hashes: [String: UInt64]) {
        state.withLock { state in
            state.hashes = hashes
            state.slots = state.slots.filter { path, slot in
                guard let hash = slot.hash, hashes[path] == hash else { return false }
                if case .parsed = slot.parse.value { return true }
                return false
            }
        }
        parses.value = 0
    }

    /// The parse of `file`, or nil when it cannot be read.
    func parse(_ file: ContentFile) -> SGFParseResult? {
        parse(file, when: { _ in true })
    }

    /// The parse of `file` when one was made, or when its bytes pass `isWorthParsing` (a byte scan sparing a
    /// parse of files that cannot be what the caller looks for); nil when it is not worth parsing or cannot be
    /// read.
    func parse(_ file: ContentFile, when isWorthParsing: (Data) -> Bool) -> SGFParseResult? {
        let slot = self.slot(for: file)
        return slot.parse.withLock { parse -> SGFParseResult? in
            switch parse {
            case let .parsed(result): return result
            case .unreadable: return nil
            case nil: break
            }
            guard let data = FileManager.default.contents(atPath: file.path) else {
                parse = .unreadable
                return nil
            }
            guard isWorthParsing(data) else { return nil }
            let result = SGFParser.parse(bytes: [UInt8](data), path: file.displayPath)
            parse = .parsed(result)
            _ = parses.increment()
            return result
        }
    }

    /// The slot of `file` for this build: the kept one while the file's hash and display path are the same.
    private func slot(for file: ContentFile) -> Slot {
        state.withLock { state in
            let hash = state.hashes[file.relativePath]
            if let slot = state.slots[file.relativePath], slot.hash == hash, slot.displayPath == file.displayPath {
                return slot
            }
            let slot = Slot(hash: hash, displayPath: file.displayPath)
            state.slots[file.relativePath] = slot
            return slot
        }
    }

    /// How many files were parsed since the parses were last readied (the others' parses were kept).
    var parseCount: Int {
        parses.value
    }
}
