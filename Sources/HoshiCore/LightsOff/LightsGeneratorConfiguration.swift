import Foundation

/// A puzzle set defined by a generator instead of a file, as written in hoshi.yml, e.g.
/// ```
/// lights:
///   - generate: {width: 5, height: 5, count: 50, par: [6, 15], seed: 42}
/// ```
/// Decodable with any decoder (the site reads it from YAML); `height` defaults to `width`, `wrap` to false.
public struct LightsGeneratorConfiguration: Hashable, Sendable, Codable {
    /// Board width.
    public var width: Int
    /// Board height.
    public var height: Int
    /// Number of puzzles.
    public var count: Int
    /// Smallest par (fewest presses) a puzzle may have.
    public var minimumPar: Int
    /// Largest par a puzzle may have.
    public var maximumPar: Int
    /// Seed of the random number generator: the same configuration always gives the same set.
    public var seed: UInt64
    /// Whether the board wraps (torus rule).
    public var wrap: Bool

    public init(width: Int, height: Int? = nil, count: Int, parRange: ClosedRange<Int>, seed: UInt64, wrap: Bool = false) {
        self.width = width
        self.height = height ?? width
        self.count = count
        self.minimumPar = parRange.lowerBound
        self.maximumPar = parRange.upperBound
        self.seed = seed
        self.wrap = wrap
    }

    /// The par range.
    public var parRange: ClosedRange<Int> { minimumPar...max(minimumPar, maximumPar) }

    /// The rule the puzzles are generated for.
    public var rule: LightsRule { LightsRule(wrap: wrap) }

    /// Reads a par range as the command line writes it: `7`, `6...15`, `6..15` or `6-15`.
    public static func parRange(from text: String) -> ClosedRange<Int>? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let single = Int(trimmed) { return single...single }
        for separator in ["...", "..", "-"] {
            let parts = trimmed.components(separatedBy: separator)
            if parts.count == 2, let low = Int(parts[0].trimmingCharacters(in: .whitespaces)),
               let high = Int(parts[1].trimmingCharacters(in: .whitespaces)), low <= high {
                return low...high
            }
        }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case width, height, count, par, seed, wrap
    }

    /// Reads `par` as either one number or a two-element list `[min, max]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height) ?? width
        count = try container.decode(Int.self, forKey: .count)
        if let single = try? container.decode(Int.self, forKey: .par) {
            minimumPar = single
            maximumPar = single
        } else {
            let pair = try container.decode([Int].self, forKey: .par)
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: .par, in: container,
                                                       debugDescription: "par needs one number or [minimum, maximum]")
            }
            minimumPar = pair[0]
            maximumPar = pair[1]
        }
        seed = try container.decode(UInt64.self, forKey: .seed)
        wrap = try container.decodeIfPresent(Bool.self, forKey: .wrap) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(count, forKey: .count)
        try container.encode([minimumPar, maximumPar], forKey: .par)
        try container.encode(seed, forKey: .seed)
        try container.encode(wrap, forKey: .wrap)
    }
}
