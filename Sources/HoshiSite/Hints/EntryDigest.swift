import Foundation
import HoshiCore

/// A cache entry's name (64 lowercase hexadecimal digits, a SHA-256) as four numbers, most significant
/// first: a hint index names one entry per distinct position of its file, and a rebuild of an archive
/// reads, compares and counts some 160,000 of them, which as strings would each be an allocation to make,
/// hash and compare. Ordered by value, which is the order of the digits.
public struct EntryDigest: Hashable, Comparable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Nil unless `digest` is 64 lowercase hexadecimal digits.
    public init?(_ digest: String) {
        var digest = digest
        guard let parsed = digest.withUTF8({ Self(hexDigits: $0) }) else { return nil }
        self = parsed
    }

    /// Nil unless `bytes` are 64 lowercase hexadecimal digits.
    ///
    /// Read eight digits at a time, as the bytes of one 64-bit number (the first digit in its highest byte),
    /// with no branch per digit: digits and letters come in random order, and deciding each by a branch read
    /// the 160,000 digests of the 923 Edo games' indexes in 38 ms (a fifth of reading the indexes), this in 5.
    init?(hexDigits bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 64, let start = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(start)
        var invalid: UInt64 = 0
        /// The number the eight digits at `offset` spell, in the low 32 bits; a byte that is no digit sets a
        /// bit of `invalid`.
        func eightDigits(at offset: Int) -> UInt64 {
            let text = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let highBits: UInt64 = 0x8080_8080_8080_8080
            // For a byte below 0x80, adding 0x80 - c sets its high bit exactly when it is at least c, and
            // carries into no other byte: "0"...":" for digits, "a"..."g" for letters.
            let isDigit = (text &+ 0x5050_5050_5050_5050) & ~(text &+ 0x4646_4646_4646_4646) & highBits
            let isLetter = (text &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(text &+ 0x1919_1919_1919_1919) & highBits
            invalid |= (text & highBits) | ((isDigit | isLetter) ^ highBits)
            // A digit's value is its low four bits, a letter's those plus 9 ("a" is 0x61); then the eight
            // values, one a byte, are packed into four bits each, in order.
            var values = (text & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9
            values = (values | values >> 4) & 0x00FF_00FF_00FF_00FF
            values = (values | values >> 8) & 0x0000_FFFF_0000_FFFF
            return (values | values >> 16) & 0xFFFF_FFFF
        }
        func word(at offset: Int) -> UInt64 { eightDigits(at: offset) << 32 | eightDigits(at: offset + 8) }
        let words = (word(at: 0), word(at: 16), word(at: 32), word(at: 48))
        guard invalid == 0 else { return nil }
        self.words = words
    }

    /// The 64 hexadecimal digits: the entry's file name.
    public var hexDigits: String {
        String(unsafeUninitializedCapacity: 64) { buffer in
            for (index, word) in [words.0, words.1, words.2, words.3].enumerated() {
                for nibble in 0..<16 {
                    let digit = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(nibble))) & 0xF
                    buffer[index * 16 + nibble] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                }
            }
            return 64
        }
    }

    public static func == (left: EntryDigest, right: EntryDigest) -> Bool { left.words == right.words }

    public static func < (left: EntryDigest, right: EntryDigest) -> Bool { left.words < right.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

extension EntryDigest {
    /// How many distinct digests `digests` holds, counted on every core. Digests are SHA-256 output, evenly
    /// spread: their first byte parts them into 256 groups of some 600 each for an archive's 160,000, equal
    /// digests always in the same group, and each group is sorted and counted on its own. Sorting the whole
    /// array took 13 ms of one core on the 923 Edo games, and a `Set` hashes every digest, which took longer.
    static func distinctCount(of digests: [EntryDigest]) -> Int {
        let groupCount = 256
        func group(of digest: EntryDigest) -> Int { Int(digest.words.0 >> 56) }
        // Where each group starts in `grouped`, and where the last one ends.
        var bounds = [Int](repeating: 0, count: groupCount + 1)
        for digest in digests { bounds[group(of: digest) + 1] += 1 }
        for number in 1...groupCount { bounds[number] += bounds[number - 1] }
        let starts = bounds
        let grouped = [EntryDigest](unsafeUninitializedCapacity: digests.count) { buffer, count in
            var next = starts
            for digest in digests {
                let number = group(of: digest)
                buffer.initializeElement(at: next[number], to: digest)
                next[number] += 1
            }
            count = digests.count
        }
        let total = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: groupCount) { number in
            let members = grouped[starts[number]..<starts[number + 1]].sorted()
            var count = 0
            for index in members.indices where index == 0 || members[index - 1] != members[index] { count += 1 }
            total.withLock { $0 += count }
        }
        return total.value
    }
}
