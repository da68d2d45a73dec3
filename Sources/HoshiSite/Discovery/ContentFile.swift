import Foundation

/// One file found under a site's `content/` folder, or published there by a mount.
public struct ContentFile: Sendable, Hashable {
    /// Path below `content/`, with `/` separators: `docs/guide.md`.
    public var relativePath: String
    /// Where to read it.
    public var url: URL
    /// The path diagnostics name, as the user finds the file in their editor: relative to the site folder
    /// (`content/docs/guide.md`), or the mount's source path for a mounted file.
    public var displayPath: String

    public init(relativePath: String, url: URL, displayPath: String? = nil) {
        self.relativePath = relativePath
        self.url = url
        self.displayPath = displayPath ?? "content/\(relativePath)"
    }

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
