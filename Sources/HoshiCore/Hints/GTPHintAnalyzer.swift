import Foundation

/// Hints from an external GTP engine (GNU Go, Pachi, KataGo, Leela Zero, `hoshi gtp`), one engine process
/// per analyser.
///
/// Each position is set up from scratch (`setupCommands`). Then, by what the engine offers
/// (`list_commands`): `kata-analyze` or `lz-analyze` for the settings' seconds, read from its last report;
/// otherwise `genmove` for the one move the engine would play, with the built-in engine's win rate for that
/// move (engines such as GNU Go report none).
/// Timed analysis is not reproducible; the cache keeps whatever the engine answered.
public final class GTPHintAnalyzer {
    /// How the engine is asked.
    public enum Method: String, Sendable {
        case kataAnalyze = "kata-analyze"
        case lzAnalyze = "lz-analyze"
        case generateMove = "genmove"
    }

    public let method: Method
    private let client: GTPClient
    private let settings: HintSettings

    /// Starts the engine of `command` and asks it what it can do.
    public init(command: String, settings: HintSettings) throws(GTPClient.Failure) {
        client = try GTPClient(commandLine: command, timeout: max(60, (settings.secondsPerPosition ?? 1) * 4))
        self.settings = settings
        let commands = Set(try client.send("list_commands").split(whereSeparator: \.isWhitespace).map(String.init))
        method = commands.contains("kata-analyze") ? .kataAnalyze : commands.contains("lz-analyze") ? .lzAnalyze : .generateMove
    }

    deinit { client.close() }

    /// The engine's `name` and `version`, for the cache key: another version answers another question.
    public static func identify(command: String) throws(GTPClient.Failure) -> String {
        let client = try GTPClient(commandLine: command, timeout: 60)
        defer { client.close() }
        let name = try client.send("name")
        let version = (try? client.send("version")) ?? ""
        return "\(name) \(version)".trimmingCharacters(in: .whitespaces)
    }

    /// Analyses `position` at `komi`.
    public func analyze(_ position: HintPosition, komi: Double) throws(GTPClient.Failure) -> PositionHint {
        for command in Self.setupCommands(for: position) { try client.send(command) }
        try client.send("komi \(komi)")
        let colour = position.toMove.sgfLetter
        switch method {
        case .kataAnalyze, .lzAnalyze:
            let lines = try client.stream("\(method.rawValue) \(colour) 10", for: settings.secondsPerPosition ?? 1)
            // No report at all (an engine still loading its network) is no answer: nothing is cached.
            guard let report = lines.last(where: { $0.hasPrefix("info ") }) else {
                throw .garbage(command: method.rawValue, reply: "no analysis within \(settings.secondsPerPosition ?? 1) s; raise hints.seconds")
            }
            return Self.hint(fromAnalysis: report, size: position.size, candidates: settings.candidates)
        case .generateMove:
            let reply = try client.send("genmove \(colour)")
            let search = BuiltinHintAnalyzer(settings: settings).search(position, komi: komi)
            let move: Point?? = switch GTPVertex.parse(reply, size: position.size) {
            case .point(let point): .some(point)
            case .pass: .some(nil)
            default: .none
            }
            let builtinBest = search.candidates.first?.winRate ?? 0.5
            guard let move else { return PositionHint(candidates: [], visits: 1, winRate: PositionHint.stored(builtinBest)) }
            let rate = search.candidates.first { $0.point == move && $0.visits > 0 }?.winRate ?? builtinBest
            let candidate = PositionHint.Candidate(point: move, visits: 1, winRate: PositionHint.stored(rate), principalVariation: [move])
            return PositionHint(candidates: [candidate], visits: 1, winRate: PositionHint.stored(rate))
        }
    }

    /// The commands that set `position` up on an engine: `boardsize`, `clear_board`, then every stone as a
    /// `play` (placing the stones of a legal position one by one never captures). GTP has no command for a
    /// ko ban, so a position with one is set up as it was before the ko was taken, with the taken stone on
    /// the ko point and the capturing stone left out, and the capture is played last: the engine then
    /// forbids the immediate retake as it would in a game.
    public static func setupCommands(for position: HintPosition) -> [String] {
        var commands = ["boardsize \(position.size)", "clear_board"]
        let capture = position.koCapture
        let vertex = { (point: Point) in GTPVertex.format(point, size: position.size) }
        for row in 0..<position.size {
            for column in 0..<position.size {
                let point = Point(column: column, row: row)
                guard point != capture else { continue }
                let stone = capture != nil && point == position.koPoint ? position.toMove : position[point]
                guard let stone else { continue }
                commands.append("play \(stone.sgfLetter) \(vertex(point))")
            }
        }
        if let capture { commands.append("play \(position.toMove.opponent.sgfLetter) \(vertex(capture))") }
        return commands
    }

    /// Reads one analysis report: `info move D4 visits 120 winrate 5230 … pv D4 C3 info move …` (Leela Zero's
    /// win rates in 1/10000, KataGo's as 0...1), the most visited `candidates` moves.
    static func hint(fromAnalysis report: String, size: Int, candidates limit: Int) -> PositionHint {
        var found: [PositionHint.Candidate] = []
        let sections = report.components(separatedBy: "info ").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        for tokens in sections {
            var point: Point??
            var visits = 0
            var winRate = 0.5
            var variation: [Point?] = []
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                let value = index + 1 < tokens.count ? tokens[index + 1] : ""
                switch token {
                case "move":
                    point = vertex(value, size: size)
                    index += 2
                case "visits":
                    visits = Int(value) ?? 0
                    index += 2
                case "winrate":
                    let number = Double(value) ?? 0.5
                    winRate = number > 1 ? number / 10_000 : number
                    index += 2
                case "pv":
                    index += 1
                    while index < tokens.count, let next = vertex(tokens[index], size: size) {
                        variation.append(next)
                        index += 1
                    }
                default:
                    index += 1
                }
            }
            if let point { found.append(.init(point: point, visits: visits, winRate: PositionHint.stored(winRate), principalVariation: Array(variation.prefix(8)))) }
        }
        let total = found.reduce(0) { $0 + $1.visits }
        let kept = Array(found.sorted { $0.visits > $1.visits }.prefix(max(1, limit)))
        return PositionHint(candidates: kept, visits: max(1, total), winRate: kept.first?.winRate ?? 0.5)
    }

    /// A vertex token as a point (`.some(nil)` for a pass), nil when the token is no vertex.
    private static func vertex(_ token: String, size: Int) -> Point?? {
        switch GTPVertex.parse(token, size: size) {
        case .point(let point): return .some(point)
        case .pass: return .some(nil)
        default: return nil
        }
    }
}
