/// Paths inside the output folder and the relative URLs between them.
///
/// Every internal URL Hoshi writes is relative (`../docs/guide.html`), so one build works from any static
/// host, any sub-path, and `file://`.
public enum SitePath {
    /// The folder part of an output path: `docs/guide.html` gives `docs`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The relative URL from the page at `page` to the output file `target` (both output paths).
    public static func relativeURL(from page: String, to target: String) -> String {
        let fromParts = folder(of: page).split(separator: "/")
        let toParts = target.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count - 1, fromParts[common] == toParts[common] {
            common += 1
        }
        // `..` for each folder left, then the rest of the target, `/` between all of them.
        var url = String(repeating: "../", count: fromParts.count - common)
        if common < toParts.count {
            url += toParts[common...].joined(separator: "/")
        } else if !url.isEmpty {
            url.removeLast()
        }
        return url
    }

    /// `../` repeated to reach the output root from a page.
    public static func rootPrefix(from page: String) -> String {
        String(repeating: "../", count: folder(of: page).split(separator: "/").count)
    }

    /// Resolves `relative` (no scheme, no fragment) against the folder `base`, folding `.` and `..`.
    /// Returns nil when the path climbs above the root.
    public static func resolve(_ relative: String, inFolder base: String) -> String? {
        var parts = relative.hasPrefix("/") ? [] : base.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
