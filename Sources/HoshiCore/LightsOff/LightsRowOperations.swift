/// Word-level kernels on packed board rows, shared by the chase, the replay and the board type.
///
/// A row of `width` cells is `wordCount = ceil(width / 64)` `UInt64` words, bit `c % 64` of word `c / 64`
/// being column `c`, and bits at or beyond `width` kept zero. These are the solver's hot loops: light
/// chasing a 10,000 x 10,000 board runs `xorSpread` 10,000 times over 157 words, so they work on raw pointers
/// (no bounds or uniqueness checks) and process one word per iteration with the carries between words
/// taken from the neighbouring words, which keeps each iteration independent and vectorisable.
enum LightsRowOperations {
    /// `target ^= T · source`, where `T` toggles each pressed cell and its left and right neighbours
    /// (wrapping around the row when `wraps` is true; requires `width >= 3` for wrapping).
    @inline(__always)
    static func xorSpread(of source: UnsafePointer<UInt64>, into target: UnsafeMutablePointer<UInt64>,
                          width: Int, wordCount: Int, wraps: Bool) {
        guard wordCount > 0 else { return }
        let last = wordCount - 1
        // Middle words: shifted copies pick up the neighbouring word's edge bit.
        for index in 0..<wordCount {
            let word = source[index]
            let below: UInt64 = index > 0 ? source[index - 1] >> 63 : 0
            let above: UInt64 = index < last ? source[index + 1] << 63 : 0
            target[index] ^= word ^ (word << 1 | below) ^ (word >> 1 | above)
        }
        // Left shift may have pushed column `width - 1` into column `width`: clear it (and wrap it).
        let lastMask = BitMatrix.lastWordMask(columnCount: width)
        if wraps {
            let firstBit = source[0] & 1
            let lastBit = (source[(width - 1) >> 6] >> UInt64((width - 1) & 63)) & 1
            // Column width-1 pressed toggles column 0; column 0 pressed toggles column width-1.
            target[0] ^= lastBit
            target[(width - 1) >> 6] ^= firstBit << UInt64((width - 1) & 63)
        }
        target[last] &= lastMask
    }

    /// `target ^= source` over `wordCount` words.
    @inline(__always)
    static func xor(_ source: UnsafePointer<UInt64>, into target: UnsafeMutablePointer<UInt64>, wordCount: Int) {
        for index in 0..<wordCount { target[index] ^= source[index] }
    }

    /// Number of set bits in `wordCount` words.
    @inline(__always)
    static func popcount(_ source: UnsafePointer<UInt64>, wordCount: Int) -> Int {
        var total = 0
        for index in 0..<wordCount { total &+= source[index].nonzeroBitCount }
        return total
    }
}
