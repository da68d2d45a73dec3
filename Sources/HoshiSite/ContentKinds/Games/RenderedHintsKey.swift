import Foundation
import HoshiCore

/// The content address of a game file's rendered hints (`RenderedFileHints`): the hint index that gave the
/// file its hints (`HintIndex.Identity`: the index key's digest, which covers the file's bytes, the hint
/// settings and the program, and the index entry's checksum, which covers the hints themselves), whose
/// analysis a page prefers where the file stores its own (`prefer`, not part of the index's key), the
/// program that renders them and the stored form's version.
///
/// The program is named as the index names it (`HintIndexKey.program`): a change to how hints are rendered
/// is a new build of Hoshi, so rendered hints are trusted only by the program that rendered them.
struct RenderedHintsKey: CacheKey, Hashable {
    let text: String
    let digest: String

    /// Raised when the stored form of `RenderedFileHints` changes.
    static let formatVersion = "hoshi-rendered-hints-3"

    /// The key of the rendered hints of a file whose hints came from `index`, shown under `preference`;
    /// nil when the program cannot name itself (then nothing is kept).
    init?(index: HintIndex.Identity, preference: HintSettings.Preference) {
        guard let program = HintIndexKey.program else { return nil }
        self.init(storedText: [Self.formatVersion, "program=\(program)", "index=\(index.keyDigest)", "index-checksum=\(index.checksum)",
                               "prefer=\(preference.rawValue)"].joined(separator: "\n"))
    }

    init(storedText: String) {
        text = storedText
        digest = SHA256.hexDigest(storedText)
    }
}
