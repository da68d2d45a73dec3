import Foundation

/// A fresh folder of the system's temporary directory for one test, which removes it when done.
public enum TemporaryFolder {
    /// Creates `hoshi-<name>-<UUID>` in the temporary directory, symbolic links resolved (macOS's `/var` is
    /// `/private/var`, and a file watcher reports the resolved paths).
    public static func make(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "hoshi-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }
}
