import HoshiCore

/// `hoshi-bench engine SIZE PLAYOUTS THREADS`: one search of PLAYOUTS playouts from the empty SIZExSIZE
/// board, measured as playouts per second of the whole search (tree and playouts, as Pachi counts its
/// games/s). The best of three runs after a warm-up.
enum EngineBenchmark: Benchmark {
    static let name = "engine"

    static func run(arguments: [String]) throws -> [Measurement] {
        let numbers = arguments.compactMap { Int($0) }
        let size = numbers.count > 0 ? numbers[0] : 9
        var parameters = EngineParameters()
        parameters.playouts = numbers.count > 1 ? numbers[1] : 20_000
        parameters.threads = numbers.count > 2 ? numbers[2] : 1
        let engine = MonteCarloEngine(parameters: parameters)
        let game = EngineGame(size: size, komi: 7.5)
        _ = engine.search(game, for: .black)
        var best = 0.0
        for _ in 0..<3 {
            let result = engine.search(game, for: .black)
            best = max(best, Double(result.playouts) / result.seconds)
        }
        return [Measurement(benchmark: "engine \(size)x\(size) \(parameters.threads) thread(s)",
                            metric: "playouts_per_second", value: best, unit: "playouts/s")]
    }
}
