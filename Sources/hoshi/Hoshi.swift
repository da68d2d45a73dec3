import ArgumentParser
import Foundation
import HoshiSite

/// The `hoshi` command: a thin layer over HoshiSite and HoshiCore that parses arguments, runs one
/// operation, prints diagnostics and maps the outcome to an exit status.
@main
struct Hoshi: AsyncParsableCommand {
    /// Sets up the process (see `AllocatorSettings`), then runs the command line. `hoshi sgf check` with
    /// only paths runs without ArgumentParser (see `SGFCommand.Check.plainPaths(in:)`).
    static func main() async {
        AllocatorSettings.keepFreedMemoryForReuse()
        if let paths = SGFCommand.Check.plainPaths(in: CommandLine.arguments) {
            Glibc.exit(SGFCommand.Check.check(paths))
        }
        await main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "hoshi",
        abstract: "Build static help, game and puzzle sites for Go and puzzle publishers.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, InitCommand.self, SGFCommand.self, LightsCommand.self, WordsCommand.self,
                      GTPCommand.self, MatchCommand.self, EngineCommand.self, HintsCommand.self, CacheCommand.self, SolveCommand.self]
    )
}
