import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Folder listings kept between the builds of one `hoshi serve`, so that finding the content files after an
/// edit costs a `stat` per folder instead of one per file.
///
/// A folder's modification time changes whenever an entry is added, removed or renamed in it, so a listing
/// is reused while the folder's time, inode and device are those it was made with, and it was made long
/// enough after the folder's last change for its time stamp to tell (`FileClock.isSettled`).
final class DirectoryListings: @unchecked Sendable {
    struct Stamp: Equatable {
        var modified: Int64
        var inode: UInt64
        var device: UInt64
    }

    /// One entry of a listed folder, as the walk needs it again.
    enum Entry {
        case file(ContentFile)
        /// A real folder (not a symbolic link) to walk.
        case folder(URL, relative: String, display: String)
        /// A symbolic link or an entry of unknown type: resolved again on every walk, since its target can
        /// change without its folder changing.
        case other(name: String)
    }

    struct Listing {
        var stamp: Stamp
        /// Nanoseconds since the epoch when the folder was read.
        var listedAt: Int64
        var entries: [Entry]
    }

    private var listings: [String: Listing] = [:]
    private var visited: Set<String> = []

    init() {}

    /// The kept listing of the folder `key`, when its stamp still matches and it was made safely after the
    /// folder's last change.
    func listing(for key: String, stamp: Stamp) -> [Entry]? {
        visited.insert(key)
        guard let kept = listings[key], kept.stamp == stamp, FileClock.isSettled(madeAt: kept.listedAt, modified: stamp.modified) else { return nil }
        return kept.entries
    }

    func keep(_ entries: [Entry], for key: String, stamp: Stamp, listedAt: Int64) {
        visited.insert(key)
        listings[key] = Listing(stamp: stamp, listedAt: listedAt, entries: entries)
    }

    /// Drops the listings of folders the last walk did not reach (removed, or no longer mounted).
    func finishWalk() {
        listings = listings.filter { visited.contains($0.key) }
        visited = []
    }

    static func stamp(of path: String) -> Stamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Stamp(modified: FileClock.nanoseconds(status.st_mtim), inode: UInt64(status.st_ino), device: UInt64(status.st_dev))
    }
}
