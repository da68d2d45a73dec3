import Foundation

/// One file found under a site's `content/` folder, or published there by a mount.
public struct ContentFile: Sendable, Hashable {
    /// Path below `content/`, with `/` separators: `docs/guide.md`.
    public var relativePath: String
    /// Where to read it.
    public let url: URL
    /// `url.path`, worked out once: `hoshi serve` checks every file's stamp on every rebuild.
    public let path: String
    /// The file name's last extension in lower case (`md` for `Guide.MD`), empty when it has none: readers
    /// claim files by it on every build.
    public let lowercasedExtension: String
    /// The path diagnostics name, as the user finds the file in their editor: relative to the site folder
    /// (`content/docs/guide.md`), or the mount's source path for a mounted file.
    public var displayPath: String

    public init(relativePath: String, url: URL, displayPath: String? = nil) {
        self.relativePath = relativePath
        self.url = url
        self.path = url.path
        let name = Self.name(in: relativePath)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            lowercasedExtension = name[name.index(after: dot)...].lowercased()
        } else {
            lowercasedExtension = ""
        }
        self.displayPath = displayPath ?? "content/\(relativePath)"
    }

    /// The folder below `content/` holding the file (`""` at the top).
    public var folder: String {
        guard let slash = relativePath.lastIndex(of: "/") else { return "" }
        return String(relativePath[..<slash])
    }

    public var fileName: String {
        String(Self.name(in: relativePath))
    }

    /// The last component of a `/`-separated path.
    private static func name(in relativePath: String) -> Substring {
        guard let slash = relativePath.lastIndex(of: "/") else { return Substring(relativePath) }
        return relativePath[relativePath.index(after: slash)...]
    }

    /// The file name without its last extension.
    public var stem: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
