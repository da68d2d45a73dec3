import Foundation

/// Where tests find the package and the shared corpus of real inputs, whatever folder a test file sits in:
/// the package root is the nearest folder above this file holding `Package.swift` (symbolic links resolved,
/// so a package that links the tests in still finds the real root), and the corpus is `../shared/corpus`
/// beside it. A fresh clone has no corpus; the tests that need it skip.
enum TestPaths {
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    static let sharedCorpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")
}
