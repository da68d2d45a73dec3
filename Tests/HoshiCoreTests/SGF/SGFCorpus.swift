import Foundation
import XCTest

/// Finds the shared test corpus (`../shared/corpus` next to the package root) from this file's path.
/// Symlinks are resolved so that a scratch package linking these folders finds the same corpus.
enum SGFCorpus {
    static var corpus: URL? {
        let file = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        // Tests/HoshiCoreTests/SGF/SGFCorpus.swift -> package root
        let root = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }

    /// The corpus folder, or a skip with a message when it is absent (a fresh clone has no `../shared`).
    static func require(_ subpath: String = "sgf") throws -> URL {
        guard let corpus else { throw XCTSkip("test corpus ../shared/corpus not found next to the package; skipped") }
        return corpus.appendingPathComponent(subpath)
    }

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
