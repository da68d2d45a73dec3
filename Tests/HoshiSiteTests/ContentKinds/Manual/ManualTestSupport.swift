import Foundation
import HoshiCore
import Testing
@testable import HoshiSite
import HoshiTestSupport

/// Where the tests find their inputs: fixtures next to this file, and the shared corpus of real inputs at
/// `../shared/corpus` relative to the package root. A fresh clone has no corpus; its tests are then skipped.
enum ManualTestFiles {
    /// This folder, with symbolic links resolved, so that a package that links the folder in still finds the
    /// real package root above it.
    static let testsFolder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()

    static let corpusFolder = TestPaths.sharedCorpus.appending(path: "littlego")

    static var corpusIsAvailable: Bool {
        FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent("MANUAL").path)
    }

    static let corpusMissingMessage: Comment = "Little Go corpus not found at ../shared/corpus/littlego; skipping the real-input tests"

    static func corpusText(_ name: String) throws -> String {
        try String(contentsOf: corpusFolder.appendingPathComponent(name), encoding: .utf8)
    }

    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: testsFolder.appendingPathComponent("Fixtures").appendingPathComponent(name), encoding: .utf8)
    }
}

extension ManualReader {
    /// Reads `text` as `test.manual`, for tests that compare diagnostics as printed.
    static func readForTest(_ text: String) -> (document: ManualDocument, diagnostics: [String]) {
        let (document, diagnostics) = read(text: text, path: "test.manual")
        return (document, diagnostics.map(\.description))
    }
}
