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

    /// Folder listings of earlier walks, kept by `hoshi serve` between builds.
    let listings: DirectoryListings?

    public init(siteDirectory: URL, mounts: [ContentMount] = []) {
        self.init(siteDirectory: siteDirectory, mounts: mounts, listings: nil)
    }

    init(siteDirectory: URL, mounts: [ContentMount], listings: DirectoryListings?) {
        self.siteDirectory = siteDirectory.standardizedFileURL.resolvingSymlinksInPath()
        self.mounts = mounts
        self.listings = listings
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
        defer { listings?.finishWalk() }
        var walk = Walk(root: siteDirectory, listings: listings)
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
        let resolved = mount.sourceURL(inSite: siteDirectory).resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            let message = "mount source \(mount.source) does not exist"
            walk.diagnostics.append(mount.isOptional
                ? .warning("\(message); content/\(mount.target) is left out (the mount is optional)", at: mount.location)
                : .error("\(message); fix the path, or mark the mount 'optional: true'", at: mount.location))
            return
        }
        if isDirectory.boolValue {
            var mounted = Walk(root: resolved, listings: listings)
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
    /// Listings of earlier walks (`hoshi serve`), reused for folders that did not change.
    private let listings: DirectoryListings?

    init(root: URL, listings: DirectoryListings?) {
        self.root = root
        self.listings = listings
    }

    /// Lists `directory`, whose files appear at `relative` below content/ and are named `display/...` in diagnostics.
    /// - Parameter isReal: no component of `directory`'s path is a symbolic link, so an entry that is not a
    ///   link itself is its own resolved path, and resolving it (several system calls) can be skipped.
    mutating func visit(directory: URL, relative: String, display: String, isReal: Bool) {
        let path = directory.path
        let resolvedDirectory = isReal ? path : directory.resolvingSymlinksInPath().path
        guard visited.insert(resolvedDirectory).inserted else { return }
        let key = "\(path)\u{0}\(relative)\u{0}\(display)"
        let stamp = isReal ? DirectoryListings.stamp(of: path) : nil
        if let listings, let stamp, let entries = listings.listing(for: key, stamp: stamp) {
            walk(entries, in: directory, relative: relative, display: display)
            return
        }
        let listedAt = FileClock.now()
        let names: [(name: String, type: UInt8)]
        do {
            names = try Self.entries(of: path)
        } catch {
            diagnostics.append(.error("cannot read folder: \(error.localizedDescription)", at: SourceLocation(path: display)))
            return
        }
        var entries: [DirectoryListings.Entry] = []
        entries.reserveCapacity(names.count)
        for (name, type) in names where !name.hasPrefix(".") {
            let url = directory.appending(path: name)
            let relativePath = relative.isEmpty ? name : "\(relative)/\(name)"
            let displayPath = "\(display)/\(name)"
            guard isReal else {
                entries.append(.other(name: name))
                continue
            }
            switch Self.kind(of: type, at: url.path) {
            case .folder: entries.append(.folder(url, relative: relativePath, display: displayPath))
            case .file: entries.append(.file(ContentFile(relativePath: relativePath, url: url, displayPath: displayPath)))
            case .link: entries.append(.other(name: name))
            }
        }
        if let stamp { listings?.keep(entries, for: key, stamp: stamp, listedAt: listedAt) }
        walk(entries, in: directory, relative: relative, display: display)
    }

    private mutating func walk(_ entries: [DirectoryListings.Entry], in directory: URL, relative: String, display: String) {
        for entry in entries {
            switch entry {
            case let .file(file): files.append(file)
            case let .folder(url, relativePath, displayPath):
                visit(directory: url, relative: relativePath, display: displayPath, isReal: true)
            case let .other(name):
                visitResolving(directory.appending(path: name), relative: relative.isEmpty ? name : "\(relative)/\(name)",
                               display: "\(display)/\(name)")
            }
        }
    }

    /// An entry that is a symbolic link, or below one: followed only when it resolves inside `root`.
    private mutating func visitResolving(_ url: URL, relative relativePath: String, display displayPath: String) {
        let resolved = url.resolvingSymlinksInPath()
        if resolved.path != url.path {
            guard isInsideRoot(resolved) else {
                diagnostics.append(.error("symbolic link points outside the site folder (to \(resolved.path)); copy the file in "
                                          + "instead, or publish it with a mount in hoshi.yml", at: SourceLocation(path: displayPath)))
                return
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            diagnostics.append(.error("broken symbolic link", at: SourceLocation(path: displayPath)))
            return
        }
        if isDirectory.boolValue {
            visit(directory: url, relative: relativePath, display: displayPath, isReal: false)
        } else {
            files.append(ContentFile(relativePath: relativePath, url: resolved, displayPath: displayPath))
        }
    }

    private enum Kind { case file, folder, link }

    /// The entry's kind from the type the folder listing gave, asking the file system only when it gave none.
    private static func kind(of type: UInt8, at path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var status = stat()
            guard lstat(path, &status) == 0 else { return .link }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .file
            }
        default: return .file
        }
    }

    /// The folder's entries by name, with the type the listing reports (`DT_UNKNOWN` on file systems that
    /// report none), sorted so that every walk yields files in the same order.
    private static func entries(of path: String) throws -> [(name: String, type: UInt8)] {
        guard let handle = opendir(path) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { closedir(handle) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            entries.append((name, entry.pointee.d_type))
        }
        return entries.sorted { $0.name < $1.name }
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
