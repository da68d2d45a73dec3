import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Content hashes of a site's source files, kept between builds. A file is read and hashed again only when
/// its size, modification time (to the nanosecond) or inode changed, so a rebuild after one edit reads one
/// file, while a file touched without a change still hashes the same.
struct SourceHashes {
    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt
    }

    private var known: [String: (stamp: Stamp, hash: UInt64)] = [:]

    /// The hash of the file's bytes; 0 for a file that cannot be read (its reader reports that).
    mutating func hash(of url: URL) -> UInt64 {
        let path = url.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            known[path] = nil
            return 0
        }
        let stamp = Stamp(seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec,
                          size: Int(status.st_size), inode: UInt(status.st_ino))
        if let entry = known[path], entry.stamp == stamp { return entry.hash }
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        // FNV-1a: a change detector, not a cryptographic hash.
        let hash = AssetFingerprint.fnv1a(data)
        known[path] = (stamp, hash)
        return hash
    }
}
