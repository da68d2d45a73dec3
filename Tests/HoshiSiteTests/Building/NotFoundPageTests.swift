import XCTest
@testable import HoshiSite
import HoshiTestSupport

final class NotFoundPageTests: XCTestCase {
    func testNotFoundPageGetsABaseWhenTheSiteURLIsKnown() throws {
        var files = SiteFixture.minimal
        files["hoshi.yml"] = "title: T\nbase_url: https://example.org/help\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        let notFound = try site.read("404.html")
        let base = try XCTUnwrap(notFound.range(of: #"<base href="https://example.org/help/">"#))
        let stylesheet = try XCTUnwrap(notFound.range(of: #"<link rel="stylesheet""#))
        XCTAssertLessThan(base.lowerBound, stylesheet.lowerBound, "the base must precede every relative URL")
        XCTAssertFalse(try site.read("index.html").contains("<base"), "other pages stay purely relative")
    }

    func testNotFoundPageHasNoBaseWithoutSiteURL() throws {
        let site = try SiteFixture(files: SiteFixture.minimal)
        defer { site.remove() }
        XCTAssertTrue(site.build().succeeded)
        XCTAssertFalse(try site.read("404.html").contains("<base"))
    }
}
