import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi gtp`: Hoshi's engine as a GTP version 2 engine on standard input and output, for Sabaki, Lizzie,
/// GoGui, servers and `hoshi match`. Thin: the protocol is `GTPEngine`, the engine `MonteCarloEngine`.
struct GTPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gtp",
        abstract: "Play Go over the Go Text Protocol (version 2) on standard input and output.",
        discussion: """
            Thinks only when asked (genmove, reg_genmove, lz-analyze). Besides the standard commands it \
            knows loadsgf, savesgf, list_moves and list_handicap, so it can be the engine behind an app that \
            keeps its games in SGF. --playouts and --seconds set the budget per move; \
            time_settings and time_left shorten it to fit a clock. One thread with a seed plays the same moves \
            every run.
            """
    )

    @Option(help: "Playouts per move (default 5000).")
    var playouts: Int?

    @Option(help: "Seconds per move instead of a playout budget.")
    var seconds: Double?

    @Option(help: "Search threads (root parallelism).")
    var threads = 1

    @Option(help: "Seed of the random number generators.")
    var seed: UInt64 = 1

    /// For tuning matches only (`hoshi match` of one value against another).
    @Option(help: .hidden)
    var raveEquivalence: Double?

    func validate() throws {
        if playouts != nil && seconds != nil { throw ValidationError("give --playouts or --seconds, not both") }
        if let playouts, playouts < 1 { throw ValidationError("--playouts must be at least 1") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    func run() throws {
        var parameters = EngineParameters()
        if let playouts { parameters.playouts = playouts }
        parameters.secondsPerMove = seconds
        parameters.threads = threads
        parameters.seed = seed
        if let raveEquivalence { parameters.raveEquivalence = raveEquivalence }
        let engine = GTPEngine(player: MonteCarloEngine(parameters: parameters), version: Hoshi.configuration.version,
                               readFile: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } },
                               writeFile: { path, bytes in (try? Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)) != nil })
        let reader = StandardInputLines()
        let output = FileHandle.standardOutput
        while !engine.hasQuit, let line = reader.next() {
            engine.handle(line, write: { output.write(Data($0.utf8)) }, shouldStop: { reader.hasPendingLine })
        }
    }
}

/// Standard input read line by line on a thread of its own, so a search (`lz-analyze`) can stop as soon
/// as the next command arrives.
final class StandardInputLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    init() {
        Thread.detachNewThread { [self] in
            while let line = readLine(strippingNewline: true) {
                condition.lock()
                lines.append(line)
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next line, waiting for it; nil at the end of input.
    func next() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended { condition.wait() }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// Whether a line (or the end of input) is waiting.
    var hasPendingLine: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !lines.isEmpty || ended
    }
}
