import Foundation
import HoshiCore
import Yams

/// The `hints:` mapping of hoshi.yml: which game files get move hints and how they are computed.
///
/// ```yaml
/// hints:
///   paths: [games/demo, games/1846.sgf]   # folders or files below content/ (none by default)
///   engine: builtin                       # or a GTP command line: "gnugo --mode gtp"
///   playouts: 400                         # per position; or seconds: 2 (not reproducible)
///   candidates: 3                         # candidate moves shown per position
///   nodes: main_line                      # or all (variations too)
///   seed: 1                               # the same seed gives the same hints
/// ```
/// Every key is optional; unknown keys are warnings with their line.
public struct HintsConfiguration: Sendable, Equatable {
    /// Content paths (files or folders) whose games get hints.
    public var paths: [String] = []
    public var settings = HintSettings()

    public init() {}

    /// The settings for a game file, nil when its path is not under one of `paths`.
    public func settings(for relativePath: String) -> HintSettings? {
        let enabled = paths.contains { path in
            path.isEmpty || path == "." || relativePath == path || relativePath.hasPrefix(path.hasSuffix("/") ? path : path + "/")
        }
        return enabled ? settings : nil
    }

    static let knownKeys: Set<String> = ["paths", "engine", "playouts", "seconds", "candidates", "nodes", "seed"]
}

extension HintsConfiguration {
    /// Reads the value of the `hints:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> HintsConfiguration {
        var configuration = HintsConfiguration()
        guard let mapping = node.mapping else {
            diagnostics.append(.error("'hints' must be a mapping (paths, engine, playouts, seconds, candidates, nodes, seed)",
                                      at: node.location(in: path)))
            return configuration
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let location = value.location(in: path)
            switch key {
            case "paths":
                configuration.paths = value.stringList(named: "hints.paths", path: path, into: &diagnostics).map { entry in
                    var trimmed = entry.hasPrefix("content/") ? String(entry.dropFirst("content/".count)) : entry
                    while trimmed.hasSuffix("/") { trimmed.removeLast() }
                    return trimmed
                }
            case "engine":
                guard let text = value.scalarText(named: "hints.engine", at: location, into: &diagnostics) else { continue }
                let command = text.trimmingCharacters(in: .whitespaces)
                if command.isEmpty {
                    diagnostics.append(.error("hints.engine must be builtin or a GTP command line (gnugo --mode gtp)", at: location))
                } else {
                    configuration.settings.engine = command == "builtin" ? .builtin : .gtp(command: command)
                }
            case "playouts":
                if let playouts = number(value, in: 1...10_000_000, named: "hints.playouts", path: path, into: &diagnostics) {
                    configuration.settings.playouts = playouts
                }
            case "seconds":
                if let seconds = value.scalar.flatMap({ Double($0.string) }), seconds > 0, seconds <= 3_600 {
                    configuration.settings.secondsPerPosition = seconds
                } else {
                    diagnostics.append(.error("hints.seconds must be a number of seconds per position above 0 and at most 3600", at: location))
                }
            case "candidates":
                if let candidates = number(value, in: 1...20, named: "hints.candidates", path: path, into: &diagnostics) {
                    configuration.settings.candidates = candidates
                }
            case "nodes":
                if let nodes = value.scalar.flatMap({ HintSettings.Nodes(rawValue: $0.string) }) {
                    configuration.settings.nodes = nodes
                } else {
                    diagnostics.append(.error("hints.nodes must be main_line or all", at: location))
                }
            case "seed":
                if let seed = value.scalar.flatMap({ UInt64($0.string) }) {
                    configuration.settings.seed = seed
                } else {
                    diagnostics.append(.error("hints.seed must be a whole number from 0", at: location))
                }
            default:
                diagnostics.append(.warning("unknown key '\(key)' in hints is ignored\(knownKeys.didYouMean(key))",
                                            at: keyNode.location(in: path)))
            }
        }
        return configuration
    }

    private static func number(_ node: Yams.Node, in range: ClosedRange<Int>, named name: String, path: String,
                               into diagnostics: inout [Diagnostic]) -> Int? {
        guard let value = node.scalar.flatMap({ Int($0.string) }), range.contains(value) else {
            diagnostics.append(.error("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)", at: node.location(in: path)))
            return nil
        }
        return value
    }
}
