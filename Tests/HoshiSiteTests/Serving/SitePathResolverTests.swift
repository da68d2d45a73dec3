import Foundation
import XCTest
@testable import HoshiSite
import HoshiTestSupport

final class SitePathResolverTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = try TemporaryFolder.make("serve").appending(path: "site")
        try FileManager.default.createDirectory(at: root.appending(path: "docs"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appending(path: "index.html"))
        try Data("guide".utf8).write(to: root.appending(path: "docs/index.html"))
        try Data("secret".utf8).write(to: root.deletingLastPathComponent().appending(path: "secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "escape.txt").path,
                                                   withDestinationPath: "../secret.txt")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    func testServesFilesAndFolderIndexes() {
        let resolver = SitePathResolver(root: root)
        let real = root.resolvingSymlinksInPath()
        XCTAssertEqual(resolver.resolve("/"), .file(real.appending(path: "index.html")))
        XCTAssertEqual(resolver.resolve("/docs/"), .file(real.appending(path: "docs/index.html")))
        XCTAssertEqual(resolver.resolve("/docs"), .redirect("/docs/"))
        XCTAssertEqual(resolver.resolve("/index.html?x=1"), .file(real.appending(path: "index.html")))
        XCTAssertEqual(resolver.resolve("/nothing.html"), .notFound)
    }

    func testRefusesEverythingOutsideTheSite() {
        let resolver = SitePathResolver(root: root)
        for path in ["/../secret.txt", "/docs/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
                     "/docs/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/escape.txt", "/.hoshi-output",
                     "/a%00b", "/..\\secret.txt", "/%zz"] {
            XCTAssertEqual(resolver.resolve(path), .forbidden, path)
        }
    }
}
