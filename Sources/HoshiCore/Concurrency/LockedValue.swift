import Foundation

/// A value shared between threads and reached only under its lock: the one way Hoshi guards shared state
/// (the core's caches as the site builder's counters and queues), so no type pairs a lock with the fields
/// it guards by hand.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` on the value with the lock held; what it changes is seen by the next holder.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}

extension LockedValue where Value == Int {
    /// Adds one and returns the new count: progress counters and work queues shared by parallel loops.
    public func increment() -> Int {
        withLock { value in
            value += 1
            return value
        }
    }
}
