import Foundation

/// Maps a request path to a file inside the served folder, and never to anything outside it.
///
/// Decodes percent escapes once, refuses `..`, `.`-prefixed names (which also covers `%2e%2e` after
/// decoding), NUL bytes and backslashes, then resolves symbolic links and checks that the real path is
/// still inside the real root: a link inside `site/` pointing at `/etc` is refused too.
public struct SitePathResolver: Sendable {
    public let root: URL

    public enum Resolution: Equatable, Sendable {
        case file(URL)
        /// A folder requested without its trailing slash: redirect so relative links resolve.
        case redirect(String)
        case notFound
        case forbidden
    }

    public init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// - Parameter rawPath: the request target's path, still percent-encoded (`/docs/a%20b.html`).
    public func resolve(_ rawPath: String) -> Resolution {
        var path = rawPath
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        guard let decoded = path.removingPercentEncoding else { return .forbidden }
        guard decoded.hasPrefix("/"), !decoded.contains("\0"), !decoded.contains("\\") else { return .forbidden }
        let components = decoded.split(separator: "/", omittingEmptySubsequences: true)
        for component in components where component.hasPrefix(".") {
            return .forbidden
        }
        var candidate = root
        for component in components { candidate.append(path: String(component)) }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            guard decoded.hasSuffix("/") else { return .redirect(path + "/") }
            candidate.append(path: "index.html")
            guard fileManager.fileExists(atPath: candidate.path) else { return .notFound }
        }
        let real = candidate.resolvingSymlinksInPath().path
        guard real.hasPrefix(root.path + "/") else { return .forbidden }
        return .file(URL(fileURLWithPath: real))
    }
}
