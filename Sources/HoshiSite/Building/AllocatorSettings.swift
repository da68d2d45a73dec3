#if canImport(Glibc)
import Glibc
#endif

/// How the C library's allocator treats freed memory in a process that reads many files one after another.
///
/// With glibc's defaults, freeing a large file's buffers hands the top of the heap back to the system and
/// maps the largest blocks afresh, so the next large file faults in and zeroes new pages one at a time:
/// reading the SGF corpus spent about a tenth of its time in the kernel doing that. `hoshi` and its
/// benchmarks therefore keep up to 64 MB of freed memory for reuse and serve blocks up to 32 MB from the
/// heap. The cost is a resident size that stays near its high-water mark (plus at most 64 MB) until the
/// process exits, which suits a build tool and its dev server.
///
/// Set `HOSHI_DEFAULT_ALLOCATOR=1` to keep glibc's defaults (`make bench` measures both). `mallopt` is
/// looked up at run time because Swift's Glibc module does not declare it; elsewhere nothing changes.
public enum AllocatorSettings {
    /// Call once at start-up, before any work. Returns whether the settings were applied.
    @discardableResult
    public static func keepFreedMemoryForReuse() -> Bool {
        #if os(Linux) && canImport(Glibc)
        guard getenv("HOSHI_DEFAULT_ALLOCATOR") == nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
        else { return false }
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        return mallopt(trimThreshold, 64 << 20) == 1 && mallopt(mmapThreshold, 32 << 20) == 1
        #else
        return false
        #endif
    }
}
