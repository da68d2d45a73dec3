/// SHA-256 (FIPS 180-4), for content-addressed cache keys: Foundation on Linux has no digest, and a key
/// that names a file must not collide by accident the way a 64-bit hash of millions of positions could.
///
/// Not constant-time and not meant for secrets; it only names and checks cache entries. It reads the bytes
/// where they lie and allocates nothing but the result: a no-change rebuild of an archive with hints
/// hashes every position's key and checks every cache entry, so its speed is the build's.
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hexDigest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let digest = bytes.withContiguousStorageIfAvailable(hexDigest(of:)) { return digest }
        return Array(bytes).withUnsafeBufferPointer(hexDigest(of:))
    }

    /// The digest of a string's UTF-8 bytes.
    public static func hexDigest(_ text: String) -> String {
        var text = text
        return text.withUTF8(hexDigest(of:))
    }

    private static func hexDigest(of message: UnsafeBufferPointer<UInt8>) -> String {
        var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                state.withUnsafeMutableBufferPointer { state in
                    let fullBlocks = message.count / 64
                    for block in 0..<fullBlocks {
                        compress(UnsafeBufferPointer(rebasing: message[block * 64..<block * 64 + 64]), into: state, schedule: schedule)
                    }
                    // The rest, the 0x80 byte, zeros and the length in bits: one block or two.
                    let rest = message.count - fullBlocks * 64
                    let tailLength = rest < 56 ? 64 : 128
                    tail.initialize(repeating: 0)
                    for index in 0..<rest { tail[index] = message[fullBlocks * 64 + index] }
                    tail[rest] = 0x80
                    let bitLength = UInt64(message.count) &* 8
                    for index in 0..<8 { tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8)) }
                    for start in stride(from: 0, to: tailLength, by: 64) {
                        compress(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(tail)[start..<start + 64]), into: state, schedule: schedule)
                    }
                }
            }
        }
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 64) { hex in
            var offset = 0
            for word in state {
                for shift in stride(from: 28, through: 0, by: -4) {
                    hex[offset] = digits[Int(word >> UInt32(shift) & 0xf)]
                    offset += 1
                }
            }
            return 64
        }
    }

    /// One 64-byte block into the state.
    @inline(__always)
    private static func compress(_ block: UnsafeBufferPointer<UInt8>, into state: UnsafeMutableBufferPointer<UInt32>,
                                 schedule: UnsafeMutableBufferPointer<UInt32>) {
        for word in 0..<16 {
            let offset = word * 4
            schedule[word] = UInt32(block[offset]) << 24 | UInt32(block[offset + 1]) << 16 | UInt32(block[offset + 2]) << 8 | UInt32(block[offset + 3])
        }
        for word in 16..<64 {
            let early = schedule[word - 15], late = schedule[word - 2]
            let sigma0 = rotate(early, 7) ^ rotate(early, 18) ^ (early >> 3)
            let sigma1 = rotate(late, 17) ^ rotate(late, 19) ^ (late >> 10)
            schedule[word] = schedule[word - 16] &+ sigma0 &+ schedule[word - 7] &+ sigma1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        roundConstants.withUnsafeBufferPointer { constants in
            for round in 0..<64 {
                let choice = (e & f) ^ (~e & g)
                let temporary1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ choice &+ constants[round] &+ schedule[round]
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temporary2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
            }
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value >> count | value << (32 - count) }
}
