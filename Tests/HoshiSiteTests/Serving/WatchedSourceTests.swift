import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite

/// Which paths `hoshi serve` watches for a configuration, and where each is on disk.
final class WatchedSourceTests: XCTestCase {
    private var fixture: WatchFixture!

    override func setUpWithError() throws { fixture = try WatchFixture() }
    override func tearDown() { fixture.removeAll() }

    private func mount(_ source: String, optional: Bool = false) -> ContentMount {
        ContentMount(source: source, target: "mounted", isOptional: optional, location: SourceLocation(path: "hoshi.yml"))
    }

    func testTheSiteSourcesAndEachMountSourceOnce() {
        let sources = WatchedSource.sources(siteDirectory: fixture.site, mounts: [
            mount("../shared/notes"), mount("../shared/./licence.md"), mount("/srv/archive/game.sgf"),
            mount("shared-inside/game.sgf"), mount("../shared/notes/"),
        ])
        let site = fixture.site.path
        XCTAssertEqual(sources, [
            WatchedSource(path: "\(site)/hoshi.yml", scope: .anywhere),
            WatchedSource(path: "\(site)/content", scope: .inside(site)),
            WatchedSource(path: "\(site)/templates", scope: .anywhere),
            WatchedSource(path: fixture.path("shared/notes"), scope: .itself),
            WatchedSource(path: fixture.path("shared/licence.md"), scope: .itself),
            WatchedSource(path: "/srv/archive/game.sgf", scope: .itself),
            WatchedSource(path: "\(site)/shared-inside/game.sgf", scope: .itself),
        ])
    }

    /// The watchers and discovery agree on where a mount's files are.
    func testMountSourcesAreWhereDiscoveryReadsThem() {
        let mounts = WatchFixture.mounts
        let sources = WatchedSource.sources(siteDirectory: fixture.site, mounts: mounts).dropFirst(3)
        let (files, diagnostics) = ContentDiscovery(siteDirectory: fixture.site, mounts: mounts).discover()
        XCTAssertEqual(diagnostics, [])
        let mountedFiles = files.map(\.url.path).filter { !$0.hasPrefix(fixture.site.path + "/") }
        XCTAssertEqual(mountedFiles.count, 3)
        for file in mountedFiles {
            XCTAssertTrue(sources.contains { file == $0.path || file.hasPrefix($0.path + "/") }, "\(file) is below a watched source")
        }
    }

    func testTheSiteMountsAreReadFromHoshiYml() throws {
        try fixture.write("site/hoshi.yml", "title: Watched\nmounts:\n  - source: ../shared/notes\n    target: notes\n  - {source: x\n")
        XCTAssertEqual(WatchedSource.mounts(ofSite: fixture.site), [], "unreadable YAML: the build reports it, nothing is mounted")
        try fixture.write("site/hoshi.yml", "title: Watched\nmounts:\n  - source: ../shared/notes\n    target: notes\n")
        XCTAssertEqual(WatchedSource.mounts(ofSite: fixture.site).map(\.source), ["../shared/notes"])
    }

    func testAMissingSourceIsLocatedAtItsNearestExistingAncestor() throws {
        let source = WatchedSource(path: fixture.path("shared/later/problems"), scope: .itself)
        XCTAssertEqual(source.locate(), .init(entries: [.init(folder: fixture.path("shared"), name: "later")]))
        try fixture.makeFolder("shared/later")
        XCTAssertEqual(source.locate(), .init(entries: [.init(folder: fixture.path("shared/later"), name: "problems")]))
        try fixture.write("shared/later/problems/index.md", "# Later\n")
        let location = source.locate()
        XCTAssertEqual(location.entries, [.init(folder: fixture.path("shared/later"), name: "problems")])
        XCTAssertEqual(location.folder, fixture.path("shared/later/problems"))
        XCTAssertEqual(location.folderScope, fixture.path("shared/later/problems"), "a mount's folders stay inside it")
    }

    func testALinkedSourceIsLocatedAtTheLinkAndAtItsTarget() throws {
        try FileManager.default.createSymbolicLink(atPath: fixture.path("shared/current.md"), withDestinationPath: "licence.md")
        let source = WatchedSource(path: fixture.path("shared/current.md"), scope: .itself)
        XCTAssertEqual(source.locate(), .init(entries: [.init(folder: fixture.path("shared"), name: "current.md"),
                                                        .init(folder: fixture.path("shared"), name: "licence.md")]))
    }

    func testAFolderReplacedByAnotherOfTheSameNameIsANewLocation() throws {
        let source = WatchedSource(path: fixture.path("shared/notes"), scope: .itself)
        let before = source.locate()
        try fixture.move("shared/notes", to: "shared/old-notes")
        try fixture.makeFolder("shared/notes")
        XCTAssertNotEqual(source.locate(), before)
    }

    /// Folders below a mounted folder are followed as discovery follows them: hidden ones and symbolic
    /// links leading out of the mount are left out, and a link to a folder already seen is not walked twice.
    func testFoldersBelowAMountStayInsideItAndSkipHiddenOnes() throws {
        try fixture.write("shared/notes/.git/objects/x", "")
        try fixture.write("shared/outside/secret.md", "")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("shared/notes/out"), withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("shared/notes/again"), withDestinationPath: "openings")
        var visited: Set<String> = []
        var folders: [String] = []
        WatchedSource.forEachFolder(from: fixture.path("shared/notes"), scope: fixture.path("shared/notes"), visited: &visited) {
            folders.append($0)
        }
        XCTAssertEqual(folders, [fixture.path("shared/notes"), fixture.path("shared/notes/again")],
                       "openings is the folder the link 'again' leads to, walked once")
    }
}
