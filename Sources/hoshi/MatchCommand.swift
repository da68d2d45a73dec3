import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi match`: a referee for two GTP engines. Thin: the games, the scoring and the SGF are
/// `MatchReferee`'s.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Play games between two GTP engines and report each engine's wins.",
        discussion: """
            Each engine is a command line run through /bin/sh, such as '/usr/games/gnugo --mode gtp --level 10 \
            --chinese-rules' or 'hoshi gtp --playouts 5000'. The first engine plays black in odd games, the \
            second in even games. Games end on two passes, a resignation, an illegal move or a timeout (a loss \
            for its author) or --max-moves. The referee removes the stones both engines list as dead, counts the \
            area with the komi itself and reports where the engines disagree. Prints one line per game, then \
            each engine's wins with a 95% confidence interval (Wilson).
            """
    )

    @Argument(help: "The first engine's command line (black in the first game).")
    var blackCommand: String

    @Argument(help: "The second engine's command line (white in the first game).")
    var whiteCommand: String

    @Option(help: "Number of games.")
    var games = 2

    @Option(help: "Board size (2 to 25).")
    var size = 9

    @Option(help: "Komi.")
    var komi = 7.5

    @Option(help: "Folder for the games' SGF files (created if missing).")
    var sgfDir: String?

    @Option(help: "Moves (passes included) after which a game is scored as it stands.")
    var maxMoves = 400

    @Option(help: "Seconds each GTP command may take.")
    var timeout = 120.0

    func validate() throws {
        if games < 1 { throw ValidationError("--games must be at least 1") }
        if !(2...25).contains(size) { throw ValidationError("--size must be between 2 and 25") }
        if maxMoves < 1 { throw ValidationError("--max-moves must be at least 1") }
    }

    func run() throws {
        var settings = MatchSettings()
        settings.games = games
        settings.size = size
        settings.komi = komi
        settings.sgfDirectory = sgfDir
        settings.maximumMoves = maxMoves
        settings.commandTimeout = timeout
        let referee = MatchReferee(commandLines: [blackCommand, whiteCommand], settings: settings) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        let records = try referee.run()
        for (index, command) in [blackCommand, whiteCommand].enumerated() {
            FileHandle.standardOutput.write(Data("\(command): \(MatchReferee.wins(of: index, in: records))\n".utf8))
        }
    }
}
