/// The shape weights `PatternLearner` learned from the Edo games, read once from the generated
/// `LearnedPatterns.swift` (its header says how to make it again), so the engine needs no corpus.
///
/// The weights are kept as text there, one "key weight" line per shape, because a Swift array literal of
/// tens of thousands of entries takes the compiler far longer to type-check than one string.
enum LearnedPatternTable {
    /// Weight per canonical shape key (`LocalShape`); shapes not listed weigh 1.
    static let weights: [UInt32: Float] = decode(encodedWeights)

    /// The weight of the empty point `index` for `stone` to move.
    @inline(__always)
    static func weight(at index: Int, for stone: Stone, on board: PlayoutBoard) -> Float {
        weights[LocalShape.key(at: index, for: stone, on: board)] ?? 1
    }

    /// Reads "key weight" lines (key in hexadecimal); a line that does not read so is skipped.
    static func decode(_ text: String) -> [UInt32: Float] {
        var result: [UInt32: Float] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let key = UInt32(fields[0], radix: 16), let weight = Float(fields[1]),
                  weight > 0 else { continue }
            result[key] = weight
        }
        return result
    }
}
