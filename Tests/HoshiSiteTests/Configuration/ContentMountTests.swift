import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite
import HoshiTestSupport

/// `mounts:` in hoshi.yml: files and folders from outside content/ published inside it.
final class ContentMountTests: XCTestCase {
    /// A site with an archive folder beside it (outside the site folder), as a publisher keeps one.
    private func site(mounts: String, extra: [String: String] = [:]) throws -> (SiteFixture, URL) {
        let archive = try TemporaryFolder.make("archive")
        try FileManager.default.createDirectory(at: archive.appending(path: "notes"), withIntermediateDirectories: true)
        try Data("# Archived\n\nSee [the guide](../docs/guide.md).\n".utf8).write(to: archive.appending(path: "notes/old.md"))
        try Data("(;SZ[9];B[ee];W[cc])".utf8).write(to: archive.appending(path: "game.sgf"))
        var files = SiteFixture.minimal.merging(extra) { _, new in new }
        files["hoshi.yml"] = "title: Test Site\nmounts:\n" + mounts.replacingOccurrences(of: "ARCHIVE", with: archive.path)
        return (try SiteFixture(files: files), archive)
    }

    func testMountedFolderAndFileArePublishedAsContent() throws {
        let (site, archive) = try site(mounts: """
              - source: ARCHIVE/notes
                target: archive
              - source: ARCHIVE/game.sgf
                target: games/mounted.sgf

            """)
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        let result = site.build()
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertTrue(try site.read("archive/old.html").contains(#"<a href="../docs/guide.html">the guide</a>"#),
                      "a mounted page links like a page of content/ at its target")
        XCTAssertTrue(try site.read("games/mounted.html").contains("data-point=ee data-stone=B "))
        XCTAssertEqual(try site.read("games/mounted.sgf"), "(;SZ[9];B[ee];W[cc])")
    }

    /// `hoshi hints` and `hoshi cache prune` plan from the same files as the build: a mounted game's positions
    /// are computed by shards and are not pruned as unused.
    func testHintPlanIncludesMountedGames() throws {
        let (site, archive) = try site(mounts: "  - source: ARCHIVE/game.sgf\n    target: games/mounted.sgf\nhints:\n  paths: [games]\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: site.output), log: DiagnosticLog())
        let jobs = try XCTUnwrap(builder.plannedHintDigests())
        let game = try XCTUnwrap(SGFParser.parse(bytes: Array("(;SZ[9];B[ee];W[cc])".utf8), path: "game.sgf").games.first)
        XCTAssertEqual(jobs.count, game.mainLine.count, "a hint for every main-line position of the mounted game")
    }

    func testRelativeSourceIsReadFromTheSiteFolder() throws {
        let (site, archive) = try site(mounts: "  - source: shared/game.sgf\n    target: games/g.sgf\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        try site.write("shared/game.sgf", "(;SZ[9];B[dd])")
        XCTAssertTrue(site.build().succeeded)
        XCTAssertTrue(try site.read("games/g.html").contains("data-point=dd data-stone=B "))
    }

    func testMissingSourceIsAnErrorAtItsEntryUnlessOptional() throws {
        let (required, archive) = try site(mounts: "  - source: ARCHIVE/gone\n    target: gone\n")
        defer { required.remove(); try? FileManager.default.removeItem(at: archive) }
        let failed = required.build()
        XCTAssertFalse(failed.succeeded)
        XCTAssertEqual(failed.log.diagnostics.map(\.description),
                       ["hoshi.yml:3:5: error: mount source \(archive.path)/gone does not exist; fix the path, or mark the mount 'optional: true'"])

        let (optional, otherArchive) = try site(mounts: "  - source: ARCHIVE/gone\n    target: gone\n    optional: true\n")
        defer { optional.remove(); try? FileManager.default.removeItem(at: otherArchive) }
        let built = optional.build()
        XCTAssertTrue(built.succeeded, "\(built.log.diagnostics)")
        XCTAssertEqual(built.log.diagnostics.map(\.description),
                       ["hoshi.yml:3:5: warning: mount source \(otherArchive.path)/gone does not exist; content/gone is left out (the mount is optional)"])
        XCTAssertFalse(optional.build(strict: true).succeeded, "--strict fails on the warning")
    }

    /// A mount of the site folder (or any folder holding the output) would publish the output itself, and
    /// `hoshi serve` would rebuild after each of its own writes.
    func testMountHoldingTheOutputFolderIsAnError() throws {
        let (site, archive) = try site(mounts: "  - source: .\n    target: everything\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.map(\.description),
                       ["hoshi.yml:3:5: error: mount source . holds the output folder site: the site would publish its own output; "
                        + "mount a folder beside it"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "nothing is written")
    }

    func testMountHidingAContentFileIsAnError() throws {
        let (site, archive) = try site(mounts: "  - source: ARCHIVE/notes/old.md\n    target: docs/guide.md\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertTrue(result.log.diagnostics.contains {
            $0.description == "\(archive.path)/notes/old.md: error: content/docs/guide.md and \(archive.path)/notes/old.md would both be "
                + "content/docs/guide.md; change a mount's target"
        }, "\(result.log.diagnostics)")
    }

    func testTargetMustStayBelowContent() throws {
        let (site, archive) = try site(mounts: "  - source: ARCHIVE/notes\n    target: ../../escape\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.log.diagnostics.first?.description,
                       "hoshi.yml:3:5: error: a mount's target must be a plain path below content/, without '..' or hidden names, got '../../escape'")
    }

    func testSymbolicLinkLeavingAMountedFolderIsRefused() throws {
        let (site, archive) = try site(mounts: "  - source: ARCHIVE/notes\n    target: archive\n")
        defer { site.remove(); try? FileManager.default.removeItem(at: archive) }
        try FileManager.default.createSymbolicLink(atPath: archive.appending(path: "notes/passwd").path, withDestinationPath: "/etc/passwd")
        let result = site.build()
        XCTAssertFalse(result.succeeded)
        XCTAssertTrue(result.log.diagnostics.map(\.description).contains {
            $0.hasPrefix("\(archive.path)/notes/passwd: error: symbolic link points outside")
        }, "\(result.log.diagnostics)")
    }
}
