import Foundation
import HoshiCore

/// `hoshi-bench hint-quality FOLDER [GAMES] [PLAYOUTS]`: the built-in engine's hints at every main-line
/// position of GAMES games (default 12) spread evenly over the `.sgf` files under FOLDER (the Edo games of
/// `../shared/corpus`), at PLAYOUTS playouts a position (default: the hint settings' default budget), on all
/// cores, with each position analysed exactly as a site build analyses it. Measures what issue #19 asks of
/// hints a reader can trust:
/// - consistency: where the move played was the engine's first candidate, how far the next position's win
///   rate (for the same side) lands from the one the candidate promised, in percentage points (median,
///   90th percentile, share of steps under 5 points): the win rate a game page shows (combined with the
///   search before, `PositionHint.winRate(forMoverCombinedWith:)`), and the next search's own;
/// - agreement with the professionals: the share of moves played that were the engine's first candidate,
///   and among its first three;
/// - positions analysed per second.
enum HintQualityBenchmark: Benchmark {
    static let name = "hint-quality"

    enum Failure: Error, CustomStringConvertible {
        case usage
        case noGames(String)
        var description: String {
            switch self {
            case .usage: return "usage: hoshi-bench hint-quality FOLDER [GAMES] [PLAYOUTS]"
            case .noGames(let folder): return "no readable game under \(folder)"
            }
        }
    }

    /// One game's main line: the positions planned for hints and the move that followed each.
    private struct PlannedGame {
        var komi: Double
        var requests: [GameHintPlan.Request]
        /// `nextMoves[i]` is the move played from request i's position (nil for the last or a setup node).
        var nextMoves: [Move?]
    }

    static func run(arguments: [String]) throws -> [Measurement] {
        guard let folder = arguments.first else { throw Failure.usage }
        let gameCount = arguments.count > 1 ? max(Int(arguments[1]) ?? 12, 1) : 12
        var settings = HintSettings()
        if arguments.count > 2, let playouts = Int(arguments[2]) { settings.playouts = max(playouts, 1) }
        let games = try plannedGames(folder: folder, count: gameCount, settings: settings)
        let requests = games.flatMap { game in game.requests.map { (game.komi, $0.position) } }
        let analyzer = BuiltinHintAnalyzer(settings: settings)
        let hints = HintResultsBox(count: requests.count)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let (komi, position) = requests[index]
            hints.store(analyzer.analyze(position, komi: komi), at: index)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9

        var jumps: [Double] = []
        var ownJumps: [Double] = []
        var moves = 0, first = 0, firstThree = 0
        var offset = 0
        for game in games {
            let gameHints = (0..<game.requests.count).map { hints.value(at: offset + $0) }
            offset += game.requests.count
            for (index, move) in game.nextMoves.enumerated() {
                guard let move, let point = move.point, game.requests[index].position.toMove == move.stone else { continue }
                let hint = gameHints[index]
                moves += 1
                let rank = hint.candidates.firstIndex { $0.point == point }
                if rank == 0 { first += 1 }
                if let rank, rank < 3 { firstThree += 1 }
                guard rank == 0, index + 1 < gameHints.count else { continue }
                let moverIsToMove = game.requests[index + 1].position.toMove == move.stone
                let nextHint = gameHints[index + 1]
                let promised = hint.candidates[0]
                let shown = nextHint.winRate(forMoverCombinedWith: promised, moverIsToMove: moverIsToMove)
                jumps.append(abs(shown - promised.winRate) * 100)
                let own = moverIsToMove ? nextHint.winRate : 1 - nextHint.winRate
                ownJumps.append(abs(own - promised.winRate) * 100)
            }
        }
        let percentile = { (jumps: [Double], share: Double) -> Double in
            let sorted = jumps.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * share).rounded()))]
        }
        let under = { (jumps: [Double]) -> Double in
            jumps.isEmpty ? 0 : Double(jumps.filter { $0 < 5 }.count) / Double(jumps.count) * 100
        }
        let share = { (count: Int) -> Double in moves == 0 ? 0 : Double(count) / Double(moves) * 100 }
        return [
            Measurement(benchmark: name, metric: "games", value: Double(games.count), unit: "games"),
            Measurement(benchmark: name, metric: "positions", value: Double(requests.count), unit: "positions"),
            Measurement(benchmark: name, metric: "positions_per_second", value: Double(requests.count) / seconds, unit: "positions/s"),
            Measurement(benchmark: name, metric: "playouts", value: Double(settings.playouts), unit: "playouts"),
            Measurement(benchmark: name, metric: "steps", value: Double(jumps.count), unit: "steps"),
            Measurement(benchmark: name, metric: "jump_median", value: percentile(jumps, 0.5), unit: "points"),
            Measurement(benchmark: name, metric: "jump_90th_percentile", value: percentile(jumps, 0.9), unit: "points"),
            Measurement(benchmark: name, metric: "steps_under_5_points", value: under(jumps), unit: "%"),
            Measurement(benchmark: name, metric: "own_search_jump_median", value: percentile(ownJumps, 0.5), unit: "points"),
            Measurement(benchmark: name, metric: "own_search_jump_90th_percentile", value: percentile(ownJumps, 0.9), unit: "points"),
            Measurement(benchmark: name, metric: "own_search_steps_under_5_points", value: under(ownJumps), unit: "%"),
            Measurement(benchmark: name, metric: "moves", value: Double(moves), unit: "moves"),
            Measurement(benchmark: name, metric: "first_candidate", value: share(first), unit: "%"),
            Measurement(benchmark: name, metric: "first_three_candidates", value: share(firstThree), unit: "%"),
        ]
    }

    /// `count` games spread evenly over the sorted files under `folder`, each planned as a site plans its
    /// main line.
    private static func plannedGames(folder: String, count: Int, settings: HintSettings) throws -> [PlannedGame] {
        let paths = SGFBenchmark.sgfFiles(under: folder)
        guard !paths.isEmpty else { throw Failure.noGames(folder) }
        let step = max(1, paths.count / count)
        var games: [PlannedGame] = []
        for path in stride(from: 0, to: paths.count, by: step).map({ paths[$0] }).prefix(count) {
            guard let data = FileManager.default.contents(atPath: path),
                  let game = SGFParser.parse(bytes: [UInt8](data), path: path).games.first else { continue }
            let positions = GamePositions(game: game)
            let plan = GameHintPlan(game: game, positions: positions, settings: settings)
            guard plan.unsupportedReason == nil else { continue }
            let nextMoves = plan.requests.indices.map { index in
                index + 1 < plan.requests.count ? positions.change(at: plan.requests[index + 1].node).move : nil
            }
            games.append(PlannedGame(komi: plan.komi, requests: plan.requests, nextMoves: nextMoves))
        }
        guard !games.isEmpty else { throw Failure.noGames(folder) }
        return games
    }
}

/// The hints of concurrent analyses, one slot each.
private final class HintResultsBox: @unchecked Sendable {
    private var hints: [PositionHint?]
    private let lock = NSLock()

    init(count: Int) { hints = Array(repeating: nil, count: count) }

    func store(_ hint: PositionHint, at index: Int) {
        lock.lock()
        hints[index] = hint
        lock.unlock()
    }

    func value(at index: Int) -> PositionHint {
        hints[index] ?? PositionHint(candidates: [], visits: 0, winRate: 0.5)
    }
}
