import Foundation

/// Notices edits to a site's sources by comparing snapshots of file sizes and modification times.
///
/// Polling, not inotify: it is portable, needs no extra dependency, sees changes made through editors that
/// replace files (save-by-rename) the same as in-place writes, and costs microseconds per check for a
/// help site's few thousand files. It looks at exactly the ``WatchedSource``s, the same files and folders
/// as ``SourceEventWatcher``; a missing source that appears changes the snapshot like any new file.
struct SourceWatcher: Sendable {
    let sources: [WatchedSource]

    init(sources: [WatchedSource]) {
        self.sources = sources
    }

    /// A fingerprint of every watched file and folder, by absolute path; two equal snapshots mean nothing
    /// changed.
    func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        for source in sources {
            record(source.path, into: &result)
            let location = source.locate()
            guard let folder = location.folder else { continue }
            var visited: Set<String> = []
            WatchedSource.forEachFolder(from: folder, scope: location.folderScope, visited: &visited) { folder in
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
                    record("\(folder)/\(name)", into: &result)
                }
            }
        }
        return result
    }

    /// Records the size and modification time of what `path` leads to (a symbolic link's target: an edit
    /// of the target is an edit of the source). A folder is recorded only as being one: its modification
    /// time changes with any entry, hidden ones too (an editor's swap file), and the entries that matter
    /// have records of their own.
    private func record(_ path: String, into result: inout [String: String]) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        result[path] = status.st_mode & S_IFMT == S_IFDIR ? "folder"
            : "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):\(status.st_size):\(status.st_ino)"
    }
}
