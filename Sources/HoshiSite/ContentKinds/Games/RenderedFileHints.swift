import Foundation
import HoshiCore

/// What the pages of one game file write of their hints, per game in file order (`RenderedGameHints`), kept
/// in an `AnswerCache` of its own (`RenderedHintsCache`) under `RenderedHintsKey`, beside the hint index the
/// hints came from.
///
/// An unchanged game file's rebuild otherwise reads every hint from its index, merges them with the analysis
/// the file stores, combines win rates, finds the key moments and writes the viewer's hint fields, the graph
/// and the section again, all to the same bytes. Entries are checked by XXH64, as the indexes are (read
/// whole on every build, see `EntryChecksum`); a damaged one is reported and the file's hints rendered
/// again. Like the indexes they are derived data: `hoshi cache merge` does not copy them.
///
/// Stored text, after the key:
/// ```
/// games 2
/// game 5 2 1234        a game with hints: its node count, its analysed nodes, its section's bytes
/// 0 14                 an analysed node and its viewer entry's bytes, then the entry and a line end
/// 488 ee.62.512.
/// 3 14
/// 470 cc.70.530.
/// <section HTML>       1234 bytes and a line end
/// game 0 0 0           a game without hints
/// ```
struct RenderedFileHints: Sendable, Equatable {
    var games: [RenderedGameHints]

    /// Whether these were rendered for games like `games`: as many, each with hints having an entry slot
    /// per node. Anything else is an entry that answers another file, reported as damaged.
    func fit(_ games: [GameTree]) -> Bool {
        self.games.count == games.count
            && zip(self.games, games).allSatisfy { rendered, game in rendered.viewerEntries.isEmpty || rendered.viewerEntries.count == game.nodes.count }
    }
}

/// The rendered hints of game files, in `.hoshi-cache/rendered-hints/` beside the hint indexes.
typealias RenderedHintsCache = AnswerCache<RenderedHintsKey, RenderedFileHints>

extension AnswerCache where Key == RenderedHintsKey, Answer == RenderedFileHints {
    /// The rendered hints beside the hint indexes in `indexDirectory`: `rendered-hints` beside a folder named
    /// `hint-index`, `NAME-rendered` beside any other.
    static func beside(indexDirectory: URL) -> RenderedHintsCache {
        let folder = indexDirectory.lastPathComponent
        return RenderedHintsCache(directory: indexDirectory.deletingLastPathComponent()
            .appending(path: folder == "hint-index" ? "rendered-hints" : "\(folder)-rendered"))
    }
}

// MARK: - Stored form

extension RenderedFileHints: CachedAnswer {
    /// Read whole on every build for every game file with hints: XXH64, not SHA-256.
    static var entryChecksum: EntryChecksum { .xxHash64 }

    var storedText: String {
        var text = "games \(games.count)\n"
        for game in games {
            let analysed = game.viewerEntries.indices.filter { game.viewerEntries[$0] != nil }
            text += "game \(game.viewerEntries.count) \(analysed.count) \(game.sectionHTML.utf8.count)\n"
            for node in analysed {
                let entry = game.viewerEntries[node] ?? ""
                text += "\(node) \(entry.utf8.count)\n\(entry)\n"
            }
            text += game.sectionHTML + "\n"
        }
        return text
    }

    init?(storedText: String) {
        var text = storedText
        guard let read = text.withUTF8({ Self(storedBytes: $0) }) else { return nil }
        self = read
    }

    /// Reads the stored text where the entry's bytes lie; nil when anything is out of place.
    init?(storedBytes: UnsafeBufferPointer<UInt8>) {
        var reader = StoredTextReader(bytes: storedBytes)
        guard reader.word("games "), let gameCount = reader.number(), reader.endOfLine() else { return nil }
        var games: [RenderedGameHints] = []
        for _ in 0..<gameCount {
            guard reader.word("game "), let nodeCount = reader.number(), reader.space(),
                  let analysed = reader.number(), analysed <= nodeCount, reader.space(),
                  let sectionLength = reader.number(), reader.endOfLine() else { return nil }
            var entries = [String?](repeating: nil, count: nodeCount)
            for _ in 0..<analysed {
                guard let node = reader.number(), node < nodeCount, entries[node] == nil, reader.space(),
                      let length = reader.number(), reader.endOfLine(), let text = reader.text(length: length), reader.endOfLine()
                else { return nil }
                entries[node] = text
            }
            guard let section = reader.text(length: sectionLength), reader.endOfLine() else { return nil }
            games.append(RenderedGameHints(viewerEntries: entries, sectionHTML: section))
        }
        guard reader.isAtEnd else { return nil }
        self.init(games: games)
    }
}

private extension StoredTextReader {
    /// The next `length` bytes as text.
    mutating func text(length: Int) -> String? {
        guard bytes.count - offset >= length else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        offset += length
        return text
    }
}
