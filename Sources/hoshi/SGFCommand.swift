import ArgumentParser
import Foundation
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
            abstract: "Print diagnostics and a one-line summary per game (players, size, result, nodes, moves).")

        @Argument(help: "SGF files to check.")
        var files: [String]

        func run() throws {
            var status: Int32 = 0
            for path in files {
                let output = SGFCommand.withFile(path) { SGFTool.check(bytes: $0, path: path) }
                SGFCommand.emit(output)
                status = max(status, output.exitStatus)
            }
            if status != 0 { throw ExitCode(status) }
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
        guard let data = FileManager.default.contents(atPath: path) else {
            return SGFTool.Output(text: "", diagnostics: [.error("cannot read file", at: SourceLocation(path: path))])
        }
        return body([UInt8](data))
    }

    static func emit(_ output: SGFTool.Output) {
        for diagnostic in output.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        if !output.text.isEmpty { FileHandle.standardOutput.write(Data(output.text.utf8)) }
    }
}
