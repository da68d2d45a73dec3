import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi lights`: solve and generate Lights Off puzzle sets. Thin: reading, solving, output formats and
/// generation live in HoshiCore (`LightsPuzzleSet`, `LightsSetChecker`, `LightsSetReport`, `LightsGenerator`,
/// `LightsTextWriter`); this file only reads and writes files and maps findings to the exit status.
struct LightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lights",
        abstract: "Solve and generate Lights Off puzzle sets.",
        subcommands: [Solve.self, Generate.self]
    )
}

extension LightsCommand {
    /// `hoshi lights solve FILE [--json] [--wrap]`.
    struct Solve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print each puzzle's status, par and presses.",
            discussion: """
                FILE is the original game's puzzles.plist or Hoshi's text format (rows of x and -, puzzles \
                separated by blank lines, '# title' lines). Presses are 1-based (row,column) from the top-left \
                in text output and 0-based [row, column] in --json output. Unsolvable puzzles are listed with the \
                reason and the smallest fix; they are not errors. Exits non-zero when the file cannot be read.
                """
        )

        @Argument(help: "The puzzle file (.plist or text).")
        var file: String

        @Flag(help: "Print one JSON array with an object per puzzle.")
        var json = false

        @Flag(help: "Solve on a torus (edges wrap).")
        var wrap = false

        func run() throws {
            let bytes = try LightsCommand.readFile(file)
            let (set, diagnostics) = LightsPuzzleSet.parse(bytes, path: file, rule: LightsRule(wrap: wrap))
            LightsCommand.printToStandardError(diagnostics)
            let report = LightsSetChecker.check(set)
            // Unsolvable puzzles are findings, not failures: warnings at their file and line on stderr, so
            // editors can jump to them, while stdout carries the data (text or JSON).
            LightsCommand.printToStandardError(report.unsolvableDiagnostics(severity: .warning) + report.unprovenDiagnostics)
            FileHandle.standardOutput.write(Data(json ? report.jsonBytes() : report.textBytes()))
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
        }
    }

    /// `hoshi lights generate [--width 5] [--height H] [--count 10] [--par 6...15] [--seed 1] [--wrap]`.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write random solvable puzzles with an exact par in the text format.",
            discussion: "The same options always give the same puzzles. Puzzles are sorted by par."
        )

        @Option(help: "Board width.")
        var width = 5

        @Option(help: "Board height (default: the width).")
        var height: Int?

        @Option(help: "Number of puzzles.")
        var count = 10

        @Option(help: "Par (fewest presses) as one number or a range such as 6...15.")
        var par = "1...15"

        @Option(help: "Seed of the random number generator.")
        var seed: UInt64 = 1

        @Flag(help: "Generate for a torus (edges wrap).")
        var wrap = false

        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
        var output: String?

        func run() throws {
            guard let range = LightsGeneratorConfiguration.parRange(from: par) else {
                throw ValidationError("--par needs a number or a range such as 6...15, not '\(par)'")
            }
            let configuration = LightsGeneratorConfiguration(width: width, height: height, count: count, parRange: range,
                                                             seed: seed, wrap: wrap)
            let puzzles: [LightsGenerator.Puzzle]
            do {
                puzzles = try LightsGenerator.generate(configuration)
            } catch {
                LightsCommand.printToStandardError([.error(error.message)])
                throw ExitCode.failure
            }
            let text = LightsTextWriter.text(for: puzzles, configuration: configuration)
            if let output {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: output))
                } catch {
                    LightsCommand.printToStandardError([.error("cannot write: \(error.localizedDescription)",
                                                               at: SourceLocation(path: output))])
                    throw ExitCode.failure
                }
            } else {
                print(text, terminator: "")
            }
        }
    }

    /// The file's bytes, or a printed diagnostic and a failing exit.
    static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            printToStandardError([.error("cannot read the file", at: SourceLocation(path: path))])
            throw ExitCode.failure
        }
        return [UInt8](data)
    }

    static func printToStandardError(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }
}
