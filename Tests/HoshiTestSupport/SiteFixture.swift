import Foundation
import HoshiCore
import HoshiSite

/// A site folder written into a fresh temporary directory for one test.
public struct SiteFixture {
    public let root: URL

    public init(files: [String: String]) throws {
        root = try TemporaryFolder.make("test")
        for (path, text) in files {
            try write(path, text)
        }
    }

    public func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public var output: URL { root.appending(path: "site") }

    /// Builds the fixture; returns the log and whether the build succeeded.
    public func build(strict: Bool = false) -> (succeeded: Bool, log: DiagnosticLog) {
        let log = DiagnosticLog(treatsWarningsAsErrors: strict)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: root, outputDirectory: output, isStrict: strict), log: log)
        return (builder.build() != nil, log)
    }

    /// Builds the fixture `count` times at once, each into its own output folder (`out-0`, `out-1`, ...),
    /// sharing the site's caches; whether each build succeeded, in order.
    public func buildConcurrently(count: Int = 2) -> [Bool] {
        let root = root
        let results = LockedValue([Bool](repeating: false, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { number in
            let options = BuildOptions(sourceDirectory: root, outputDirectory: root.appending(path: "out-\(number)"), isStrict: false)
            let succeeded = SiteBuilder(options: options, log: DiagnosticLog(treatsWarningsAsErrors: false)).build() != nil
            results.withLock { $0[number] = succeeded }
        }
        return results.value
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOf: output.appending(path: path), encoding: .utf8)
    }

    /// Every file and folder of the output with its bytes, to compare whole trees (`folderSnapshot`).
    public func outputSnapshot() -> [String: Data] {
        folderSnapshot(output)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    public static let minimal: [String: String] = [
        "hoshi.yml": "title: Test Site\n",
        "content/index.md": "# Home\n\nSee the [guide](docs/guide.md#install).\n",
        "content/docs/index.md": "---\ntitle: Docs\norder: 1\n---\nThe docs.\n",
        "content/docs/guide.md": "---\ntitle: Guide\n---\n## Install\n\nText.\n\n## Use it\n\nBack [home](../index.md).\n",
        "content/docs/picture.txt": "not an image\n",
    ]
}
