#if canImport(Glibc)
import Glibc
#endif

/// Swaps two paths in one step where the system can (Linux `renameat2` with `RENAME_EXCHANGE`), so there
/// is no moment at which the output folder is missing.
///
/// glibc declares `renameat2` only under `_GNU_SOURCE`, which Swift's Glibc module does not see, so the
/// function is looked up at run time; without it (older systems, other platforms) callers fall back to two
/// renames.
enum AtomicExchange {
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let currentDirectory: Int32 = -100  // AT_FDCWD
        let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameAt2(currentDirectory, first, currentDirectory, second, exchangeFlag) == 0
        #else
        return false
        #endif
    }
}
