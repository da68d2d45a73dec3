/// A growable list of plain values for replay's working data (the journal of board edits, the hashes of
/// the positions on the current line, the depth-first stack) and the scanner's raw forest.
///
/// Why not an `Array`: replay and the scanner append to such lists several times per node, and every
/// mutation of an array first asks the runtime whether its storage is shared (copy on write), a call
/// that cost as much as the work itself. This buffer cannot be copied (`~Copyable`), so it owns its
/// storage outright and needs no such check. Indices are still checked.
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var count = 0
    private var capacity: Int
    private var storage: UnsafeMutablePointer<Element>

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        storage.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { storage.deallocate() }

    var last: Element? { count > 0 ? storage[count - 1] : nil }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ScratchBuffer index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "ScratchBuffer index out of range")
            storage[index] = newValue
        }
    }

    /// Inlined: called several times per node and per scanned value, where a call cost more than the store.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        storage[count] = element
        count += 1
    }

    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty ScratchBuffer")
        count -= 1
        return storage[count]
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() { count = 0 }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "ScratchBuffer truncated beyond its count")
        count = newCount
    }

    /// Hands the storage over to a longer-lived owner (the file's `PropertyArena`), without copying: the
    /// buffer's `count` elements, which the new owner deallocates.
    consuming func handOver() -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer(start: storage, count: count)
        discard self
        return buffer
    }

    /// The elements as an array, for results that outlive the buffer.
    var array: [Element] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Kept out of line, so that the inlined `append` stays small.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.initialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
