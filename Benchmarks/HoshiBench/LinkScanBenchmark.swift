import Foundation
import HoshiSite

/// `hoshi-bench link-scan FOLDER [REPEATS]`: the walk link checking makes over every generated page
/// (``LinkChecker/scan(_:)``: the start tags through `HTMLTagScanner`, their ids and link URLs) over every
/// `.html` file under FOLDER, on one core; files read before timing; the best of REPEATS passes (default 5).
struct LinkScanBenchmark: Benchmark {
    static let name = "link-scan"

    enum Failure: Error, CustomStringConvertible {
        case usage
        case noFiles(String)
        var description: String {
            switch self {
            case .usage: return "usage: hoshi-bench link-scan SITE_FOLDER [REPEATS]"
            case .noFiles(let folder): return "no .html files under \(folder)"
            }
        }
    }

    static func run(arguments: [String]) throws -> [Measurement] {
        guard let folder = arguments.first else { throw Failure.usage }
        let repeats = arguments.count > 1 ? max(Int(arguments[1]) ?? 5, 1) : 5
        let paths = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".html") }
            .sorted()
        guard !paths.isEmpty else { throw Failure.noFiles(folder) }
        let documents = try paths.map { path in
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            return LinkChecker.Document(outputPath: path, html: [UInt8](try Data(contentsOf: url)), sourcePath: path,
                                        sourceLinks: [])
        }
        let bytes = documents.reduce(0) { $0 + $1.html.count }
        var best = Double.infinity
        var links = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            links = 0
            for document in documents { links += LinkChecker.scan(document).links.count }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return [
            Measurement(benchmark: name, metric: "milliseconds", value: best * 1000, unit: "ms"),
            Measurement(benchmark: name, metric: "megabytes_per_second", value: Double(bytes) / best / 1e6, unit: "MB/s"),
            Measurement(benchmark: name, metric: "pages", value: Double(documents.count), unit: "pages"),
            Measurement(benchmark: name, metric: "links", value: Double(links), unit: "links"),
        ]
    }
}
