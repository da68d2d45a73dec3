import Foundation
import HoshiCore

/// The templates and static assets a site is rendered with: the default theme, with any file of the site's
/// own `templates/` folder replacing the default file of the same path.
public struct Theme: Sendable {
    /// A file of the theme and where it came from, for diagnostics.
    public struct File: Sendable, Equatable {
        public var data: Data
        /// `templates/partials/footer.mustache` for a site's override, `(default theme)/…` otherwise.
        public var displayPath: String
    }

    /// Mustache templates by name: the path without `.mustache`, with dots for slashes (`layouts.page`,
    /// `partials.header`), because Mustache section names cannot hold a slash.
    public var templates: [String: File] = [:]
    /// Everything else (CSS, JavaScript, images) by path (`assets/hoshi.css`).
    public var assets: [String: File] = [:]

    public static let templateExtension = ".mustache"

    /// Loads the default theme and applies the overrides found in `overrides` (a site's `templates/`).
    public static func load(overrides: URL?) -> (Theme, [Diagnostic]) {
        var theme = Theme()
        for (path, data) in DefaultTheme.files {
            theme.add(path: path, file: File(data: data, displayPath: "(default theme)/\(path)"))
        }
        var diagnostics: [Diagnostic] = []
        guard let overrides, FileManager.default.fileExists(atPath: overrides.path) else { return (theme, diagnostics) }
        let root = overrides.standardizedFileURL.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return (theme, diagnostics)
        }
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))
            if path.hasPrefix(".") || path.contains("/.") { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.append(.error("cannot read template file", at: SourceLocation(path: "templates/\(path)")))
                continue
            }
            theme.add(path: path, file: File(data: data, displayPath: "templates/\(path)"))
        }
        return (theme, diagnostics)
    }

    private mutating func add(path: String, file: File) {
        if path.hasSuffix(Self.templateExtension) {
            templates[String(path.dropLast(Self.templateExtension.count)).replacingOccurrences(of: "/", with: ".")] = file
        } else {
            assets[path] = file
        }
    }
}
