import Foundation
import HoshiSite

// hoshi-bench: runs one named benchmark of Hoshi's Swift code and prints its measurements as JSON lines
// (`{"benchmark": ..., "metric": ..., "value": ..., "unit": ...}`), which Benchmarks/run.py turns into
// the table `make bench` prints beside the peers' numbers.
// Usage: hoshi-bench NAME [ARGUMENTS...]

/// One number a benchmark measured.
struct Measurement: Encodable {
    var benchmark: String
    var metric: String
    var value: Double
    var unit: String
}

/// A benchmark runnable from the command line.
protocol Benchmark {
    static var name: String { get }
    static func run(arguments: [String]) throws -> [Measurement]
}

let benchmarks: [any Benchmark.Type] = [SGFBenchmark.self, LightsOffBenchmark.self, EngineBenchmark.self, FiguresBenchmark.self,
                                         LinkScanBenchmark.self, HintQualityBenchmark.self]

// Measured as `hoshi` runs (see `AllocatorSettings`; HOSHI_DEFAULT_ALLOCATOR=1 measures glibc's defaults).
AllocatorSettings.keepFreedMemoryForReuse()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    let names = benchmarks.map { $0.name }.joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: hoshi-bench NAME [ARGUMENTS...] (names: \(names))\n".utf8))
    exit(2)
}
do {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for measurement in try benchmark.run(arguments: Array(arguments.dropFirst())) {
        print(String(decoding: try encoder.encode(measurement), as: UTF8.self))
    }
} catch {
    FileHandle.standardError.write(Data("hoshi-bench: error: \(error)\n".utf8))
    exit(1)
}
