import Foundation
import HoshiSite

/// `hoshi-bench figures FOLDER [REPEATS]`: the printed figures (SVG and captions, 50 moves a figure) of every
/// game under FOLDER, on one core; files read before timing; the best of REPEATS runs (default 5). Reports
/// milliseconds per game, for the row beside sgf2dg's figures of the same games.
struct FiguresBenchmark: Benchmark {
    static let name = "figures"

    static func run(arguments: [String]) throws -> [Measurement] {
        guard let folder = arguments.first else { throw SGFBenchmark.Failure.usage }
        let repeats = arguments.count > 1 ? max(Int(arguments[1]) ?? 5, 1) : 5
        let paths = SGFBenchmark.sgfFiles(under: folder)
        guard !paths.isEmpty else { throw SGFBenchmark.Failure.noFiles(folder) }
        let contents = try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        var best = Double.infinity
        var figures = 0
        var bytes = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            figures = 0
            bytes = 0
            for (path, content) in zip(paths, contents) {
                let html = PrintedFigures.html(ofFile: content, path: path)
                figures += html.count
                bytes += html.reduce(0) { $0 + $1.utf8.count }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return [
            Measurement(benchmark: name, metric: "milliseconds_per_game", value: best * 1000 / Double(paths.count), unit: "ms"),
            Measurement(benchmark: name, metric: "figures", value: Double(figures), unit: "figures"),
            Measurement(benchmark: name, metric: "bytes", value: Double(bytes), unit: "bytes"),
        ]
    }
}
