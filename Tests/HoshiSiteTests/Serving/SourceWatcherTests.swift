import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite

/// Both watchers of `hoshi serve` (kernel events and polling) notice edits to the site's sources and to its
/// mounts' sources, outside the site folder, and nothing else. The kernel queues an event before the system
/// call that causes it returns, so `takeChanges()` right after an edit sees it without waiting.
final class SourceWatcherTests: XCTestCase {
    private var fixture: WatchFixture!

    override func setUpWithError() throws { fixture = try WatchFixture() }
    override func tearDown() { fixture.removeAll() }

    private func sources(_ mounts: [ContentMount] = WatchFixture.mounts) -> [WatchedSource] {
        WatchedSource.sources(siteDirectory: fixture.site, mounts: mounts)
    }

    private func eventWatcher() throws -> SourceEventWatcher {
        try XCTUnwrap(SourceEventWatcher(sources: sources()), "inotify is unavailable here")
    }

    /// Edits with whether they concern a source, run against both watchers.
    private var edits: [(what: String, concernsASource: Bool, edit: () throws -> Void)] {
        [
            ("a page of the mounted folder", true, { try self.fixture.append("shared/notes/openings/san-ren-sei.md", "More.\n") }),
            ("a file beside the mounted file", false, { try self.fixture.append("shared/draft.md", "More.\n") }),
            ("an editor's hidden swap file in the mounted folder", false, { try self.fixture.write("shared/notes/.index.md.swp", "x") }),
            ("the mounted file", true, { try self.fixture.append("shared/licence.md", "More.\n") }),
            ("the mounted file saved by rename", true, {
                try self.fixture.write("shared/.licence.md.new", "# Licence, renewed\n")
                try self.fixture.move("shared/.licence.md.new", to: "shared/licence.md")
            }),
            ("the mounted file after its rename", true, { try self.fixture.append("shared/licence.md", "Again.\n") }),
            ("a folder made in the mounted folder", true, { try self.fixture.makeFolder("shared/notes/joseki") }),
            ("a page in that new folder", true, { try self.fixture.write("shared/notes/joseki/kakari.md", "# Kakari\n") }),
            ("a page of content/", true, { try self.fixture.append("site/content/index.md", "More.\n") }),
            ("a file of the site folder that is no source", false, { try self.fixture.write("site/notes.txt", "x") }),
            ("the output folder", false, { try self.fixture.write("site/site/index.html", "x") }),
            ("hoshi.yml", true, { try self.fixture.append("site/hoshi.yml", "# comment\n") }),
        ]
    }

    func testKernelEventsConcernTheSiteAndItsMountsOnly() throws {
        let watcher = try eventWatcher()
        for (what, concernsASource, edit) in edits {
            try edit()
            XCTAssertEqual(watcher.takeChanges(), concernsASource, what)
        }
    }

    func testPollingSnapshotsConcernTheSiteAndItsMountsOnly() throws {
        let watcher = SourceWatcher(sources: sources())
        var previous = watcher.snapshot()
        for (what, concernsASource, edit) in edits {
            try edit()
            let current = watcher.snapshot()
            XCTAssertEqual(current != previous, concernsASource, what)
            previous = current
        }
    }

    func testKernelEventsFollowAMountThatAppearsMovesOrIsDropped() throws {
        let watcher = try eventWatcher()
        let later = ContentMount(source: "../shared/later/problems", target: "later", isOptional: true,
                                 location: SourceLocation(path: "hoshi.yml"))
        XCTAssertTrue(watcher.follow(sources(WatchFixture.mounts + [later])))
        try fixture.write("staging/later/problems/index.md", "# Later\n")
        try fixture.move("staging/later", to: "shared/later")
        XCTAssertTrue(watcher.takeChanges(), "the missing source and its parent appear")
        try fixture.append("shared/later/problems/index.md", "More.\n")
        XCTAssertTrue(watcher.takeChanges(), "the source that appeared is watched")
        try fixture.makeFolder("shared/later/problems/deeper")
        XCTAssertTrue(watcher.takeChanges())
        try fixture.write("shared/later/problems/deeper/one.md", "# One\n")
        XCTAssertTrue(watcher.takeChanges(), "and the folders below it")

        // A mounted folder replaced: the new one is watched, the old one no longer.
        try fixture.move("shared/notes", to: "shared/old-notes")
        try fixture.write("shared/new-notes/index.md", "# New notes\n")
        try fixture.move("shared/new-notes", to: "shared/notes")
        XCTAssertTrue(watcher.takeChanges())
        try fixture.append("shared/notes/index.md", "More.\n")
        XCTAssertTrue(watcher.takeChanges(), "the folder now at the mount's source")
        try fixture.append("shared/old-notes/index.md", "More.\n")
        XCTAssertFalse(watcher.takeChanges(), "the folder moved away is no source")

        // hoshi.yml drops the mounts: their sources are no longer watched.
        XCTAssertTrue(watcher.follow(sources([])))
        try fixture.append("shared/notes/index.md", "More.\n")
        try fixture.append("shared/licence.md", "More.\n")
        XCTAssertFalse(watcher.takeChanges())
        try fixture.append("site/content/index.md", "More.\n")
        XCTAssertTrue(watcher.takeChanges())
    }

    func testPollingSeesAMissingMountAppear() throws {
        let later = ContentMount(source: "../shared/later/problems", target: "later", isOptional: true,
                                 location: SourceLocation(path: "hoshi.yml"))
        let watcher = SourceWatcher(sources: sources(WatchFixture.mounts + [later]))
        let before = watcher.snapshot()
        try fixture.makeFolder("shared/later")
        XCTAssertEqual(watcher.snapshot(), before, "a folder on the way is not the source")
        try fixture.write("shared/later/problems/index.md", "# Later\n")
        let appeared = watcher.snapshot()
        XCTAssertNotEqual(appeared, before)
        XCTAssertNotNil(appeared[fixture.path("shared/later/problems/index.md")])
    }
}
