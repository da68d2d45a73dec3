import Foundation

/// One file found under a site's `content/` folder.
public struct ContentFile: Sendable, Hashable {
    /// Path below `content/`, with `/` separators: `docs/guide.md`.
    public var relativePath: String
    /// Where to read it.
    public var url: URL

    /// The path diagnostics name: relative to the site folder, as the user sees it in their editor.
    public var displayPath: String { "content/\(relativePath)" }

    /// The folder below `content/` holding the file (`""` at the top).
    public var folder: String {
        guard let slash = relativePath.lastIndex(of: "/") else { return "" }
        return String(relativePath[..<slash])
    }

    public var fileName: String {
        relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    }

    /// The file name without its last extension.
    public var stem: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
