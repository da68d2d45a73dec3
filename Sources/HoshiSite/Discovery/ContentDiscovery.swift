import Foundation
import HoshiCore

/// Walks a site's `content/` folder and the mounts hoshi.yml names, and lists every file; the content kind
/// readers decide what each is.
///
/// Hidden files and folders (starting with `.`) are skipped. Symbolic links are followed only when they
/// resolve inside the folder being walked (the site folder, or a mount's source): a link to `/etc` must not
/// leak the machine into a published site.
public struct ContentDiscovery {
    public let siteDirectory: URL
    public let mounts: [ContentMount]

    public init(siteDirectory: URL, mounts: [ContentMount] = []) {
        self.siteDirectory = siteDirectory.standardizedFileURL.resolvingSymlinksInPath()
        self.mounts = mounts
    }

    public var contentDirectory: URL { siteDirectory.appending(path: "content", directoryHint: .isDirectory) }

    public func discover() -> (files: [ContentFile], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: contentDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], [.error("no content/ folder here; create one with the pages of the site, or run 'hoshi init'",
                                at: SourceLocation(path: siteDirectory.path))])
        }
        var walk = Walk(root: siteDirectory)
        walk.visit(directory: contentDirectory, relative: "", display: "content",
                   isReal: !Walk.isSymbolicLink(contentDirectory.path))
        for mount in mounts { discover(mount, into: &walk) }
        diagnostics += walk.diagnostics

        // A mount must not silently hide a file of content/ or of another mount.
        var sources: [String: String] = [:]
        var files: [ContentFile] = []
        for file in walk.files {
            if let earlier = sources[file.relativePath] {
                diagnostics.append(.error("\(earlier) and \(file.displayPath) would both be content/\(file.relativePath); "
                                          + "change a mount's target", at: SourceLocation(path: file.displayPath)))
                continue
            }
            sources[file.relativePath] = file.displayPath
            files.append(file)
        }
        files.sort { $0.relativePath < $1.relativePath }
        return (files, diagnostics)
    }

    private func discover(_ mount: ContentMount, into walk: inout Walk) {
        let source = mount.source.hasPrefix("/") ? URL(filePath: mount.source)
            : siteDirectory.appending(path: mount.source).standardizedFileURL
        let resolved = source.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            let message = "mount source \(mount.source) does not exist"
            walk.diagnostics.append(mount.isOptional
                ? .warning("\(message); content/\(mount.target) is left out (the mount is optional)", at: mount.location)
                : .error("\(message); fix the path, or mark the mount 'optional: true'", at: mount.location))
            return
        }
        if isDirectory.boolValue {
            var mounted = Walk(root: resolved)
            mounted.visit(directory: resolved, relative: mount.target, display: mount.source, isReal: true)
            walk.files += mounted.files
            walk.diagnostics += mounted.diagnostics
        } else {
            walk.files.append(ContentFile(relativePath: mount.target, url: resolved, displayPath: mount.source))
        }
    }
}

/// One walk of a folder tree, refusing symbolic links that leave `root`.
private struct Walk {
    let root: URL
    var files: [ContentFile] = []
    var diagnostics: [Diagnostic] = []
    private var visited: Set<String> = []

    init(root: URL) {
        self.root = root
    }

    /// Lists `directory`, whose files appear at `relative` below content/ and are named `display/...` in diagnostics.
    /// - Parameter isReal: no component of `directory`'s path is a symbolic link, so an entry that is not a
    ///   link itself is its own resolved path, and resolving it (several system calls) can be skipped.
    mutating func visit(directory: URL, relative: String, display: String, isReal: Bool) {
        let resolvedDirectory = directory.resolvingSymlinksInPath().path
        guard visited.insert(resolvedDirectory).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            diagnostics.append(.error("cannot read folder: \(error.localizedDescription)", at: SourceLocation(path: display)))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = directory.appending(path: name)
            let relativePath = relative.isEmpty ? name : "\(relative)/\(name)"
            let displayPath = "\(display)/\(name)"
            var status = stat()
            if isReal, lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK {
                if status.st_mode & S_IFMT == S_IFDIR {
                    visit(directory: url, relative: relativePath, display: displayPath, isReal: true)
                } else {
                    files.append(ContentFile(relativePath: relativePath, url: url, displayPath: displayPath))
                }
                continue
            }
            let resolved = url.resolvingSymlinksInPath()
            if resolved.path != url.path {
                guard isInsideRoot(resolved) else {
                    diagnostics.append(.error("symbolic link points outside the site folder (to \(resolved.path)); copy the file in "
                                              + "instead, or publish it with a mount in hoshi.yml", at: SourceLocation(path: displayPath)))
                    continue
                }
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
                diagnostics.append(.error("broken symbolic link", at: SourceLocation(path: displayPath)))
                continue
            }
            if isDirectory.boolValue {
                visit(directory: url, relative: relativePath, display: displayPath, isReal: false)
            } else {
                files.append(ContentFile(relativePath: relativePath, url: resolved, displayPath: displayPath))
            }
        }
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFLNK
    }

    private func isInsideRoot(_ url: URL) -> Bool {
        let root = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(root)
    }
}
