import Foundation

/// A path `hoshi serve` watches for edits: one of the site's own sources (`hoshi.yml`, `content/`,
/// `templates/`) or the source of a mount named in hoshi.yml.
///
/// Both watchers (``SourceEventWatcher`` and ``SourceWatcher``) watch exactly these paths: a file, or a folder
/// with the folders below it, or, while the path does not exist, the place where it would appear. Nothing
/// else outside the site folder is watched, because nothing else is published.
struct WatchedSource: Hashable, Sendable {
    /// Absolute path, spelt as discovery reads it (symbolic links not resolved).
    var path: String
    /// Which folders below a watched folder are followed, mirroring what the build reads there.
    var scope: Scope

    enum Scope: Hashable, Sendable {
        /// Every folder, wherever a symbolic link leads (the theme reads `templates/` so).
        case anywhere
        /// Folders whose real path is inside this folder (discovery's rule for `content/`: the site folder).
        case inside(String)
        /// Folders whose real path is inside the source's own real path (discovery's rule for a mounted folder).
        case itself
    }

    /// The site's sources and the sources of `mounts`, resolved as ``ContentDiscovery`` resolves them: a
    /// relative source from the site folder's real path, an absolute one as written. A path named twice is
    /// watched once.
    static func sources(siteDirectory: URL, mounts: [ContentMount]) -> [WatchedSource] {
        let site = siteDirectory.standardizedFileURL.path
        let realSite = siteDirectory.standardizedFileURL.resolvingSymlinksInPath()
        var result = [
            WatchedSource(path: "\(site)/hoshi.yml", scope: .anywhere),
            WatchedSource(path: "\(site)/content", scope: .inside(realSite.path)),
            WatchedSource(path: "\(site)/templates", scope: .anywhere),
        ]
        for mount in mounts {
            let watched = WatchedSource(path: mount.sourceURL(inSite: realSite).path, scope: .itself)
            if !result.contains(watched) { result.append(watched) }
        }
        return result
    }

    /// The mounts the site's hoshi.yml names now; none when it cannot be read (the build reports why).
    static func mounts(ofSite siteDirectory: URL) -> [ContentMount] {
        let url = siteDirectory.appending(path: "hoshi.yml")
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            return []
        }
        return SiteConfiguration.parse(text, path: "hoshi.yml").0.mounts
    }
}

extension WatchedSource {
    /// Where a source is on disk at one moment. When it changes (the source appeared, vanished, became a
    /// folder, or a symbolic link on its way now leads elsewhere) the watches are set up again.
    struct Location: Equatable {
        /// Folders whose entry of the given name is the source or leads to it: the folder holding the path
        /// as written and, when a symbolic link resolves it elsewhere, the folder holding its target. For a
        /// missing source, its nearest existing ancestor and the name below it on the way to the source.
        var entries: [Entry] = []
        /// The source's real path when it is a folder: watched with the folders below it.
        var folder: String?
        /// Device and inode of that folder, so a folder replaced by another of the same name is noticed.
        var folderIdentity: [UInt64] = []
        /// The real path below which `folder`'s sub-folders must stay; nil for anywhere.
        var folderScope: String?
    }

    struct Entry: Hashable {
        var folder: String
        var name: String
    }

    /// Where the source is now (a few system calls: done when a watch is set up and when an event names
    /// the source's entry, not for every event).
    func locate() -> Location {
        var location = Location()
        var (folder, name) = Self.split(path)
        while !Self.isFolder(folder), folder != "/" {
            (folder, name) = Self.split(folder)
        }
        location.entries.append(Entry(folder: folder, name: name))
        guard FileManager.default.fileExists(atPath: path) else { return location }
        let real = URL(filePath: path).resolvingSymlinksInPath().path
        if real != path {
            let (realFolder, realName) = Self.split(real)
            location.entries.append(Entry(folder: realFolder, name: realName))
        }
        var status = stat()
        if Self.isFolder(real), stat(real, &status) == 0 {
            location.folder = real
            location.folderIdentity = [UInt64(status.st_dev), UInt64(status.st_ino)]
            switch scope {
            case .anywhere: location.folderScope = nil
            case let .inside(root): location.folderScope = root
            case .itself: location.folderScope = real
            }
        }
        return location
    }

    /// Calls `visit` with every folder below `folder` (and `folder` itself) that the build would read:
    /// hidden names are skipped, each real folder is visited once (a link to a parent cannot loop), and a
    /// folder whose real path leaves `scope` is left out. Stops when `visit` throws.
    static func forEachFolder<Failure: Error>(from folder: String, scope: String?, visited: inout Set<String>,
                                              _ visit: (String) throws(Failure) -> Void) throws(Failure) {
        let real = URL(filePath: folder).resolvingSymlinksInPath().path
        if let scope, real != scope, !real.hasPrefix(scope.hasSuffix("/") ? scope : scope + "/") { return }
        guard visited.insert(real).inserted else { return }
        try visit(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = "\(folder)/\(name)"
            if isFolder(child) { try forEachFolder(from: child, scope: scope, visited: &visited, visit) }
        }
    }

    /// Whether `path` is a folder, following symbolic links.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The folder holding `path` and its last name ("/" and "" for the root itself).
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
