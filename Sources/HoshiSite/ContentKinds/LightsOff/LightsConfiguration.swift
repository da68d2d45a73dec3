import Foundation
import HoshiCore
import Yams

/// The `lights:` mapping of hoshi.yml: how Lights Off puzzle sets are published.
///
/// ```yaml
/// lights:
///   unsolvable: error        # error (default) | skip | publish
///   wrap: false              # default rule of puzzle files: true = the board wraps at its edges
///   sets:                    # per-file options, keyed by the path below content/
///     - path: puzzles/torus.lights
///       title: Torus puzzles
///       wrap: true
///   generated:               # sets made by the generator, published at puzzles/<name>/
///     - {name: daily, title: Daily puzzles, width: 5, height: 5, count: 10, par: [6, 12], seed: 42}
/// ```
/// Every key is optional. Unknown keys are warnings with their line, like the top level's.
public struct LightsConfiguration: Sendable, Equatable {
    /// What the build does with a puzzle that cannot be solved.
    public enum UnsolvablePolicy: String, Sendable, CaseIterable {
        /// The build fails with one error per unsolvable puzzle (reason and smallest repair).
        case error
        /// A warning per puzzle, and the puzzle is left out of the site (its number stays unused).
        case skip
        /// A warning per puzzle, and its page says that it cannot be solved and why.
        case publish
    }

    /// Options for one puzzle file, from `sets:`.
    public struct FileSet: Sendable, Equatable {
        /// Path below `content/`, as in `puzzles/classic.lights`.
        public var path: String
        /// The set's title in navigation and on its index page; default: from the file name.
        public var title: String?
        /// The set's rule; default: the `lights.wrap` setting.
        public var wrap: Bool?
        /// Where the entry is written in hoshi.yml.
        public var location: SourceLocation
    }

    /// A set made by the generator, from `generated:`.
    public struct GeneratedSet: Sendable, Equatable {
        /// Folder name below `puzzles/`: lower-case letters, digits and hyphens.
        public var name: String
        /// Title in navigation; default: from the name.
        public var title: String?
        /// Size, count, par range, seed and rule.
        public var generator: LightsGeneratorConfiguration
        /// Where the entry is written in hoshi.yml (diagnostics about the set point here).
        public var location: SourceLocation
    }

    public var unsolvable = UnsolvablePolicy.error
    public var wrap = false
    public var sets: [FileSet] = []
    public var generated: [GeneratedSet] = []

    public init() {}

    /// The options for a content file, if `sets:` names it.
    public func fileSet(for relativePath: String) -> FileSet? {
        sets.first { $0.path == relativePath }
    }

    static let knownKeys: Set<String> = ["unsolvable", "wrap", "sets", "generated"]
    static let fileSetKeys: Set<String> = ["path", "title", "wrap"]
    static let generatedKeys: Set<String> = ["name", "title", "width", "height", "count", "par", "seed", "wrap"]
}

