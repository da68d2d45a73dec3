import Foundation
import HoshiCore
import Yams

/// The `hints:` mapping of hoshi.yml: which game files get move hints and how they are computed.
///
/// ```yaml
/// hints:
///   paths:                                # folders or files below content/ (none by default)
///     - games/demo
///     - path: games/pro                   # an entry may override any setting below for its games
///       playouts: 2000
///   engine: builtin                       # or a GTP command line: "gnugo --mode gtp"
///   playouts: 1200                        # per position; or seconds: 2 (not reproducible)
///   candidates: 3                         # candidate moves shown per position
///   nodes: main_line                      # or all (variations too)
///   seed: 1                               # the same seed gives the same hints
///   prefer: file                          # or engine, engine_only: whose analysis shows where the
///                                         # game file stores some (Sabaki, Lizzie) and the engine computed
/// ```
/// Every key is optional; unknown keys are warnings with their line.
public struct HintsConfiguration: Sendable, Equatable {
    /// A content path (file or folder) whose games get hints, with the settings that compute them.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var settings: HintSettings
    }

    public var entries: [Entry] = []
    /// The settings of entries that override none.
    public var settings = HintSettings()

    public init() {}

    /// The content paths with hints.
    public var paths: [String] { entries.map(\.path) }

    /// The settings for a game file: those of the most specific entry holding it, nil when none does.
    public func settings(for relativePath: String) -> HintSettings? {
        entries.filter { entry in
            let path = entry.path
            return path.isEmpty || path == "." || relativePath == path || relativePath.hasPrefix(path + "/")
        }.max { $0.path.count < $1.path.count }?.settings
    }

    /// Whose analysis the pages of a game file show where the file stores some: the `prefer` of the entry
    /// holding it, or the top-level one for files without engine hints.
    public func preference(for relativePath: String) -> HintSettings.Preference {
        (settings(for: relativePath) ?? settings).prefer
    }

    /// Gives every entry with a GTP engine the name and version that engine reports (`identify`, called
    /// once per command line), since they are part of its hints' keys.
    public mutating func identifyEngines(_ identify: (String) throws -> String) rethrows {
        var versions: [String: String] = [:]
        for index in entries.indices {
            guard case .gtp(let command) = entries[index].settings.engine else { continue }
            if versions[command] == nil { versions[command] = try identify(command) }
            entries[index].settings.engineVersion = versions[command] ?? ""
        }
    }

    static let settingKeys: Set<String> = ["engine", "playouts", "seconds", "candidates", "nodes", "seed", "prefer"]
    static let knownKeys: Set<String> = settingKeys.union(["paths"])
}

extension HintsConfiguration {
    /// Reads the value of the `hints:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> HintsConfiguration {
        var configuration = HintsConfiguration()
        guard let mapping = node.mapping else {
            diagnostics.append(.error("'hints' must be a mapping (paths, engine, playouts, seconds, candidates, nodes, seed, prefer)",
                                      at: node.location(in: path)))
            return configuration
        }
        var pathNodes: [Yams.Node] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if key == "paths" {
                pathNodes = value.sequence.map(Array.init) ?? [value]
            } else if settingKeys.contains(key) {
                apply(key, value, to: &configuration.settings, path: path, into: &diagnostics)
            } else {
                diagnostics.append(.warning("unknown key '\(key)' in hints is ignored\(knownKeys.didYouMean(key))",
                                            at: keyNode.location(in: path)))
            }
        }
        // Entries start from the top-level settings, wherever in the mapping those were written.
        let list = PathEntryList<HintSettings>(section: "hints.paths", settingKeys: settingKeys) { key, value, settings, diagnostics in
            apply(key, value, to: &settings, path: path, into: &diagnostics)
        }
        configuration.entries = list.read(pathNodes, shared: configuration.settings, path: path, into: &diagnostics)
            .map { Entry(path: $0.path, settings: $0.settings) }
        return configuration
    }

    /// Reads one setting into `settings`.
    private static func apply(_ key: String, _ value: Yams.Node, to settings: inout HintSettings, path: String,
                              into diagnostics: inout [Diagnostic]) {
        let location = value.location(in: path)
        switch key {
        case "engine":
            guard let text = value.scalarText(named: "hints.engine", at: location, into: &diagnostics) else { return }
            let command = text.trimmingCharacters(in: .whitespaces)
            if command.isEmpty {
                diagnostics.append(.error("hints.engine must be builtin or a GTP command line (gnugo --mode gtp)", at: location))
            } else {
                settings.engine = command == "builtin" ? .builtin : .gtp(command: command)
            }
        case "playouts":
            if let playouts = number(value, in: 1...10_000_000, named: "hints.playouts", path: path, into: &diagnostics) {
                settings.playouts = playouts
            }
        case "seconds":
            if let seconds = value.scalar.flatMap({ Double($0.string) }), seconds > 0, seconds <= 3_600 {
                settings.secondsPerPosition = seconds
            } else {
                diagnostics.append(.error("hints.seconds must be a number of seconds per position above 0 and at most 3600", at: location))
            }
        case "candidates":
            if let candidates = number(value, in: 1...20, named: "hints.candidates", path: path, into: &diagnostics) {
                settings.candidates = candidates
            }
        case "nodes":
            if let nodes = value.scalar.flatMap({ HintSettings.Nodes(rawValue: $0.string) }) {
                settings.nodes = nodes
            } else {
                diagnostics.append(.error("hints.nodes must be main_line or all", at: location))
            }
        case "prefer":
            if let preference = value.scalar.flatMap({ HintSettings.Preference(rawValue: $0.string) }) {
                settings.prefer = preference
            } else {
                diagnostics.append(.error("hints.prefer must be file, engine or engine_only", at: location))
            }
        case "seed":
            if let seed = value.scalar.flatMap({ UInt64($0.string) }) {
                settings.seed = seed
            } else {
                diagnostics.append(.error("hints.seed must be a whole number from 0", at: location))
            }
        default:
            break
        }
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

extension SettingsSection<HintsConfiguration> {
    /// `hints:` in hoshi.yml: which game files get move hints and how they are computed.
    static var hints: Self {
        SettingsSection(key: "hints", defaultValue: HintsConfiguration()) { node, _, path, diagnostics in
            HintsConfiguration.parse(node, path: path, into: &diagnostics)
        }
    }
}
