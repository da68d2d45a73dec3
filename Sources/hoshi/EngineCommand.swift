import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi engine`: measurements of the built-in engine.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Measure the built-in Go engine.",
        subcommands: [Bench.self]
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
}
