import Foundation
import XCTest

/// Where tests find the package and the shared corpus of real inputs, whatever folder a test file sits in:
/// the package root is the nearest folder above this file holding `Package.swift` (symbolic links resolved,
/// so a package that links the tests in still finds the real root), and the corpus is `../shared/corpus`
/// beside it. A fresh clone has no corpus; the tests that need it skip.
public enum TestPaths {
    public static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    public static let sharedCorpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")

    /// A file or folder of the corpus (`sgf/games`), or nil when it is absent.
    public static func corpus(_ relativePath: String) -> URL? {
        let url = sharedCorpus.appending(path: relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A file or folder of the corpus, or an `XCTSkip` naming it when it is absent.
    public static func requireCorpus(_ relativePath: String) throws -> URL {
        guard let url = corpus(relativePath) else {
            throw XCTSkip("../shared/corpus/\(relativePath) is absent next to the package; skipping")
        }
        return url
    }
}
