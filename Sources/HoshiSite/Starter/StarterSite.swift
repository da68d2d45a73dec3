import Foundation
import HoshiCore

/// The small site `hoshi init` writes: a configuration, a home page, a Markdown guide and a MANUAL-format
/// help file, enough to show every kind of page and to build as it is.
public enum StarterSite {
    public static let files: [(path: String, text: String)] = [
        ("hoshi.yml", """
        title: My Go Help
        description: Help pages built with Hoshi.
        language: en
        # base_url: https://example.org/help/   # only for sitemap.xml and canonical links
        navigation:
          - index.md
          - guide
          - MANUAL

        """),
        ("content/index.md", """
        ---
        title: Welcome
        description: The home page of this help site.
        ---

        # Welcome

        This site was created by `hoshi init`. Edit the files under `content/` and run `hoshi serve` to see
        your changes as you save them.

        - Read the [getting started guide](guide/getting-started.md).
        - Browse the [manual](MANUAL), written in Little Go's plain-text help format.
        - Replay [a first game](games/first-game.sgf): every SGF file under `content/` becomes a game page.

        """),
        ("content/guide/index.md", """
        ---
        title: Guide
        order: 1
        ---

        # Guide

        Pages in this folder appear under **Guide** in the navigation, ordered by their `order` field.

        """),
        ("content/guide/getting-started.md", """
        ---
        title: Getting started
        order: 1
        ---

        ## Playing your first game

        Black plays first. Stones are placed on the intersections and never move.

        | Term | Meaning |
        | ---- | ------- |
        | Liberty | An empty point next to a stone |
        | Atari | A group with one liberty left |

        ## A diagram from a game

        A fenced `sgf-diagram` block draws a position or a figure from any SGF file of the site, and links to
        the game page at that move:

        ```sgf-diagram
        file: ../games/first-game.sgf
        moves: 1-8
        caption: The opening: both sides take their areas
        ```

        ## Next steps

        Back to the [home page](../index.md).

        """),
        ("content/MANUAL", """
        ***
        Help
        ***
        ---
        Basics
        ---
        ===
        Placing stones
        ===
        Tap an intersection to place a stone. See <em>Scoring</em> below.

        ===
        Scoring
        ===
        - Count your territory
        - Add the stones you captured

        ===
        A position
        ===
        A line starting with @diagram draws a position from a game of the site:
        @diagram file=games/first-game.sgf move=13 crop=top-right caption="Black blocks at the side"

        """),
        ("content/games/first-game.sgf", """
        (;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]PB[Black]PW[White]GN[A first game on 9x9]
        C[A short game to show a game page: step through it with the arrow keys.]
        ;B[ee]C[Black takes the centre.];W[gc];B[cf];W[dc];B[gf];W[ec]C[White builds along the top.];B[fd];W[fc]
        ;B[cd];W[cc];B[bd];W[ge];B[he]C[Black blocks; the white stone at the side is in trouble.];W[hd];B[ff]
        ;W[id];B[ie]C[The game record ends here.])

        """),
    ]

    /// Writes the starter files into `directory`, refusing to overwrite anything that exists.
    public static func write(into directory: URL) throws(StarterSiteError) {
        let fileManager = FileManager.default
        for file in files {
            let url = directory.appending(path: file.path)
            if fileManager.fileExists(atPath: url.path) {
                throw StarterSiteError(diagnostic: .error("\(file.path) already exists; 'hoshi init' only writes into a new or empty folder",
                                                          at: SourceLocation(path: url.path)))
            }
        }
        for file in files {
            let url = directory.appending(path: file.path)
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            } catch {
                throw StarterSiteError(diagnostic: .error("cannot write: \(error.localizedDescription)", at: SourceLocation(path: url.path)))
            }
        }
    }
}

public struct StarterSiteError: Error {
    public var diagnostic: Diagnostic
}
