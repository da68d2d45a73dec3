import HoshiCore
import Yams

/// A list of content paths where each entry is a path alone or a mapping `{path: ..., <setting>: ...}`
/// overriding the section's shared settings for its files: the shape of `hints.paths` and `problems:`. One
/// reader, so both sections accept the same forms and report the same mistakes at their lines.
struct PathEntryList<Settings> {
    /// The section's name in messages (`hints.paths`, `problems`).
    var section: String
    /// The setting keys an entry's mapping may override.
    var settingKeys: Set<String>
    /// Reads one setting of an entry into its settings, reporting a bad value.
    var apply: (_ key: String, _ value: Yams.Node, _ settings: inout Settings, _ diagnostics: inout [Diagnostic]) -> Void

    /// One entry as read, with its node for messages about the entry as a whole.
    struct Entry {
        var path: String
        var settings: Settings
        var node: Yams.Node
    }

    /// The entries of `items`, each starting from `shared`, with the path below `content/` and without a
    /// trailing slash (`.` stays `.`: the whole content folder). `path` is the configuration file's.
    func read(_ items: [Yams.Node], shared: Settings, path: String, into diagnostics: inout [Diagnostic]) -> [Entry] {
        var entries: [Entry] = []
        for item in items {
            var entryPath = ""
            var settings = shared
            if let text = item.scalar?.string {
                entryPath = text
            } else if let overrides = item.mapping {
                for (keyNode, value) in overrides {
                    let key = keyNode.string ?? ""
                    if key == "path" {
                        entryPath = value.scalar?.string ?? ""
                    } else if settingKeys.contains(key) {
                        apply(key, value, &settings, &diagnostics)
                    } else {
                        let known = settingKeys.union(["path"])
                        diagnostics.append(.warning("unknown key '\(key)' in \(section) is ignored\(known.didYouMean(key))",
                                                    at: keyNode.location(in: path)))
                    }
                }
            }
            if entryPath.hasPrefix("content/") { entryPath.removeFirst("content/".count) }
            while entryPath.hasSuffix("/") { entryPath.removeLast() }
            guard !entryPath.isEmpty || item.scalar?.string == "." else {
                diagnostics.append(.error("each entry of \(section) must be a path below content/, or a mapping with 'path'",
                                          at: item.location(in: path)))
                continue
            }
            entries.append(Entry(path: entryPath, settings: settings, node: item))
        }
        return entries
    }
}
