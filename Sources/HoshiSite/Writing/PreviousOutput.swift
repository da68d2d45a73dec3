import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The output folder a build is about to replace, as a source of files whose bytes did not change.
///
/// Such a file is hard-linked into the new output instead of written again: a rebuild then creates (and the
/// swap deletes) only the changed files' inodes, and unchanged files keep their modification times, so a
/// deploy by size and time (`rsync`) or a browser's `If-Modified-Since` sees only what changed. Creating and
/// deleting thousands of files is also what makes repeated builds slow on some file systems (ext4 without a
/// journal searches past every recently deleted inode).
///
/// A file is reused only when the new output would hold exactly it: a regular file, reached through real
/// folders (no symbolic link on the way), with the mode the new file would have, no other hard link (so
/// nothing outside the output shares it), and byte for byte the new contents. Hoshi never changes a file
/// in place (`hoshi serve` replaces files by renaming), so a linked file cannot change under the new output.
struct PreviousOutput {
    /// The previous output folder, with a trailing `/`.
    private let root: String
    /// Output folders (relative, `""` for the root) that are real folders in the previous output.
    private let folders: Set<String>

    /// The previous output at `root`, for the new output's `folders`. Nil when there is no previous output.
    init?(root: URL, folders: Set<String>) {
        let path = root.path
        guard Self.isRealFolder(path) else { return nil }
        self.root = path.hasSuffix("/") ? path : path + "/"
        // The folders with their ancestors, which may hold no file of their own (`games/` above `games/shusaku/`).
        var withAncestors: Set<String> = []
        for folder in folders {
            var ancestor = folder
            while !ancestor.isEmpty, withAncestors.insert(ancestor).inserted { ancestor = SitePath.folder(of: ancestor) }
        }
        var real: Set<String> = [""]
        // Shorter paths first, so a folder is checked after its parent.
        for folder in withAncestors.sorted(by: { $0.count < $1.count }) {
            let parent = SitePath.folder(of: folder)
            if real.contains(parent), Self.isRealFolder(self.root + folder) { real.insert(folder) }
        }
        self.folders = real
    }

    /// Links the previous output's file at `path` to `destination` when it holds exactly `contents` with
    /// permission bits `mode`. Returns false, having changed nothing, when it does not: the caller writes
    /// the file.
    func reuse(_ path: String, contents: Data, mode: mode_t, at destination: String) -> Bool {
        reuse(path, size: contents.count, mode: mode, at: destination) { Self.holds($0, contents) }
    }

    /// Links the previous output's file at `path` to `destination` when it is a copy of `source` as
    /// `FileManager.copyItem` makes one (the same bytes and permission bits). The source is read only
    /// when the previous file could be such a copy.
    func reuse(_ path: String, copyOf source: URL, at destination: String) -> Bool {
        var status = stat()
        guard stat(source.path, &status) == 0 else { return false }
        let size = Int(status.st_size)
        return reuse(path, size: size, mode: status.st_mode & 0o7777, at: destination) { descriptor in
            // The source is read after its `stat`: an edit in between must not pass for the old bytes.
            guard let contents = try? Data(contentsOf: source), contents.count == size else { return false }
            return Self.holds(descriptor, contents)
        }
    }

    /// Links the previous output's file at `path` to `destination` when it is a regular file of `size` bytes
    /// and permission bits `mode`, with no other link, reached through real folders, and `holdsBytes` says
    /// its open descriptor reads the new contents.
    private func reuse(_ path: String, size: Int, mode: mode_t, at destination: String, holdsBytes: (Int32) -> Bool) -> Bool {
        guard folders.contains(SitePath.folder(of: path)) else { return false }
        let source = root + path
        let descriptor = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
              status.st_mode & 0o7777 == mode, Int(status.st_size) == size, holdsBytes(descriptor) else { return false }
        return link(source, destination) == 0
    }

    /// Whether the open file's bytes are `contents`, whose count the caller checked is the file's size.
    private static func holds(_ descriptor: Int32, _ contents: Data) -> Bool {
        contents.withUnsafeBytes { expected -> Bool in
            guard let start = expected.baseAddress else { return true }
            let chunk = 1 << 16
            var buffer = [UInt8](repeating: 0, count: min(chunk, expected.count))
            var offset = 0
            while offset < expected.count {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min(chunk, expected.count - offset)) }
                if count < 0, errno == EINTR { continue }
                let same = count > 0 && buffer.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { memcmp($0, start + offset, count) == 0 } ?? false
                }
                guard same else { return false }
                offset += count
            }
            return true
        }
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
