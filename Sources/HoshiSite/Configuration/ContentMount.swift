import Foundation
import HoshiCore
import Yams

/// A file or folder from outside `content/` published as if it were inside, named in hoshi.yml:
///
/// ```yaml
/// mounts:
///   - source: ../archive/problems/hatsuyoron.sgf   # relative to the site folder, or absolute
///     target: problems/classical/hatsuyoron.sgf     # where it appears below content/
///     optional: true                                # a missing source is a warning, not an error
/// ```
///
/// Archives are often kept, shared or licensed apart from the site that publishes them; a mount publishes
/// them without a copy that goes stale. Unlike a symbolic link, which discovery refuses when it leaves the
/// site folder, a mount is written in the configuration, so publishing outside files is the user's stated choice.
public struct ContentMount: Sendable, Equatable {
    /// As written: relative to the site folder, or absolute.
    public var source: String
    /// Path below `content/`, without a leading or trailing `/`.
    public var target: String
    /// A missing source leaves the mount out with a warning (material that not every copy of the site has).
    public var isOptional = false
    /// The entry in hoshi.yml, for diagnostics about the mount.
    public var location: SourceLocation
}

extension ContentMount {
    static let keys: Set<String> = ["source", "target", "optional"]

    /// The source as an absolute location: as written when absolute, otherwise below `siteDirectory`
    /// (symbolic links left as they are).
    func sourceURL(inSite siteDirectory: URL) -> URL {
        (source.hasPrefix("/") ? URL(filePath: source) : siteDirectory.appending(path: source)).standardizedFileURL
    }

    /// Whether the source holds `folder` (or is it): a mount of the site folder itself, say, which would
    /// publish the site's own output, and make `hoshi serve` rebuild after every build it writes.
    func sourceHolds(_ folder: URL, inSite siteDirectory: URL) -> Bool {
        let source = sourceURL(inSite: siteDirectory).resolvingSymlinksInPath().path
        let held = folder.standardizedFileURL.resolvingSymlinksInPath().path
        return held == source || held.hasPrefix(source.hasSuffix("/") ? source : source + "/")
    }

    /// Reads the value of the `mounts:` key: a list of mappings.
    static func parseList(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> [ContentMount] {
        guard let sequence = node.sequence else {
            diagnostics.append(.error("'mounts' must be a list of {source, target} entries", at: node.location(in: path)))
            return []
        }
        return sequence.compactMap { parse($0, path: path, into: &diagnostics) }
    }

    private static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> ContentMount? {
        let location = node.location(in: path)
        guard let mapping = node.mapping else {
            diagnostics.append(.error("each entry of 'mounts' must be a mapping with source and target", at: location))
            return nil
        }
        var mount = ContentMount(source: "", target: "", location: location)
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let keyLocation = keyNode.location(in: path)
            switch key {
            case "source": mount.source = value.scalarText(named: "source", at: keyLocation, into: &diagnostics) ?? ""
            case "target": mount.target = value.scalarText(named: "target", at: keyLocation, into: &diagnostics) ?? ""
            case "optional":
                switch value.scalar?.string {
                case "true", "yes": mount.isOptional = true
                case "false", "no": mount.isOptional = false
                default: diagnostics.append(.error("'optional' must be true or false", at: value.location(in: path)))
                }
            default:
                diagnostics.append(.warning("unknown key '\(key)' in mounts is ignored\(keys.didYouMean(key))", at: keyLocation))
            }
        }
        if mount.target.hasPrefix("content/") { mount.target.removeFirst("content/".count) }
        mount.target = mount.target.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        guard !mount.source.isEmpty, !mount.target.isEmpty else {
            diagnostics.append(.error("each mount needs a source (a file or folder) and a target below content/", at: location))
            return nil
        }
        guard !mount.target.split(separator: "/").contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else {
            diagnostics.append(.error("a mount's target must be a plain path below content/, without '..' or hidden names, "
                                      + "got '\(mount.target)'", at: location))
            return nil
        }
        return mount
    }
}
