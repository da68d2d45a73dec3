import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi engine`: measurements of the built-in engine.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Measure the built-in Go engine.",
        subcommands: [Bench.self, LearnPatterns.self]
    )
}

extension EngineCommand {
    /// `hoshi engine bench [--size 9] [--playouts 20000] [--threads 1] [--json]`.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time one search from the empty board, in playouts per second.",
            discussion: """
                Counts the whole search (tree descent, expansion and playouts), as Pachi's games/s does. \
                --json prints {"playouts_per_second": ..., "playouts": ..., "seconds": ..., "size": ..., "threads": ...}.
                """
        )

        @Option(help: "Board size (2 to 25).")
        var size = 9

        @Option(help: "Playouts in the search.")
        var playouts = 20_000

        @Option(help: "Search threads.")
        var threads = 1

        @Flag(help: "Print a JSON object.")
        var json = false

        func validate() throws {
            if !(2...25).contains(size) { throw ValidationError("--size must be between 2 and 25") }
            if playouts < 1 || threads < 1 { throw ValidationError("--playouts and --threads must be at least 1") }
        }

        func run() throws {
            var parameters = EngineParameters()
            parameters.playouts = playouts
            parameters.threads = threads
            let result = MonteCarloEngine(parameters: parameters).search(EngineGame(size: size, komi: 7.5), for: .black)
            let rate = Double(result.playouts) / max(result.seconds, 1e-9)
            if json {
                print("{\"playouts\": \(result.playouts), \"playouts_per_second\": \(Int(rate.rounded())), "
                      + "\"seconds\": \(String(format: "%.3f", result.seconds)), \"size\": \(size), \"threads\": \(threads)}")
            } else {
                print("\(size)x\(size), \(result.playouts) playouts, \(threads) thread(s): "
                      + "\(Int(rate.rounded())) playouts/s (\(String(format: "%.2f", result.seconds)) s)")
            }
        }
    }

    /// `hoshi engine learn-patterns FOLDER [--output FILE]`: the learned shape weights of the tree priors.
    struct LearnPatterns: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "learn-patterns",
            abstract: "Learn the engine's 3x3 shape weights from game records.",
            discussion: """
                Reads every .sgf file below FOLDER (the project's are the Edo games in \
                ../shared/corpus/sgf/games/historical-edo), counts how often each 3x3 shape was available \
                and played, and writes the fitted weights as Swift source (PatternLearner) to --output, \
                or to standard output.
                """
        )

        @Argument(help: "Folder of SGF files.")
        var folder: String

        @Option(help: "Swift file to write (Sources/HoshiCore/Engine/LearnedPatterns.swift).")
        var output: String?

        func run() throws {
            let root = URL(fileURLWithPath: folder)
            guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                throw ValidationError("cannot read \(folder)")
            }
            let paths = enumerator.compactMap { ($0 as? URL)?.path }.filter { $0.lowercased().hasSuffix(".sgf") }.sorted()
            var learner = PatternLearner()
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                for game in SGFParser.parse(bytes: [UInt8](data), path: path).games { learner.learn(from: game) }
            }
            let source = learner.generatedSource(
                command: "hoshi engine learn-patterns ../shared/corpus/sgf/games/historical-edo "
                    + "--output Sources/HoshiCore/Engine/LearnedPatterns.swift")
            FileHandle.standardError.write(Data(("\(paths.count) files, \(learner.gamesRead) games, \(learner.movesCounted) moves, "
                + "\(learner.counts.count) shapes\n").utf8))
            if let output {
                try source.write(toFile: output, atomically: true, encoding: .utf8)
            } else {
                print(source, terminator: "")
            }
        }
    }
}
