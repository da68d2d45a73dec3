import Foundation
import HoshiTestSupport

/// The SGF files of the shared test corpus (`TestPaths.requireCorpus("sgf")`).
enum SGFCorpus {
    /// Every file under a folder, sorted, with an SGF-ish extension (.sgf, .gib, .ngf).
    static func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { ["sgf", "gib", "ngf"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}
