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

    /// An engine's answer that cannot be a hint: a `genmove` reply that is not a legal move in the position
    /// (not a vertex, off the board, on a stone, a ko retake, suicide), or an analysis line that does not
    /// parse. The position gets no hint and nothing is cached, so the next build asks again; the run goes on.
    public struct UnusableReply: Error, Equatable, CustomStringConvertible {
        /// The command as sent (`genmove B`, `lz-analyze B 10`).
        public var command: String
        /// The engine's reply (or the line at fault) as it came: untrusted text, see `quotedReply`.
        public var reply: String
        /// What is wrong with it.
        public var reason: String

        /// The reply in double quotes with control and other invisible characters escaped (`\u{1B}`) and
        /// cut after 120 characters, so an engine's output can neither rewrite a terminal line nor flood a log.
        public var quotedReply: String { Self.quoted(reply) }

        public var description: String { "answered '\(command)' with \(quotedReply) (\(reason))" }

        /// Untrusted text (an engine's reply or name) in double quotes, escaped and cut as `quotedReply`.
        public static func quoted(_ text: String) -> String {
            var result = "\""
            for (offset, scalar) in text.unicodeScalars.enumerated() {
                if offset == 120 {
                    result += "…"
                    break
                }
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                default:
                    let isVisible = scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value)
                        && scalar.properties.generalCategory != .format
                    result += isVisible ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            }
            return result + "\""
        }
    }

    /// Analyses `position` at `komi`.
    ///
    /// - Throws: `UnusableReply` when the engine answered nonsense for this position (the engine is still
    ///   usable for the next one); `GTPClient.Failure` when the engine itself failed (refused, died, timed out).
    public func analyze(_ position: HintPosition, komi: Double) throws -> PositionHint {
        for command in Self.setupCommands(for: position) { try client.send(command) }
        try client.send("komi \(komi)")
        let colour = position.toMove.sgfLetter
        switch method {
        case .kataAnalyze, .lzAnalyze:
            let command = "\(method.rawValue) \(colour) 10"
            let lines = try client.stream(command, for: settings.secondsPerPosition ?? 1)
            // No report at all (an engine still loading its network) is no answer: nothing is cached.
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw GTPClient.Failure.garbage(command: method.rawValue,
                                                reply: "no analysis within \(settings.secondsPerPosition ?? 1) s; raise hints.seconds")
            }
            return try Self.hint(fromAnalysis: lines, command: command, method: method, position: position,
                                 candidates: settings.candidates)
        case .generateMove:
            let command = "genmove \(colour)"
            let reply = try client.send(command)
            let move: Point?
            switch GTPVertex.parse(reply, size: position.size) {
            case .point(let point): move = point
            case .pass: move = nil
            case .offBoard: throw UnusableReply(command: command, reply: reply, reason: "off the \(position.size)x\(position.size) board")
            case nil:
                // Resigning is an answer GTP allows: the position is analysed, with no move to show.
                guard reply.lowercased() == "resign" else { throw UnusableReply(command: command, reply: reply, reason: "not a vertex") }
                let search = BuiltinHintAnalyzer(settings: settings).search(position, komi: komi)
                return PositionHint(candidates: [], visits: 1, winRate: PositionHint.stored(search.candidates.first?.winRate ?? 0.5))
            }
            if let reason = position.illegality(of: move) { throw UnusableReply(command: command, reply: reply, reason: "illegal: \(reason)") }
            let search = BuiltinHintAnalyzer(settings: settings).search(position, komi: komi)
            let builtinBest = search.candidates.first?.winRate ?? 0.5
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

    /// Reads an analysis stream: every line must be a report `info move D4 visits 120 winrate 5230 … pv D4
    /// C3 info move …` (Leela Zero's win rates in 1/10000, KataGo's as 0...1; keys Hoshi does not use are
    /// skipped), each candidate a legal move with its visits and win rate. The last report gives the hint:
    /// its most visited `candidates` moves.
    ///
    /// - Throws: `UnusableReply` naming the first line that does not parse.
    static func hint(fromAnalysis lines: [String], command: String, method: Method, position: HintPosition,
                     candidates limit: Int) throws(UnusableReply) -> PositionHint {
        var last: [PositionHint.Candidate] = []
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                last = try report(line, method: method, position: position)
            } catch {
                throw UnusableReply(command: command, reply: line, reason: error.reason)
            }
        }
        let total = last.reduce(0) { $0 + $1.visits }
        let kept = Array(last.sorted { $0.visits > $1.visits }.prefix(max(1, limit)))
        return PositionHint(candidates: kept, visits: max(1, total), winRate: kept.first?.winRate ?? 0.5)
    }

    /// Why an analysis line does not parse.
    struct LineProblem: Error {
        var reason: String
    }

    /// The candidates of one report line.
    private static func report(_ line: String, method: Method, position: HintPosition) throws(LineProblem) -> [PositionHint.Candidate] {
        let size = position.size
        guard line.hasPrefix("info ") else { throw LineProblem(reason: "not an analysis line") }
        var found: [PositionHint.Candidate] = []
        for section in line.components(separatedBy: "info ").dropFirst() {
            let tokens = section.split(separator: " ").map(String.init)
            var point: Point??
            var visits: Int?
            var winRate: Double?
            var variation: [Point?] = []
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                let value = index + 1 < tokens.count ? tokens[index + 1] : nil
                switch token {
                case "move", "visits", "winrate":
                    guard let value else { throw LineProblem(reason: "'\(token)' without a value") }
                    if token == "move" {
                        switch GTPVertex.parse(value, size: size) {
                        case .point(let parsed): point = .some(parsed)
                        case .pass: point = .some(nil)
                        case .offBoard: throw LineProblem(reason: "move \(value) is off the \(size)x\(size) board")
                        case nil: throw LineProblem(reason: "move \(value) is not a vertex")
                        }
                    } else if token == "visits" {
                        guard let number = Int(value), number >= 0 else { throw LineProblem(reason: "visits \(value) is not a count") }
                        visits = number
                    } else {
                        let scale = method == .lzAnalyze ? 10_000.0 : 1
                        guard let number = Double(value), number.isFinite, (0...scale).contains(number) else {
                            throw LineProblem(reason: "winrate \(value) is not a win rate from 0 to \(Int(scale))")
                        }
                        winRate = number / scale
                    }
                    index += 2
                case "pv":
                    index += 1
                    while index < tokens.count, let next = GTPVertex.parse(tokens[index], size: size) {
                        switch next {
                        case .point(let parsed): variation.append(parsed)
                        case .pass: variation.append(nil)
                        case .offBoard: throw LineProblem(reason: "continuation move \(tokens[index]) is off the board")
                        }
                        index += 1
                    }
                default:
                    index += 1
                }
            }
            guard let point else { throw LineProblem(reason: "a report without 'move'") }
            guard let visits, let winRate else { throw LineProblem(reason: "a report without \(visits == nil ? "visits" : "winrate")") }
            if let reason = position.illegality(of: point) {
                throw LineProblem(reason: "move \(GTPVertex.format(point, size: size)) is illegal: \(reason)")
            }
            found.append(.init(point: point, visits: visits, winRate: PositionHint.stored(winRate), principalVariation: Array(variation.prefix(8))))
        }
        guard !found.isEmpty else { throw LineProblem(reason: "a report without a move") }
        return found
    }
}
