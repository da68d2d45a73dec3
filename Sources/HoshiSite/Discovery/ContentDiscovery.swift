import Foundation
import HoshiCore

/// Walks a site's `content/` folder and lists every file; the content kind readers decide what each is.
///
/// Hidden files and folders (starting with `.`) are skipped. Symbolic links are followed only when they
/// resolve inside the site folder: a link to `/etc` must not leak the machine into a published site.
public struct ContentDiscovery {
    public let siteDirectory: URL

    public init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory.standardizedFileURL.resolvingSymlinksInPath()
    }

    public var contentDirectory: URL { siteDirectory.appending(path: "content", directoryHint: .isDirectory) }

    public func discover() -> (files: [ContentFile], diagnostics: [Diagnostic]) {
        var files: [ContentFile] = []
        var diagnostics: [Diagnostic] = []
        var visited: Set<String> = []
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: contentDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], [.error("no content/ folder here; create one with the pages of the site, or run 'hoshi init'",
                                at: SourceLocation(path: siteDirectory.path))])
        }
        walk(directory: contentDirectory, relative: "", isReal: !Self.isSymbolicLink(contentDirectory.path),
             files: &files, diagnostics: &diagnostics, visited: &visited)
        files.sort { $0.relativePath < $1.relativePath }
        return (files, diagnostics)
    }

    /// - Parameter isReal: no component of `directory`'s path is a symbolic link, so an entry that is not a
    ///   link itself is its own resolved path, and resolving it (several system calls) can be skipped.
    private func walk(directory: URL, relative: String, isReal: Bool, files: inout [ContentFile],
                      diagnostics: inout [Diagnostic], visited: inout Set<String>) {
        let resolvedDirectory = directory.resolvingSymlinksInPath().path
        guard visited.insert(resolvedDirectory).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            diagnostics.append(.error("cannot read folder: \(error.localizedDescription)",
                                      at: SourceLocation(path: "content/\(relative)")))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = directory.appending(path: name)
            let relativePath = relative.isEmpty ? name : "\(relative)/\(name)"
            let displayPath = "content/\(relativePath)"
            var status = stat()
            if isReal, lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK {
                if status.st_mode & S_IFMT == S_IFDIR {
                    walk(directory: url, relative: relativePath, isReal: true, files: &files, diagnostics: &diagnostics, visited: &visited)
                } else {
                    files.append(ContentFile(relativePath: relativePath, url: url))
                }
                continue
            }
            let resolved = url.resolvingSymlinksInPath()
            if resolved.path != url.path {
                guard isInsideSite(resolved) else {
                    diagnostics.append(.error("symbolic link points outside the site folder (to \(resolved.path)); copy the file in instead",
                                              at: SourceLocation(path: displayPath)))
                    continue
                }
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
                diagnostics.append(.error("broken symbolic link", at: SourceLocation(path: displayPath)))
                continue
            }
            if isDirectory.boolValue {
                walk(directory: url, relative: relativePath, isReal: false, files: &files, diagnostics: &diagnostics,
                     visited: &visited)
            } else {
                files.append(ContentFile(relativePath: relativePath, url: resolved))
            }
        }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFLNK
    }

    private func isInsideSite(_ url: URL) -> Bool {
        let root = siteDirectory.path.hasSuffix("/") ? siteDirectory.path : siteDirectory.path + "/"
        return url.path.hasPrefix(root)
    }
}
