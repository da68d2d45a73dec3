/// XXH64 (Yann Collet's xxHash, 64-bit variant, seed 0), the checksum of entries that are large and read on
/// every build: a hint index holds a whole game file's hints, and a no-change rebuild of an archive reads
/// every one of them, where SHA-256 costs more than everything else the index saves.
///
/// It detects damage (a cut, a flipped bit, an edit), not forgery: like the SHA-256 line of other entries it
/// is stored beside the bytes it covers, so whoever can write the entry can write its checksum too.
/// Reads eight bytes a step, little-endian, from wherever they lie.
enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            // Four lanes over each 32-byte stripe, then folded into one.
            var lanes = (prime1 &+ prime2, prime2, UInt64(0), 0 &- prime1)
            while count - offset >= 32 {
                lanes.0 = round(lanes.0, word(bytes, at: offset))
                lanes.1 = round(lanes.1, word(bytes, at: offset + 8))
                lanes.2 = round(lanes.2, word(bytes, at: offset + 16))
                lanes.3 = round(lanes.3, word(bytes, at: offset + 24))
                offset += 32
            }
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            hash = merge(hash, lanes.0)
            hash = merge(hash, lanes.1)
            hash = merge(hash, lanes.2)
            hash = merge(hash, lanes.3)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        // The rest: eight bytes, then four, then one at a time.
        while count - offset >= 8 {
            hash = rotate(hash ^ round(0, word(bytes, at: offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if count - offset >= 4 {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotate(hash ^ (half &* prime1), 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ (UInt64(bytes[offset]) &* prime5), 11) &* prime1
            offset += 1
        }
        // Avalanche: every input bit reaches every output bit.
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    /// The hash as 16 lowercase hexadecimal digits, most significant first.
    static func hexDigest(_ bytes: some Collection<UInt8>) -> String {
        let hash = bytes.withContiguousStorageIfAvailable { Self.hash(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes(Self.hash)
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { value << count | value >> (64 - count) }
}
