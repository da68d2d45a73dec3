import Foundation
import HoshiCore
@testable import HoshiSite

/// A site folder written into a fresh temporary directory for one test.
struct SiteFixture {
    let root: URL

    init(files: [String: String], file: StaticString = #filePath) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "hoshi-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, text)
        }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var output: URL { root.appending(path: "site") }

    /// Builds the fixture; returns the log and whether the build succeeded.
    func build(strict: Bool = false) -> (succeeded: Bool, log: DiagnosticLog) {
        let log = DiagnosticLog(treatsWarningsAsErrors: strict)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: root, outputDirectory: output, isStrict: strict), log: log)
        return (builder.build() != nil, log)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appending(path: path), encoding: .utf8)
    }

    /// Every file of the output with its bytes, to compare whole trees.
    func outputSnapshot() -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil) else { return result }
        for case let url as URL in enumerator {
            if let data = FileManager.default.contents(atPath: url.path) {
                result[String(url.path.dropFirst(output.path.count))] = data
            }
        }
        return result
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    static let minimal: [String: String] = [
        "hoshi.yml": "title: Test Site\n",
        "content/index.md": "# Home\n\nSee the [guide](docs/guide.md#install).\n",
        "content/docs/index.md": "---\ntitle: Docs\norder: 1\n---\nThe docs.\n",
        "content/docs/guide.md": "---\ntitle: Guide\n---\n## Install\n\nText.\n\n## Use it\n\nBack [home](../index.md).\n",
        "content/docs/picture.txt": "not an image\n",
    ]
}
