import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Content hashes of a site's source files, kept between builds. A file is read and hashed again only when
/// its size, modification time (to the nanosecond) or inode changed, so a rebuild after one edit reads one
/// file, while a file touched without a change still hashes the same.
///
/// File systems keep modification times to a clock tick or coarser, so a second write in the tick of the
/// hashed one could keep size and time: a hash made too soon after the file's modification time
/// (`FileClock.isSettled`) is not trusted, and the file is read again next time.
struct SourceHashes {
    private struct Stamp: Equatable {
        var modified: Int64
        var size: Int
        var inode: UInt
    }

    private var known: [String: (stamp: Stamp, hashedAt: Int64, hash: UInt64)] = [:]
    /// The folders of this build's files, open, so each file's `stat` looks up one name rather than its
    /// whole path (most of a rebuild's cost of checking a thousand files). Opened anew by every build, and
    /// at most ``openFolderLimit`` of them: files of further folders are looked up by their whole path.
    private var folders: [Substring: Int32] = [:]
    /// Few enough to leave the server its descriptors, enough for the folders of most sites.
    private static let openFolderLimit = 64

    /// This build's hashes, so that the phases asking for a file's hash (claiming, reading, writing) cost
    /// one `stat` between them.
    private var thisBuild: [String: UInt64] = [:]

    /// Closes the folders the last build opened (a folder renamed since must not answer for its old path),
    /// and forgets which files this build checked.
    mutating func startBuild() {
        for descriptor in folders.values where descriptor >= 0 { close(descriptor) }
        folders = [:]
        thisBuild.removeAll(keepingCapacity: true)
    }

    /// The hash of the file's bytes; 0 for a file that cannot be read (its reader reports that).
    mutating func hash(of file: ContentFile) -> UInt64 {
        hash(ofFileAt: file.path)
    }

    mutating func hash(ofFileAt path: String) -> UInt64 {
        if let hash = thisBuild[path] { return hash }
        let hash = checkedHash(ofFileAt: path)
        thisBuild[path] = hash
        return hash
    }

    private mutating func checkedHash(ofFileAt path: String) -> UInt64 {
        var status = stat()
        guard fileStatus(of: path, into: &status) else {
            known[path] = nil
            return 0
        }
        let stamp = Stamp(modified: FileClock.nanoseconds(status.st_mtim), size: Int(status.st_size), inode: UInt(status.st_ino))
        if let entry = known[path], entry.stamp == stamp, FileClock.isSettled(madeAt: entry.hashedAt, modified: stamp.modified) {
            return entry.hash
        }
        let hashedAt = FileClock.now()
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        // FNV-1a: a change detector, not a cryptographic hash.
        let hash = AssetFingerprint.fnv1a(data)
        known[path] = (stamp, hashedAt, hash)
        return hash
    }

    private mutating func fileStatus(of path: String, into status: inout stat) -> Bool {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return stat(path, &status) == 0 }
        let folder = path[..<slash]
        let descriptor: Int32
        if let open = folders[folder] {
            descriptor = open
        } else if folders.count < Self.openFolderLimit {
            descriptor = open(String(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            folders[folder] = descriptor
        } else {
            descriptor = -1
        }
        guard descriptor >= 0 else { return stat(path, &status) == 0 }
        return fstatat(descriptor, String(path[path.index(after: slash)...]), &status, 0) == 0
    }
}
