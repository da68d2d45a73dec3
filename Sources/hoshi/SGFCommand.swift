import ArgumentParser
import HoshiCore

/// `hoshi sgf`: check, normalise and show SGF files. Thin: the work is in `HoshiCore.SGFTool`.
/// Exit status: 0 clean, 1 warnings only, 2 errors.
struct SGFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sgf",
        abstract: "Check, normalise and show SGF game records.",
        subcommands: [Check.self, Normalize.self, Show.self]
    )
}

extension SGFCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print diagnostics and a one-line summary per game (players, size, result, nodes, moves).",
            discussion: "A folder stands for the .sgf files under it, in sorted order. Files are checked on every core; the output keeps the order of the arguments.")

        @Argument(help: "SGF files, and folders to search for .sgf files.")
        var paths: [String]

        func run() throws {
            let status = Check.check(paths)
            if status != 0 { throw ExitCode(status) }
        }

        /// Checks the paths, prints, and returns the exit status.
        static func check(_ paths: [String]) -> Int32 {
            let entries = SGFFiles.entries(for: paths)
            var console = ConsoleOutput()
            var status: Int32 = 0
            SGFTool.check(count: entries.count, input: { SGFFiles.input(for: entries[$0]) }) { output in
                console.write(output)
                status = max(status, output.exitStatus)
            }
            console.flush()
            return status
        }

        /// The paths of `hoshi sgf check PATH...` when that is the whole command line, without options
        /// (so nothing for ArgumentParser to decide); nil otherwise.
        ///
        /// Why: ArgumentParser records each value of a repeated argument together with a copy of the
        /// values before it, so its time grows with the square of their number; a shell glob of 923 games
        /// took longer to parse than to check.
        static func plainPaths(in arguments: [String]) -> [String]? {
            guard arguments.count > 3, arguments[1] == "sgf", arguments[2] == "check" else { return nil }
            let paths = Array(arguments.dropFirst(3))
            return paths.contains(where: { $0.hasPrefix("-") }) ? nil : paths
        }
    }

    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the file as canonical FF[4] UTF-8 SGF to standard output.")

        @Argument(help: "The SGF file.")
        var file: String

        func run() throws {
            let output = SGFCommand.withFile(file) { SGFTool.normalize(bytes: $0, path: file) }
            SGFCommand.emit(output)
            if output.exitStatus != 0 { throw ExitCode(output.exitStatus) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the position after a main-line move as a text diagram (X black, O white, . empty).")

        @Argument(help: "The SGF file.")
        var file: String

        @Option(help: "Which game of the file, from 1.")
        var game: Int = 1

        @Option(help: "Show the position after this main-line move (0: before the first move; default: the last).")
        var move: Int?

        func run() throws {
            let output = SGFCommand.withFile(file) { SGFTool.show(bytes: $0, path: file, game: game, move: move) }
            SGFCommand.emit(output)
            if output.exitStatus != 0 { throw ExitCode(output.exitStatus) }
        }
    }

    /// Reads a file and runs `body` on its bytes; an unreadable file becomes an error diagnostic.
    static func withFile(_ path: String, _ body: ([UInt8]) -> SGFTool.Output) -> SGFTool.Output {
        do {
            return body(try SGFFiles.contents(of: path))
        } catch {
            return SGFTool.Output(text: "", diagnostics: [.error(error.description, at: SourceLocation(path: path))])
        }
    }

    static func emit(_ output: SGFTool.Output) {
        var console = ConsoleOutput()
        console.write(output)
        console.flush()
    }
}
