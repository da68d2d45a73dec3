/// Reads the fields of a cache's stored text straight from its bytes, without making strings: a
/// no-change rebuild of an archive reads thousands of stored hints (`PositionHint`, the hint index).
public struct StoredTextReader {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var offset = 0

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { offset == bytes.count }

    /// Reads `expected` when it is next.
    public mutating func byte(_ expected: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == expected else { return false }
        offset += 1
        return true
    }

    /// Reads the space that separates fields when it is next.
    public mutating func space() -> Bool { byte(UInt8(ascii: " ")) }

    /// Reads a line end when it is next.
    public mutating func endOfLine() -> Bool { byte(UInt8(ascii: "\n")) }

    /// Reads `text` when it is next.
    public mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        for index in 0..<count where bytes[offset + index] != text.utf8Start[index] { return false }
        offset += count
        return true
    }

    /// Decimal digits, 1 to 18 of them (no sign): nil for none or more.
    public mutating func number() -> Int? {
        let start = offset
        var value = 0
        while offset < bytes.count, offset - start < 19, case let digit = bytes[offset] &- UInt8(ascii: "0"), digit < 10 {
            value = value * 10 + Int(digit)
            offset += 1
        }
        guard offset > start, offset - start < 19 else { return nil }
        return value
    }
}
