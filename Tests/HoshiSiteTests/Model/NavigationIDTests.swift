import XCTest
@testable import HoshiSite

/// Navigation identifiers keep the identity and order their text gives them: the string identifiers they
/// replaced compared as text, so the sidebar's order and the pages' entries stay what they were.
final class NavigationIDTests: XCTestCase {
    /// Every kind of entry over paths that look like other kinds' text (colons, `#`, `generated:`).
    private static let identifiers: [NavigationID] = {
        var identifiers: [NavigationID] = [.root, .notInNavigation]
        for path in ["", "a", "a/b.sgf", "a#1", "a/b.sgf#2", "generated:x", "x", "x:y", "folder:a"] {
            identifiers += [.folder(path), .page(path), .gameFile(path), .gameCollection(path), .players(path),
                            .problemSet(path), .lightsSet(path), .generatedLightsSet(path), .wordList(path), .manual(path)]
        }
        return identifiers + identifiers.map { $0.member("1") } + identifiers.map { $0.member("group-0") }
    }()

    func testIdentifiersAreEqualAndOrderedExactlyAsTheirTexts() {
        for first in Self.identifiers {
            for second in Self.identifiers {
                XCTAssertEqual(first == second, first.description == second.description, "\(first) and \(second)")
                XCTAssertEqual(first < second, first.description < second.description, "\(first) and \(second)")
            }
        }
        XCTAssertEqual(Set(Self.identifiers).count, Set(Self.identifiers.map(\.description)).count)
    }

    func testTextIsKindAndPathWithMembersAfterAHash() {
        XCTAssertEqual(NavigationID.root.description, "folder:")
        XCTAssertEqual(NavigationID.notInNavigation.description, "")
        XCTAssertEqual(NavigationID.gameFile("games/a.sgf").member("2").description, "game:games/a.sgf#2")
        XCTAssertEqual(NavigationID.generatedLightsSet("daily").member("3").description, "lights:generated:daily#3")
        XCTAssertEqual("\(NavigationID.folder("docs"))", NavigationID.folder("docs").description)
    }

    /// `navigation:` in hoshi.yml names content paths; an entry of any kind for that path takes its place.
    func testPreferredOrderMatchesEntriesByContentPath() {
        let items = [
            NavigationItem(id: .folder("a"), parentID: .root, title: "A", outputPath: "a/index.html"),
            NavigationItem(id: .gameCollection("b"), parentID: .root, title: "B", outputPath: "b/games.html"),
            NavigationItem(id: .page("c.md"), parentID: .root, title: "C", outputPath: "c.html"),
        ]
        let tree = NavigationTree(items: items, preferredOrder: ["c.md", "b"])
        XCTAssertEqual(tree.listedChildren(of: .root).map(\.id), [.page("c.md"), .gameCollection("b"), .folder("a")])
    }
}
