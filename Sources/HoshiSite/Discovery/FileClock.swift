import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File times and the present in nanoseconds since the epoch, and the rule for trusting what was made from
/// a file or folder by its time stamp (`DirectoryListings`, `SourceHashes`).
///
/// File systems keep times to a clock tick (or a second, or two), so a change in the same tick as a listing
/// or a hash could leave the time stamp as it was. What was made less than ``racyInterval`` after the last
/// change is therefore not trusted, only made again (the "racy" case git also guards against).
enum FileClock {
    /// How long after a change what was made from it is distrusted: the coarsest time stamps (FAT) are 2 s.
    static let racyInterval: Int64 = 2_000_000_000

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    /// Whether what was made at `madeAt` from a file or folder last changed at `modified` can be trusted
    /// while the time stamp stays `modified`.
    static func isSettled(madeAt: Int64, modified: Int64) -> Bool {
        madeAt - modified >= racyInterval
    }
}
