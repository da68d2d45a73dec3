import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite

/// The registration of content kinds: what a new kind relies on when it adds its folder and one line.
final class ContentKindsTests: XCTestCase {
    /// A kind's own hoshi.yml key, declared outside the shared configuration as a new kind would declare it.
    private static let shelf = SettingsSection<[String]>.pathList(key: "shelf")

    func testAKindsOwnKeyIsParsedByItsSectionAndUnknownKeysStillSuggestIt() {
        let text = "title: T\nshelf: [a, b/c.txt]\nshelff: x\n"
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml", sections: [Self.shelf.erased])
        XCTAssertEqual(configuration.title, "T")
        XCTAssertEqual(configuration[Self.shelf], ["a", "b/c.txt"])
        XCTAssertEqual(diagnostics.map(\.description),
                       ["hoshi.yml:3:1: warning: unknown key 'shelff' in hoshi.yml is ignored; did you mean 'shelf'?"])
        // Without the section registered, the key is unknown like any other, and its value is the default.
        let (plain, plainDiagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml", sections: [])
        XCTAssertEqual(plain[Self.shelf], [])
        XCTAssertEqual(plainDiagnostics.count, 2)
    }

    func testASectionsValueTakesPartInTheConfigurationsEquality() {
        let sections = [Self.shelf.erased]
        let first = SiteConfiguration.parse("shelf: a\n", path: "hoshi.yml", sections: sections).0
        let same = SiteConfiguration.parse("shelf: [a]\n", path: "hoshi.yml", sections: sections).0
        let other = SiteConfiguration.parse("shelf: b\n", path: "hoshi.yml", sections: sections).0
        XCTAssertEqual(first, same)
        XCTAssertNotEqual(first, other)
    }

    func testClaimOrderComesFromPrioritiesNotFromTheOrderOfRegistration() {
        let forward = ContentKinds.byClaimPriority(ContentKinds.all).map(\.name)
        let backward = ContentKinds.byClaimPriority(ContentKinds.all.reversed()).map(\.name)
        XCTAssertEqual(forward, backward)
        // An SGF file that looks like a problem is claimed by both SGF kinds; problems must get it.
        let sgfKinds = forward.filter { $0 == "problems" || $0 == "games" }
        XCTAssertEqual(sgfKinds, ["problems", "games"])
        XCTAssertEqual(Set(forward).count, forward.count, "kind names are unique")
    }

    func testNoTwoKindsOwnTheSameKeyOrASharedOne() {
        let keys = ContentKinds.settingsSections.map(\.key)
        XCTAssertEqual(Set(keys).count, keys.count, "\(keys)")
        XCTAssertTrue(Set(keys).isDisjoint(with: SiteConfiguration.sharedKeys))
    }

    func testEveryKindsPageAssetsAreInTheDefaultThemeAndLoadedByItsLayouts() throws {
        let (theme, diagnostics) = Theme.load(overrides: nil)
        XCTAssertEqual(diagnostics, [])
        for kind in ContentKinds.all {
            var layoutText = ""
            for layout in kind.pageAssets.layouts {
                let template = try XCTUnwrap(theme.templates["layouts.\(layout)"], "\(kind.name): no layouts/\(layout).mustache")
                layoutText += String(decoding: template.data, as: UTF8.self)
            }
            for asset in kind.pageAssets.scripts + kind.pageAssets.styles {
                XCTAssertNotNil(theme.assets[asset], "\(kind.name): no \(asset) in the theme")
                XCTAssertTrue(layoutText.contains("{{assets.\(AssetFingerprint.templateKey(for: asset))}}"),
                              "\(kind.name): none of its layouts loads \(asset)")
            }
        }
    }
}
