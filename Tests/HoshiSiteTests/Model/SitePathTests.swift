import XCTest
@testable import HoshiSite

final class SitePathTests: XCTestCase {
    func testRelativeURLs() {
        XCTAssertEqual(SitePath.relativeURL(from: "index.html", to: "docs/guide.html"), "docs/guide.html")
        XCTAssertEqual(SitePath.relativeURL(from: "docs/guide.html", to: "index.html"), "../index.html")
        XCTAssertEqual(SitePath.relativeURL(from: "docs/guide.html", to: "docs/other.html"), "other.html")
        XCTAssertEqual(SitePath.relativeURL(from: "a/b/c.html", to: "a/d/e.html"), "../d/e.html")
        XCTAssertEqual(SitePath.relativeURL(from: "a/b/c.html", to: "assets/x.css"), "../../assets/x.css")
        XCTAssertEqual(SitePath.relativeURL(from: "docs/index.html", to: "docs/index.html"), "index.html")
        // Nothing left of the target after the shared folders: the climb alone, without a trailing slash.
        XCTAssertEqual(SitePath.relativeURL(from: "a/b/c.html", to: ""), "../..")
        XCTAssertEqual(SitePath.relativeURL(from: "index.html", to: ""), "")
    }

    func testResolveFoldsDotsAndRefusesClimbingAboveTheRoot() {
        XCTAssertEqual(SitePath.resolve("../b/c.html", inFolder: "a"), "b/c.html")
        XCTAssertEqual(SitePath.resolve("./c.html", inFolder: "a"), "a/c.html")
        XCTAssertNil(SitePath.resolve("../../c.html", inFolder: "a"))
    }

    func testSlugsAreStableAndUnique() {
        XCTAssertEqual(AnchorIdentifier.slug("How do I start a new game?"), "how-do-i-start-a-new-game")
        XCTAssertEqual(AnchorIdentifier.slug("Players & Profiles"), "players-profiles")
        XCTAssertEqual(AnchorIdentifier.slug("Don't panic"), "dont-panic")
        XCTAssertEqual(AnchorIdentifier.slug("碁盤"), "碁盤")
        XCTAssertEqual(AnchorIdentifier.slug("!!!"), "section")
        var identifiers = IdentifierSet(reserved: ["hoshi-main"])
        XCTAssertEqual(identifiers.claim("intro"), "intro")
        XCTAssertEqual(identifiers.claim("intro"), "intro-2")
        XCTAssertEqual(identifiers.claim("hoshi-main"), "hoshi-main-2")
    }

    /// ASCII titles take a byte path; a trailing em dash (a separator, which adds nothing at the end) sends
    /// the same title through Foundation's folding, the second computation they must agree with.
    func testASCIISlugsAgreeWithTheUnicodePath() {
        var titles = (0..<128).map { "Ab\(Character(Unicode.Scalar(UInt8($0))))Cd 9z" }
        titles += ["", "'", "-", "Don't Panic", "  Rules\tof\r\nGo  ", "3-3 invasion_(joseki)", "ALL CAPS & 42",
                   String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })]
        for title in titles {
            XCTAssertEqual(AnchorIdentifier.slug(title), AnchorIdentifier.slug(title + "\u{2014}"), "\(title.debugDescription)")
        }
    }

    func testAssetFingerprintChangesWithContent() {
        let first = AssetFingerprint.fingerprintedPath("assets/hoshi.css", data: Data("a".utf8))
        let second = AssetFingerprint.fingerprintedPath("assets/hoshi.css", data: Data("b".utf8))
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(first.hasPrefix("assets/hoshi.") && first.hasSuffix(".css"))
        XCTAssertEqual(AssetFingerprint.templateKey(for: "assets/hoshi.css"), "hoshi_css")
    }
}
