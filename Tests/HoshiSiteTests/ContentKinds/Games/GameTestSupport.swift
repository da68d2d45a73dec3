import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport

/// SGF inputs of the game page tests: the shared corpus of real records at `../shared/corpus/sgf`, when present.
enum GameTestFiles {
    static let corpus = TestPaths.sharedCorpus.appending(path: "sgf")

    /// The bytes of a corpus file as Latin-1 text (so a fixture can carry any bytes), or nil without the corpus.
    static func corpusText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: corpus.appending(path: path).path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static let missingMessage = "../shared/corpus/sgf is absent; skipping the game tests on real records"
}

extension SiteFixture {
    /// A site with the given content files, the default theme, and a title.
    static func games(_ content: [String: String]) throws -> SiteFixture {
        var files = ["hoshi.yml": "title: Games\n"]
        for (path, text) in content { files["content/\(path)"] = text }
        return try SiteFixture(files: files)
    }
}
