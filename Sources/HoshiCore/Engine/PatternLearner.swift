import Foundation  // String(format:)

/// Learns how much each 3x3 shape (`LocalShape`) attracts moves, from game records, for the engine's
/// tree priors (`LearnedPatternTable`, `MovePriors`).
///
/// Every move of a game's main line is a choice among the legal points of its position: the learner counts,
/// per canonical shape, how often a legal point of that shape was available to the player and how often the
/// player took it. The fit (`weights`) is the smoothed rate at which a shape is played when available,
/// relative to the rate of all legal points: a simple stand-in for the gamma of a shape in the Bradley-Terry
/// models of Coulom ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007). The
/// Minorization-Maximization fit of those models was tried (Coulom's prior of one virtual win and loss
/// against gamma 1, the rare shapes pooled; 50 s on the Edo games): it won 81 of 100 against GNU Go level
/// 10 (72.2%-87.5%) where these rates won 84 (75.6%-89.9%), so the rates stay.
///
/// The rules are the engine's own (`PlayoutBoard`: captures, suicide and simple ko illegal), so the shapes
/// are read exactly as the engine reads them when it uses the weights.
public struct PatternLearner: Sendable {
    /// How often a shape was available (a legal point of that shape) and how often it was played.
    public struct ShapeCount: Hashable, Sendable {
        public var available: Int = 0
        public var played: Int = 0
    }

    /// Counts per canonical shape key.
    public private(set) var counts: [UInt32: ShapeCount] = [:]
    /// Games whose moves were counted.
    public private(set) var gamesRead = 0
    /// Moves counted (passes are not).
    public private(set) var movesCounted = 0
    /// Games that stopped early at a move these rules refuse (a broken record, or a superko the records
    /// allow); the moves before it were counted.
    public private(set) var gamesCutShort = 0

    public init() {}

    /// Counts the main line of `game`: root setup stones first (as `EngineGame` places them), then every
    /// move. Returns false, counting nothing, for a board that is not square or not 2x2 to 25x25.
    @discardableResult
    public mutating func learn(from game: GameTree) -> Bool {
        let size = game.boardSize
        guard size.isSquare, (2...25).contains(size.columns) else { return false }
        let board = PlayoutBoard(size: size.columns)
        var lastSetupStone: Stone?
        for entry in game.root.setup(on: size) {
            guard let stone = entry.stone, size.contains(entry.point) else { continue }
            let index = board.index(of: entry.point)
            guard board.colour[index] == PlayoutBoard.empty, board.isLegal(index, stone) else { continue }
            board.play(index, stone)
            lastSetupStone = stone
        }
        board.startAfterSetup(toMove: lastSetupStone?.opponent ?? .black)
        for move in game.mainLineMoves {
            guard let point = move.point else {
                board.play(PlayoutBoard.pass, move.stone)
                continue
            }
            let played = size.contains(point) ? board.index(of: point) : PlayoutBoard.pass
            guard played != PlayoutBoard.pass, board.colour[played] == PlayoutBoard.empty,
                  board.isLegal(played, move.stone) else {
                gamesCutShort += 1
                break
            }
            count(choiceOf: played, by: move.stone, on: board)
            board.play(played, move.stone)
        }
        gamesRead += 1
        return true
    }

    /// Adds one available to the shape of every legal point for `stone`, and one played to that of `played`.
    private mutating func count(choiceOf played: Int, by stone: Stone, on board: PlayoutBoard) {
        for slot in 0..<board.emptyCount {
            let index = Int(board.emptyPoints[slot])
            guard board.isLegal(index, stone) else { continue }
            let key = LocalShape.key(at: index, for: stone, on: board)
            counts[key, default: ShapeCount()].available += 1
            if index == played { counts[key, default: ShapeCount()].played += 1 }
        }
        movesCounted += 1
    }

    // MARK: - The fit

    /// Pseudo-counts of the smoothing: every shape starts as if it had been available this many times and
    /// played at the average rate, so a shape seen a few times stays near the average.
    public static let smoothingStrength = 20.0
    /// Shapes available fewer times than this are left out of the table (they weigh 1, the average).
    public static let minimumAvailable = 20

    /// The weight of each shape seen at least `minimumAvailable` times: its smoothed play rate
    /// (played + s * m) / (available + s), divided by m, where m is the play rate of all legal points
    /// together and s is `smoothingStrength`. A weight of 1 is an average point; 10 a shape played ten
    /// times as often as one.
    public var weights: [UInt32: Double] {
        let totals = counts.values.reduce(into: (available: 0, played: 0)) {
            $0.available += $1.available
            $0.played += $1.played
        }
        guard totals.available > 0, totals.played > 0 else { return [:] }
        let averageRate = Double(totals.played) / Double(totals.available)
        let strength = Self.smoothingStrength
        var result: [UInt32: Double] = [:]
        for (key, count) in counts where count.available >= Self.minimumAvailable {
            let rate = (Double(count.played) + strength * averageRate) / (Double(count.available) + strength)
            result[key] = rate / averageRate
        }
        return result
    }

    /// The Swift source of `LearnedPatterns.swift`: the weights in `LearnedPatternTable`'s text format,
    /// one "key weight" line per shape (key in hexadecimal, weight to four significant digits), sorted by
    /// key, under a header saying how they were made and `command`, the command that makes them again.
    public func generatedSource(command: String) -> String {
        let sorted = weights.sorted { $0.key < $1.key }
        var lines = [
            "// Generated by `\(command)`; do not edit.",
            "// Learned by PatternLearner from \(gamesRead) games (\(gamesCutShort) cut short at a move the engine's rules refuse),",
            "// \(movesCounted) moves: \(sorted.count) shapes seen at least \(Self.minimumAvailable) times of \(counts.count), each weighed",
            "// (played + \(Int(Self.smoothingStrength)) m) / (available + \(Int(Self.smoothingStrength))) / m, m being the play rate of all legal points.",
            "",
            "extension LearnedPatternTable {",
            "    static let encodedWeights = \"\"\"",
        ]
        for (key, weight) in sorted {
            lines.append("    " + String(format: "%08x %.4g", key, weight))
        }
        lines.append("    \"\"\"")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
