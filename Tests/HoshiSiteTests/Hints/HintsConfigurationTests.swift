import HoshiCore
@testable import HoshiSite
import XCTest

/// `hints:` in hoshi.yml: paths with their own settings over the top-level ones, and the diagnostics.
final class HintsConfigurationTests: XCTestCase {
    func testEntriesOverrideTheTopLevelSettingsAndTheMostSpecificPathWins() {
        let text = """
            hints:
              paths:
                - games
                - path: content/games/pro/
                  playouts: 2000
                  engine: /usr/games/gnugo --mode gtp
              playouts: 300
              seed: 9
            """
        let (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(configuration[.hints].paths, ["games", "games/pro"])
        let plain = configuration[.hints].settings(for: "games/a.sgf")
        XCTAssertEqual(plain?.playouts, 300, "top-level settings written after paths still apply")
        XCTAssertEqual(plain?.seed, 9)
        XCTAssertEqual(plain?.engine, .builtin)
        let pro = configuration[.hints].settings(for: "games/pro/b.sgf")
        XCTAssertEqual(pro?.playouts, 2000)
        XCTAssertEqual(pro?.seed, 9)
        XCTAssertEqual(pro?.engine, .gtp(command: "/usr/games/gnugo --mode gtp"))
        XCTAssertNil(configuration[.hints].settings(for: "gamesx/c.sgf"), "a path is a folder, not a prefix of names")
        XCTAssertNil(configuration[.hints].settings(for: "docs/d.sgf"))
    }

    func testBadValuesAreErrorsAndUnknownKeysWarningsWithTheirLines() {
        let text = """
            hints:
              paths: [games, {playouts: 5}]
              playouts: 0
              nodes: every
              seeds: 3
            """
        let (_, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        let lines = diagnostics.map { "\($0.location?.line ?? 0) \($0.severity == .error ? "error" : "warning")" }
        XCTAssertEqual(lines.sorted(), ["2 error", "3 error", "4 error", "5 warning"], "\(diagnostics)")
        XCTAssertTrue(diagnostics.contains { $0.message.contains("did you mean 'seed'") }, "\(diagnostics)")
    }
}
