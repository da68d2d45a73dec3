import Foundation

/// A value shared between threads and reached only under its lock: the one way HoshiSite guards shared
/// state, so no type pairs a lock with the fields it guards by hand.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` on the value with the lock held; what it changes is seen by the next holder.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}

extension LockedValue where Value == Int {
    /// Adds one and returns the new count: progress counters and work queues shared by parallel loops.
    func increment() -> Int {
        withLock { value in
            value += 1
            return value
        }
    }
}
