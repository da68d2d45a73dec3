import Foundation
import XCTest
@testable import HoshiSite
#if canImport(Glibc)
import Glibc
import HoshiTestSupport
#endif

/// What `hoshi serve` keeps to notice changes cheaply (folder listings, file hashes by stamp) must never
/// hide a change, even one that leaves a folder's or file's time stamp as it was: file systems keep times
/// to a clock tick, so two writes in one tick can look like one.
final class ChangeDetectionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("changes")
        try FileManager.default.createDirectory(at: folder.appending(path: "content/docs"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ relative: String, _ text: String) throws {
        let url = folder.appending(path: relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func modificationTime(of relative: String) throws -> timespec {
        var status = stat()
        XCTAssertEqual(stat(folder.appending(path: relative).path, &status), 0)
        return status.st_mtim
    }

    /// Sets the modification time back to `time`, as if the last change had happened in the same tick.
    private func setModificationTime(of relative: String, to time: timespec) {
        var times = [time, time]
        XCTAssertEqual(utimensat(AT_FDCWD, folder.appending(path: relative).path, &times, 0), 0)
    }

    private func paths(_ discovery: ContentDiscovery) -> [String] {
        discovery.discover().files.map(\.relativePath)
    }

    func testKeptListingsFollowEveryChangeAsAFreshWalkDoes() throws {
        let listings = DirectoryListings()
        let kept = ContentDiscovery(siteDirectory: folder, mounts: [], listings: listings)
        let fresh = ContentDiscovery(siteDirectory: folder)
        try write("content/index.md", "# Home\n")
        try write("content/docs/a.md", "# A\n")
        XCTAssertEqual(paths(kept), ["docs/a.md", "index.md"])
        let edits: [() throws -> Void] = [
            { try self.write("content/docs/b.md", "# B\n") },
            { try FileManager.default.moveItem(at: self.folder.appending(path: "content/docs/a.md"),
                                               to: self.folder.appending(path: "content/docs/c.md")) },
            { try self.write("content/docs/deeper/d.md", "# D\n") },
            { try FileManager.default.removeItem(at: self.folder.appending(path: "content/docs/b.md")) },
            { try self.write("content/.hidden.md", "not published\n") },
            { try FileManager.default.removeItem(at: self.folder.appending(path: "content/docs/deeper")) },
        ]
        for (number, edit) in edits.enumerated() {
            try edit()
            XCTAssertEqual(paths(kept), paths(fresh), "after edit \(number)")
        }
    }

    func testAFolderChangedInTheTickOfItsListingIsListedAgain() throws {
        try write("content/docs/a.md", "# A\n")
        let listings = DirectoryListings()
        let discovery = ContentDiscovery(siteDirectory: folder, mounts: [], listings: listings)
        let stamp = try modificationTime(of: "content/docs")
        XCTAssertEqual(paths(discovery), ["docs/a.md"])
        try write("content/docs/b.md", "# B\n")
        setModificationTime(of: "content/docs", to: stamp)
        XCTAssertEqual(paths(discovery), ["docs/a.md", "docs/b.md"], "the folder's time is as it was when listed")
    }

    func testAFileRewrittenInTheTickOfItsHashIsHashedAgain() throws {
        try write("content/docs/a.md", "first")
        let file = ContentFile(relativePath: "docs/a.md", url: folder.appending(path: "content/docs/a.md"))
        var hashes = SourceHashes()
        hashes.startBuild()
        let stamp = try modificationTime(of: "content/docs/a.md")
        let first = hashes.hash(of: file)
        let handle = try FileHandle(forWritingTo: file.url)
        try handle.write(contentsOf: Data("other".utf8))  // the same size, in place: the same inode
        try handle.close()
        setModificationTime(of: "content/docs/a.md", to: stamp)
        hashes.startBuild()
        XCTAssertNotEqual(hashes.hash(of: file), first, "size, inode and time are as they were when hashed")
        XCTAssertEqual(hashes.hash(of: file), AssetFingerprint.fnv1a(Data("other".utf8)))
    }
}
