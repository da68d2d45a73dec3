/// What an engine said about one position: its candidate moves, most visited first.
public struct PositionHint: Hashable, Sendable {
    /// One candidate move.
    public struct Candidate: Hashable, Sendable {
        /// Nil for a pass.
        public var point: Point?
        public var visits: Int
        /// Win rate (0...1) for the player to move after this move is played by them.
        public var winRate: Double
        /// The expected continuation, this move first (nil entries are passes).
        public var principalVariation: [Point?]

        public init(point: Point?, visits: Int, winRate: Double, principalVariation: [Point?]) {
            self.point = point
            self.visits = visits
            self.winRate = winRate
            self.principalVariation = principalVariation
        }
    }

    public var candidates: [Candidate]
    /// Visits of the whole search (the candidates' share is out of this).
    public var visits: Int
    /// Win rate (0...1) of the position for the player to move: the best candidate's.
    public var winRate: Double

    public init(candidates: [Candidate], visits: Int, winRate: Double) {
        self.candidates = candidates
        self.visits = visits
        self.winRate = winRate
    }

    // MARK: - Stored form

    /// The hint as lines of text for the cache: `visits 400`, `winrate 0.5312`, then one line per candidate
    /// `move pd 212 0.5401 pdqcdd` (`pass` for a pass, `--` for a pass inside the variation).
    public var storedText: String {
        var lines = ["visits \(visits)", "winrate \(Self.rate(winRate))"]
        for candidate in candidates {
            let variation = candidate.principalVariation.map { $0?.sgf ?? "--" }.joined()
            lines.append("move \(candidate.point?.sgf ?? "pass") \(candidate.visits) \(Self.rate(candidate.winRate)) \(variation.isEmpty ? "-" : variation)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `storedText`; nil when any line is malformed (a corrupt cache entry).
    public init?(storedText: String) {
        var text = storedText
        guard let hint = text.withUTF8({ Self.canonical($0) }) else {
            self.init(anyStoredText: storedText)
            return
        }
        self = hint
    }

    /// Reads stored text from its UTF-8 bytes, as `init?(storedText:)` does: the hint index holds many
    /// hints in one file and reads each where it lies.
    public init?(storedBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let hint = Self.canonical(bytes) else {
            self.init(anyStoredText: String(decoding: bytes, as: UTF8.self))
            return
        }
        self = hint
    }

    /// Reads any text `init?(storedText:)` accepts, field by field.
    private init?(anyStoredText storedText: String) {
        var visits: Int?
        var winRate: Double?
        var candidates: [Candidate] = []
        for line in storedText.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "visits": visits = fields.count == 2 ? Int(fields[1]) : nil
            case "winrate": winRate = fields.count == 2 ? Double(fields[1]) : nil
            case "move":
                guard fields.count == 5, let count = Int(fields[2]), let rate = Double(fields[3]) else { return nil }
                let point: Point?
                if fields[1] == "pass" { point = nil } else {
                    guard let parsed = Self.point(fields[1]) else { return nil }
                    point = parsed
                }
                var variation: [Point?] = []
                if fields[4] != "-" {
                    let letters = Array(fields[4])
                    guard letters.count % 2 == 0 else { return nil }
                    for start in stride(from: 0, to: letters.count, by: 2) {
                        let pair = String(letters[start..<start + 2])
                        if pair == "--" { variation.append(nil) } else {
                            guard let parsed = Self.point(pair) else { return nil }
                            variation.append(parsed)
                        }
                    }
                }
                candidates.append(Candidate(point: point, visits: count, winRate: rate, principalVariation: variation))
            default: return nil
            }
        }
        guard let visits, let winRate, (0...1).contains(winRate) else { return nil }
        self.init(candidates: candidates, visits: visits, winRate: winRate)
    }

    /// Reads text exactly as `storedText` writes it (one space between fields, rates with four decimals,
    /// every line ended), straight from the bytes: nil for anything else, which the field-by-field reader
    /// then reads, so both accept the same texts and give the same hints. A no-change rebuild of an archive
    /// reads thousands of hints. A rate `0.5312` is 5312 / 10000: the division of two exact numbers rounds
    /// once, as parsing the decimal does, so it gives the same `Double`.
    private static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> PositionHint? {
        var reader = StoredTextReader(bytes: bytes)
        guard reader.word("visits "), let visits = reader.number(), reader.endOfLine(),
              reader.word("winrate "), let winRate = reader.rate(), reader.endOfLine() else { return nil }
        // Arrays made at their final size: a rebuild of an archive reads some 160,000 hints, and growing
        // the candidates and each continuation one move at a time allocated most of them two or three times.
        var candidates: [Candidate] = []
        candidates.reserveCapacity(reader.linesLeft)
        while !reader.isAtEnd {
            guard reader.word("move ") else { return nil }
            let point: Point?
            if reader.word("pass") { point = nil } else {
                guard let parsed = reader.point() else { return nil }
                point = parsed
            }
            guard reader.space(), let count = reader.number(), reader.space(),
                  let rate = reader.rate(), reader.space() else { return nil }
            var variation: [Point?] = []
            if !reader.word("-\n") {
                variation.reserveCapacity(reader.bytesLeftInLine / 2)
                while !reader.endOfLine() {
                    if reader.word("--") { variation.append(nil) } else {
                        guard let parsed = reader.point() else { return nil }
                        variation.append(parsed)
                    }
                }
                guard !variation.isEmpty else { return nil }
            }
            candidates.append(Candidate(point: point, visits: count, winRate: rate, principalVariation: variation))
        }
        guard (0...1).contains(winRate) else { return nil }
        return PositionHint(candidates: candidates, visits: visits, winRate: winRate)
    }

    /// A win rate at the precision the cache stores (four decimals), clamped to 0...1.
    public static func stored(_ rate: Double) -> Double {
        Double(Int((max(0, min(1, rate)) * 10_000).rounded())) / 10_000
    }

    /// A number 0...1 with four decimals, without Foundation's locale-dependent formatting.
    private static func rate(_ value: Double) -> String {
        let scaled = Int((max(0, min(1, value)) * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return "\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }

    private static func point(_ letters: String) -> Point? {
        let bytes = Array(letters.utf8)
        guard bytes.count == 2, let column = Point.coordinate(ofSGFLetter: bytes[0]), let row = Point.coordinate(ofSGFLetter: bytes[1]) else {
            return nil
        }
        return Point(column: column, row: row)
    }
}

/// The fields of a stored hint that only hints have.
private extension StoredTextReader {
    /// `0.5312` or `1.0000`: one digit, a point and four.
    mutating func rate() -> Double? {
        guard bytes.count - offset >= 6, bytes[offset + 1] == UInt8(ascii: ".") else { return nil }
        var scaled = 0
        for index in [0, 2, 3, 4, 5] {
            let byte = bytes[offset + index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            scaled = scaled * 10 + Int(byte - UInt8(ascii: "0"))
        }
        offset += 6
        return Double(scaled) / 10_000
    }

    /// How many line ends are left.
    var linesLeft: Int {
        UnsafeBufferPointer(rebasing: bytes[offset...]).reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// How many bytes are left before the line's end (or the end).
    var bytesLeftInLine: Int {
        let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
        return rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.count
    }

    /// Two SGF letters.
    mutating func point() -> Point? {
        guard bytes.count - offset >= 2, let column = Point.coordinate(ofSGFLetter: bytes[offset]),
              let row = Point.coordinate(ofSGFLetter: bytes[offset + 1]) else { return nil }
        offset += 2
        return Point(column: column, row: row)
    }
}
