import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport

/// A temporary folder holding a site folder and, beside it, a shared folder its mounts publish from, as a
/// publisher keeps an archive next to several sites.
struct WatchFixture {
    let root: URL

    init() throws {
        // The real path (`TemporaryFolder` resolves it), so expected paths compare with resolved ones.
        root = try TemporaryFolder.make("watch")
        try write("site/hoshi.yml", "title: Watched\n")
        try write("site/content/index.md", "# Home\n")
        try write("shared/notes/index.md", "# Notes\n")
        try write("shared/notes/openings/san-ren-sei.md", "# San-ren-sei\n")
        try write("shared/licence.md", "# Licence\n")
        try write("shared/draft.md", "# Draft, not mounted\n")
    }

    var site: URL { root.appending(path: "site") }

    func path(_ relative: String) -> String { root.appending(path: relative).path }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appending(path: relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Appends to a file, as an editor saving in place does.
    func append(_ relative: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: root.appending(path: relative))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(at: root.appending(path: relative), withIntermediateDirectories: true)
    }

    /// Renames in one step, replacing what `to` names, as an editor saving by rename does.
    func move(_ from: String, to: String) throws {
        guard rename(path(from), path(to)) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(from)]) }
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The mounts of the folder `shared/notes` and the file `shared/licence.md`, written as a user would.
    static let mounts = [
        ContentMount(source: "../shared/notes", target: "notes", location: SourceLocation(path: "hoshi.yml")),
        ContentMount(source: "../shared/licence.md", target: "about/licence.md", location: SourceLocation(path: "hoshi.yml")),
    ]
}
