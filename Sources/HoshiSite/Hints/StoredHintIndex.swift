import HoshiCore

/// A file's hint index as a build reads it (`HintIndex`, written by the engine work phase): the entry
/// checked, its positions, notes and the entries it names read, its hints left in their stored text until
/// they are asked for (`found`). The engine work phase keeps the layout alone; the game reader reads the
/// index again for the hints of the pages whose hints are not kept rendered (`RenderedFileHints`,
/// `HintResults.FileHints.read()`), so a no-change rebuild of an archive reads none of its 160,000 hints:
/// reading them was a quarter of what hints added to such a rebuild.
///
/// The entry's checksum covers the hints left unread: a hint that does not read would be one its writer
/// wrote so, not damage, and is left out of `found` (its positions show no hint).
struct StoredHintIndex: Sendable, Equatable {
    let layout: HintIndex.Layout
    /// The index's stored text, where `layout`'s hints lie (from its start): the entry file's bytes as read,
    /// not copied (an archive's indexes are 28 MB).
    private let bytes: ArraySlice<UInt8>

    /// Planning's diagnostics, at the file being built.
    func diagnostics(at path: String) -> [Diagnostic] {
        layout.notes.map { $0.diagnostic(at: path) }
    }

    /// The hints of the file as the game reader takes them: every position, in planned order, each answer
    /// read once.
    var found: [HintResults.Found] {
        bytes.withUnsafeBufferPointer { bytes in
            let hints = layout.answers.map { PositionHint(storedBytes: UnsafeBufferPointer(rebasing: bytes[$0.hint])) }
            return layout.positions.compactMap { position in
                hints[position.answer].map {
                    HintResults.Found(gameNumber: position.gameNumber, node: position.node, toMove: position.toMove, hint: $0)
                }
            }
        }
    }
}

extension StoredHintIndex: CachedAnswer {
    /// As `HintIndex`'s, whose entries these are.
    static var entryChecksum: EntryChecksum { HintIndex.entryChecksum }

    var storedText: String { String(decoding: bytes, as: UTF8.self) }

    init?(storedText: String) {
        var text = storedText
        guard let index = text.withUTF8({ Self(storedBytes: $0) }) else { return nil }
        self = index
    }

    init?(storedBytes: UnsafeBufferPointer<UInt8>) {
        self.init(storedBytes: ArraySlice(storedBytes))
    }

    init?(storedBytes: ArraySlice<UInt8>) {
        guard let layout = storedBytes.withUnsafeBufferPointer({ HintIndex.Layout(storedBytes: $0) }) else { return nil }
        self.layout = layout
        bytes = storedBytes
    }
}