extension LightsConfiguration {
    /// Reads the value of the `lights:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> LightsConfiguration {
        var configuration = LightsConfiguration()
        guard let mapping = node.mapping else {
            diagnostics.append(.error("'lights' must be a mapping (unsolvable, wrap, sets, generated)", at: node.location(in: path)))
            return configuration
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let location = keyNode.location(in: path)
            switch key {
            case "unsolvable":
                guard let text = value.scalarText(named: "lights.unsolvable", at: location, into: &diagnostics) else { continue }
                if let policy = UnsolvablePolicy(rawValue: text) {
                    configuration.unsolvable = policy
                } else {
                    diagnostics.append(.error("lights.unsolvable must be error, skip or publish, got '\(text)'",
                                              at: value.location(in: path)))
                }
            case "wrap":
                configuration.wrap = value.boolean(named: "lights.wrap", path: path, into: &diagnostics) ?? false
            case "sets":
                configuration.sets = value.entries(named: "lights.sets", path: path, into: &diagnostics).compactMap {
                    parseFileSet($0, path: path, into: &diagnostics)
                }
            case "generated":
                configuration.generated = value.entries(named: "lights.generated", path: path, into: &diagnostics).compactMap {
                    parseGeneratedSet($0, path: path, into: &diagnostics)
                }
            default:
                warnUnknown(key, known: knownKeys, in: "lights", at: location, into: &diagnostics)
            }
        }
        var names: Set<String> = []
        for set in configuration.generated where !names.insert(set.name).inserted {
            diagnostics.append(.error("two generated sets are named '\(set.name)'; give each a name of its own", at: set.location))
        }
        return configuration
    }

    private static func parseFileSet(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> FileSet? {
        let location = node.location(in: path)
        var setPath: String?
        var title: String?
        var wrap: Bool?
        for (keyNode, value) in node.mapping ?? [:] {
            let key = keyNode.string ?? ""
            switch key {
            case "path": setPath = value.scalarText(named: "path", at: keyNode.location(in: path), into: &diagnostics)
            case "title": title = value.scalarText(named: "title", at: keyNode.location(in: path), into: &diagnostics)
            case "wrap": wrap = value.boolean(named: "wrap", path: path, into: &diagnostics)
            default: warnUnknown(key, known: fileSetKeys, in: "lights.sets", at: keyNode.location(in: path), into: &diagnostics)
            }
        }
        guard var setPath else {
            diagnostics.append(.error("each entry of lights.sets needs a 'path' below content/ (puzzles/classic.lights)", at: location))
            return nil
        }
        if setPath.hasPrefix("content/") { setPath.removeFirst("content/".count) }
        return FileSet(path: setPath, title: title, wrap: wrap, location: location)
    }

    private static func parseGeneratedSet(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> GeneratedSet? {
        let location = node.location(in: path)
        var name: String?
        var title: String?
        for (keyNode, value) in node.mapping ?? [:] {
            let key = keyNode.string ?? ""
            switch key {
            case "name": name = value.scalarText(named: "name", at: keyNode.location(in: path), into: &diagnostics)
            case "title": title = value.scalarText(named: "title", at: keyNode.location(in: path), into: &diagnostics)
            case _ where generatedKeys.contains(key): break
            default: warnUnknown(key, known: generatedKeys, in: "lights.generated", at: keyNode.location(in: path), into: &diagnostics)
            }
        }
        guard let name, !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
            diagnostics.append(.error("each generated set needs a 'name' of lower-case letters, digits and hyphens "
                                      + "(it becomes the folder puzzles/<name>/)", at: location))
            return nil
        }
        let generator: LightsGeneratorConfiguration
        do {
            generator = try YAMLDecoder().decode(LightsGeneratorConfiguration.self, from: node)
        } catch {
            diagnostics.append(.error("generated set '\(name)': \(describe(error)); write it as {name: \(name), width: 5, "
                                      + "height: 5, count: 10, par: [6, 12], seed: 1}", at: location))
            return nil
        }
        return GeneratedSet(name: name, title: title, generator: generator, location: location)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case let .keyNotFound(key, _)?: return "'\(key.stringValue)' is missing"
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?, let .dataCorrupted(context)?:
            let key = context.codingPath.last.map { "'\($0.stringValue)' " } ?? ""
            return "\(key)has the wrong type (\(context.debugDescription))"
        default: return "\(error)"
        }
    }

    private static func warnUnknown(_ key: String, known: Set<String>, in section: String, at location: SourceLocation,
                                    into diagnostics: inout [Diagnostic]) {
        let suggestion = known.didYouMean(key)
        diagnostics.append(.warning("unknown key '\(key)' in \(section) is ignored\(suggestion)", at: location))
    }
}

extension Yams.Node {
    /// A `true`/`false` scalar, or nil with an error.
    func boolean(named key: String, path: String, into diagnostics: inout [Diagnostic]) -> Bool? {
        switch scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.append(.error("'\(key)' must be true or false", at: location(in: path)))
            return nil
        }
    }

    /// The mappings of a list (each one an entry), reporting anything else.
    func entries(named key: String, path: String, into diagnostics: inout [Diagnostic]) -> [Yams.Node] {
        guard let sequence else {
            diagnostics.append(.error("'\(key)' must be a list of mappings", at: location(in: path)))
            return []
        }
        return sequence.filter { item in
            if item.mapping != nil { return true }
            diagnostics.append(.error("each entry of '\(key)' must be a mapping (key: value)", at: item.location(in: path)))
            return false
        }
    }
}
