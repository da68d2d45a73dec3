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
    /// For the distance fit (`learnDistances(from:shapeWeights:)`): per move after a move, the sum of
    /// the shape weights of the legal points in each distance bucket, and the bucket of the point played.
    private var distanceChoices: [(shapeWeights: [Double], played: Int)] = []

    public init() {}

    /// Counts the main line of `game`: root setup stones first (as `EngineGame` places them), then every
    /// move. Returns false, counting nothing, for a board that is not square or not 2x2 to 25x25.
    @discardableResult
    public mutating func learn(from game: GameTree) -> Bool {
        let size = game.boardSize
        guard let board = Self.board(after: game) else { return false }
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

    /// A board of `game`'s size with its root's setup stones placed (as `EngineGame` places them) and the
    /// side after the last of them to move; nil for a board that is not square or not 2x2 to 25x25.
    private static func board(after game: GameTree) -> PlayoutBoard? {
        let size = game.boardSize
        guard size.isSquare, (2...25).contains(size.columns) else { return nil }
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
        return board
    }

    /// Reads the main line of `game` again for the distance fit (`distanceWeights`): for every move that
    /// follows a move on the board, the legal points' `shapeWeights` summed per distance bucket from the
    /// last move (`LastMoveDistance`), and the bucket played. Run after `learn(from:)` has counted every
    /// game, with its `weights`.
    public mutating func learnDistances(from game: GameTree, shapeWeights: [UInt32: Double]) {
        let size = game.boardSize
        guard let board = Self.board(after: game) else { return }
        for move in game.mainLineMoves {
            guard let point = move.point, size.contains(point) else {
                board.play(PlayoutBoard.pass, move.stone)
                continue
            }
            let played = board.index(of: point)
            guard board.colour[played] == PlayoutBoard.empty, board.isLegal(played, move.stone) else { break }
            let last = board.lastMove
            if last >= 0 && last != PlayoutBoard.pass {
                var sums = [Double](repeating: 0, count: LastMoveDistance.buckets.count)
                for slot in 0..<board.emptyCount {
                    let index = Int(board.emptyPoints[slot])
                    guard board.isLegal(index, move.stone) else { continue }
                    let bucket = LastMoveDistance.bucket(of: index, after: last, on: board) - LastMoveDistance.buckets.lowerBound
                    sums[bucket] += shapeWeights[LocalShape.key(at: index, for: move.stone, on: board)] ?? 1
                }
                distanceChoices.append((sums, LastMoveDistance.bucket(of: played, after: last, on: board) - LastMoveDistance.buckets.lowerBound))
            }
            board.play(played, move.stone)
        }
    }

    /// The weight of each distance bucket (`LastMoveDistance`) in the model where a move is chosen with
    /// probability proportional to its shape weight times its distance weight, the shape weights held
    /// fixed: Coulom's Minorization-Maximization for one group of features, iterated from 1, each step
    /// the bucket's wins over the sum, across choices, of its shape weights divided by the choice's total.
    /// Empty when `learnDistances` saw no move.
    public func distanceWeights(iterations: Int = 50) -> [Double] {
        guard !distanceChoices.isEmpty else { return [] }
        var gammas = [Double](repeating: 1, count: LastMoveDistance.buckets.count)
        var wins = [Double](repeating: 0, count: gammas.count)
        for choice in distanceChoices { wins[choice.played] += 1 }
        for _ in 0..<iterations {
            var denominators = [Double](repeating: 0, count: gammas.count)
            for choice in distanceChoices {
                let total = zip(choice.shapeWeights, gammas).reduce(0) { $0 + $1.0 * $1.1 }
                guard total > 0 else { continue }
                for bucket in gammas.indices { denominators[bucket] += choice.shapeWeights[bucket] / total }
            }
            gammas = gammas.indices.map { denominators[$0] > 0 ? wins[$0] / denominators[$0] : 1 }
        }
        // Scaled so that the farthest bucket weighs 1: only ratios between moves count.
        let far = gammas[gammas.count - 1]
        return far > 0 ? gammas.map { $0 / far } : gammas
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
        let distances = distanceWeights()
        lines += [
            "",
            "// The weights of the distance to the last move, \(LastMoveDistance.buckets.lowerBound) to \(LastMoveDistance.buckets.upperBound) and more",
            "// (`LastMoveDistance`), fitted with the shape weights above held fixed over \(distanceChoices.count) moves.",
            "extension LastMoveDistance {",
            "    static let encodedDistanceWeights = \"" + distances.map { String(format: "%.4g", $0) }.joined(separator: " ") + "\"",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
