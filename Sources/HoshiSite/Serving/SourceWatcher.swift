import Foundation

/// Notices edits to a site's sources by comparing snapshots of file sizes and modification times.
///
/// Polling, not inotify: it is portable, needs no extra dependency, sees changes made through editors that
/// replace files (save-by-rename) the same as in-place writes, and costs microseconds per check for a
/// help site's few thousand files.
public struct SourceWatcher: Sendable {
    public let directory: URL
    /// Names below `directory` that are watched: content, templates and the configuration.
    public let watchedNames = ["hoshi.yml", "content", "templates"]

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// A fingerprint of every watched file; two equal snapshots mean nothing changed.
    public func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        let fileManager = FileManager.default
        for name in watchedNames {
            let url = directory.appending(path: name)
            record(url, relative: name, into: &result)
            guard let enumerator = fileManager.enumerator(at: url, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey]) else {
                continue
            }
            for case let file as URL in enumerator {
                let relative = String(file.path.dropFirst(directory.path.count + 1))
                record(file, relative: relative, into: &result)
            }
        }
        return result
    }

    private func record(_ url: URL, relative: String, into result: inout [String: String]) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        result[relative] = "\(modified):\(size)"
    }
}
