import Foundation

/// Which file a cache entry is and when it last changed, as `stat` tells them: the hint index
/// (`HintIndex`) records the stamp of every entry it was derived from, so an entry damaged, rewritten or
/// replaced since shows as a different stamp without reading it.
///
/// Any write to a file changes its modification and status-change times (to the nanosecond where the file
/// system keeps them); copying an older file over it keeps the modification time it is given but not the
/// status-change time, which no program can set; a file renamed over it is another inode.
public struct CacheEntryStamp: Hashable, Sendable {
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
    public var changedSeconds: Int64
    public var changedNanoseconds: Int64
    public var inode: UInt64

    public init(size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, changedSeconds: Int64,
                changedNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
        self.inode = inode
    }

    init(_ status: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        self.init(size: Int64(status.st_size), modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
                  changedSeconds: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec), inode: UInt64(status.st_ino))
    }

    /// The stamp of the file at `path`, nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The six numbers, separated by spaces, as the hint index stores them.
    var text: String {
        "\(size) \(modifiedSeconds) \(modifiedNanoseconds) \(changedSeconds) \(changedNanoseconds) \(inode)"
    }
}
