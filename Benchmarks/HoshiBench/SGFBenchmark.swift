import Foundation
import HoshiCore

/// `hoshi-bench sgf FOLDER [REPEATS] [--without-peer]`: parse every `.sgf` file under FOLDER (the corpus,
/// `../shared/corpus/sgf`), read every property as its type, and replay every node of every game tree with
/// captures, on one core.
///
/// Files are read into memory before timing; the best of REPEATS runs (default 5) is reported. When Python
/// has sgfmill (see `sgfmillMegabytesPerSecond`), `Benchmarks/peers/sgfmill_bench.py` does the same work on the same files in the same run,
/// and the ratio is reported as `speedup_vs_sgfmill` (each side: best of its runs); `--without-peer` skips it.
struct SGFBenchmark: Benchmark {
    static let name = "sgf"

    enum Failure: Error, CustomStringConvertible {
        case usage
        case noFiles(String)
        var description: String {
            switch self {
            case .usage: return "usage: hoshi-bench sgf CORPUS_FOLDER [REPEATS]"
            case .noFiles(let folder): return "no .sgf files under \(folder)"
            }
        }
    }

    static func run(arguments: [String]) throws -> [Measurement] {
        let runsPeer = !arguments.contains("--without-peer")
        let arguments = arguments.filter { $0 != "--without-peer" }
        guard let folder = arguments.first else { throw Failure.usage }
        let repeats = arguments.count > 1 ? max(Int(arguments[1]) ?? 5, 1) : 5
        let paths = sgfFiles(under: folder)
        guard !paths.isEmpty else { throw Failure.noFiles(folder) }
        let contents = try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let bytes = contents.reduce(0) { $0 + $1.count }

        var best = Double.infinity
        var nodes = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            nodes = work(contents)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, seconds)
        }
        let megabytesPerSecond = Double(bytes) / best / 1e6
        var measurements = [
            Measurement(benchmark: name, metric: "megabytes_per_second", value: megabytesPerSecond, unit: "MB/s"),
            Measurement(benchmark: name, metric: "nodes_per_second", value: Double(nodes) / best, unit: "nodes/s"),
            Measurement(benchmark: name, metric: "bytes", value: Double(bytes), unit: "bytes"),
            Measurement(benchmark: name, metric: "nodes", value: Double(nodes), unit: "nodes"),
            Measurement(benchmark: name, metric: "files", value: Double(paths.count), unit: "files"),
        ]
        if runsPeer, let peer = sgfmillMegabytesPerSecond(folder: folder) {
            measurements.append(Measurement(benchmark: name, metric: "sgfmill_megabytes_per_second", value: peer, unit: "MB/s"))
            measurements.append(Measurement(benchmark: name, metric: "speedup_vs_sgfmill", value: megabytesPerSecond / peer, unit: "x"))
        }
        return measurements
    }

    /// The timed work; returns the number of nodes replayed.
    static func work(_ contents: [[UInt8]]) -> Int {
        var nodes = 0
        var textLength = 0
        for data in contents {
            let result = SGFParser.parse(bytes: data, path: "bench.sgf")   // includes PropertyChecker: every known value read
            for game in result.games {
                // Text values as the pages will show them (escapes and line breaks resolved); the other
                // types were read by the parser's property check, moves and setup by the replay.
                game.forEachText { _, text in textLength &+= text.utf8.count }
                let positions = GamePositions(game: game)
                nodes += game.nodes.count
                textLength &+= Int(truncatingIfNeeded: positions.hash(at: game.nodes.count - 1) & 1)
            }
        }
        if textLength == -1 { print("unreachable") }  // keeps the optimiser from dropping the text work
        return nodes
    }

    static func sgfFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".sgf") }
            .sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Runs the sgfmill peer on the same folder; nil when Python or sgfmill is missing. The peer runs with
    /// `HOSHI_BENCH_PYTHON` when set (`make bench` sets the virtual environment it installed sgfmill into),
    /// else with the `python3` on the path.
    static func sgfmillMegabytesPerSecond(folder: String) -> Double? {
        let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("peers/sgfmill_bench.py")
        guard FileManager.default.fileExists(atPath: script.path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let python = ProcessInfo.processInfo.environment["HOSHI_BENCH_PYTHON"] ?? "python3"
        process.arguments = [python, script.path, folder, "3"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["metric"] as? String == "megabytes_per_second" else { continue }
            return object["value"] as? Double
        }
        return nil
    }
}
