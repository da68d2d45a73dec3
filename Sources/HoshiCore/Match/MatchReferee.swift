import Foundation

/// What a match plays.
public struct MatchSettings: Hashable, Sendable {
    public var games = 2
    public var size = 9
    public var komi = 7.5
    /// A game ends (and is scored as it stands) after this many moves, passes included.
    public var maximumMoves = 400
    /// Seconds each GTP command may take; a `genmove` over it loses the game.
    public var commandTimeout = 120.0
    /// Where each game's SGF goes (created if missing); nil writes none.
    public var sgfDirectory: String?

    public init() {}
}

/// How a game ended.
public enum MatchGameEnd: Hashable, Sendable {
    case twoPasses
    case resignation
    case moveLimit
    /// A move the referee refused (occupied, suicide, ko or positional superko, or not a vertex).
    case illegalMove(String)
    /// No reply within the timeout.
    case timeout
    /// The engine died, answered garbage, or refused a command it must accept.
    case engineFailure(String)

    public var description: String {
        switch self {
        case .twoPasses: return "two passes"
        case .resignation: return "resignation"
        case .moveLimit: return "move limit"
        case .illegalMove(let detail): return "illegal move (\(detail))"
        case .timeout: return "timeout"
        case .engineFailure(let detail): return "engine failure (\(detail))"
        }
    }
}

/// One finished game of a match.
public struct MatchGameRecord: Sendable {
    public var number: Int
    /// Index (0 or 1) of the engine that played black.
    public var blackEngine: Int
    public var moves: [Move]
    public var winner: Stone?
    /// SGF's `RE` value: `B+3.5`, `W+R`, `B+T`, `W+F`, `0`.
    public var result: String
    public var end: MatchGameEnd
    /// Where the engines disagreed with the referee or each other (dead stones, `final_score`).
    public var notes: [String]
}

/// Plays games between two GTP engines and scores them: the referee knows nothing of the engines'
/// internals, judges every move with its own rules (`EngineGame`: positional superko, no suicide), counts
/// the area itself and writes the SGF (as gomill's referee does).
///
/// Colours alternate: engine 0 is black in the first game. A game ends on two passes, a resignation, an
/// illegal move or a timeout (a loss for the engine that made it), an engine failure (a loss for that
/// engine), or the move limit. At the end the referee removes the stones both engines list in
/// `final_status_list dead` and counts. When the lists differ, play goes on until two passes again (with
/// `kgs-genmove_cleanup` for an engine that knows it), so that dead stones are captured on the board, and
/// the engines are asked again; stones still disputed then stay on the board. Disagreements on dead stones
/// and on `final_score` are noted.
public final class MatchReferee {
    public let commandLines: [String]
    public let settings: MatchSettings
    private var clients: [GTPClient?] = [nil, nil]
    private var names: [String]
    private let log: (String) -> Void

    /// - Parameters:
    ///   - commandLines: the two engines' command lines.
    ///   - log: receives one line per finished game.
    public init(commandLines: [String], settings: MatchSettings, log: @escaping (String) -> Void = { _ in }) {
        precondition(commandLines.count == 2, "a match has two engines")
        self.commandLines = commandLines
        self.settings = settings
        self.log = log
        names = commandLines
    }

    deinit {
        for client in clients { client?.close() }
    }

    /// A setting the referee cannot play with.
    public struct SettingsError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Plays the match. Returns every game; `wins(of:in:)` summarises.
    ///
    /// - Throws: `SettingsError` for a board size outside 2...25; file errors when the SGF folder cannot be
    ///   created or written.
    public func run() throws -> [MatchGameRecord] {
        guard (2...GTPVertex.maximumSize).contains(settings.size) else {
            throw SettingsError(description: "board size \(settings.size) is outside 2...\(GTPVertex.maximumSize)")
        }
        if let directory = settings.sgfDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        var records: [MatchGameRecord] = []
        for number in 1...max(1, settings.games) {
            let record = playGame(number: number, blackEngine: (number - 1) % 2)
            records.append(record)
            if let directory = settings.sgfDirectory {
                let path = (directory as NSString).appendingPathComponent(String(format: "game-%03d.sgf", number))
                try Data(sgf(of: record).utf8).write(to: URL(fileURLWithPath: path))
            }
            var line = "game \(number): black \(names[record.blackEngine]), white \(names[1 - record.blackEngine]): "
                + "\(record.result) (\(record.end.description))"
            if !record.notes.isEmpty { line += "; " + record.notes.joined(separator: "; ") }
            log(line)
        }
        return records
    }

    /// Engine `engine`'s wins (a draw counts half) over `records`.
    public static func wins(of engine: Int, in records: [MatchGameRecord]) -> WinRateInterval {
        let wins = records.reduce(0.0) { total, record in
            guard let winner = record.winner else { return total + 0.5 }
            let winnerEngine = winner == .black ? record.blackEngine : 1 - record.blackEngine
            return total + (winnerEngine == engine ? 1 : 0)
        }
        return WinRateInterval(wins: wins, games: records.count)
    }

    // MARK: - One game

    private func playGame(number: Int, blackEngine: Int) -> MatchGameRecord {
        var record = MatchGameRecord(number: number, blackEngine: blackEngine, moves: [], winner: nil, result: "0",
                                     end: .twoPasses, notes: [])
        func engineIndex(_ stone: Stone) -> Int { stone == .black ? blackEngine : 1 - blackEngine }
        // Set both engines up; one that cannot start or refuses loses.
        for stone in [Stone.black, .white] {
            do {
                let client = try client(engineIndex(stone))
                try client.send("boardsize \(settings.size)")
                try client.send("clear_board")
                try client.send("komi \(settings.komi)")
            } catch {
                return Self.lost(record, by: stone, end: .engineFailure("\(error)"), code: "F")
            }
        }
        var game = EngineGame(size: settings.size, komi: settings.komi)
        if let finished = playUntilTwoPasses(&game, &record, engineIndex: engineIndex, cleanup: false) { return finished }
        if record.end == .twoPasses, !RefereeScore(board: game.position, komi: settings.komi,
                                                   dead: deadStones(engineIndex: engineIndex)).disputed.isEmpty {
            // The engines disagree on dead stones: play on until two passes again, so that the stones one
            // of them calls dead are captured on the board (under area scoring, moves inside one's own area
            // change nothing). Counting them as the referee first did, left on the board, gave all five
            // such games of 100 against Pachi to the side that claimed its dead stones alive.
            record.notes.append("dead stones disputed: played on")
            if let finished = playUntilTwoPasses(&game, &record, engineIndex: engineIndex, cleanup: true) {
                return finished
            }
        }
        score(game, into: &record, engineIndex: engineIndex)
        return record
    }

    /// Asks the engines for moves until two passes in a row (nil, with `record.end` two passes or the move
    /// limit) or until the game is decided otherwise (the finished record: a resignation, or a loss for an
    /// illegal move, a timeout or a failure). In the `cleanup` after disputed dead stones, an engine that
    /// knows `kgs-genmove_cleanup` is asked that (it captures dead stones before passing).
    private func playUntilTwoPasses(_ game: inout EngineGame, _ record: inout MatchGameRecord, engineIndex: (Stone) -> Int,
                                    cleanup: Bool) -> MatchGameRecord? {
        var passes = 0
        record.end = .twoPasses
        while passes < 2 {
            guard record.moves.count < settings.maximumMoves else {
                record.end = .moveLimit
                return nil
            }
            let stone = game.toMove
            let reply: String
            do {
                let client = try client(engineIndex(stone))
                let knowsCleanup = cleanup && (try? client.send("known_command kgs-genmove_cleanup")) == "true"
                reply = try client.send("\(knowsCleanup ? "kgs-genmove_cleanup" : "genmove") \(GTPVertex.letter(stone).lowercased())")
            } catch GTPClient.Failure.timeout {
                return Self.lost(record, by: stone, end: .timeout, code: "T")
            } catch {
                return Self.lost(record, by: stone, end: .engineFailure("\(error)"), code: "F")
            }
            if reply.lowercased() == "resign" {
                record.end = .resignation
                record.winner = stone.opponent
                record.result = "\(GTPVertex.letter(stone.opponent))+R"
                return record
            }
            let move: Move
            switch GTPVertex.parse(reply, size: settings.size) {
            case .pass?: move = .pass(stone)
            case .point(let point)?: move = Move(stone, at: point)
            default: return Self.lost(record, by: stone, end: .illegalMove("'\(reply)' is no vertex of the board"), code: "F")
            }
            do {
                try game.play(move)
            } catch {
                return Self.lost(record, by: stone, end: .illegalMove("\(reply): \(error)"), code: "F")
            }
            record.moves.append(move)
            passes = move.isPass ? passes + 1 : 0
            do {
                try client(engineIndex(stone.opponent)).send("play \(GTPVertex.letter(stone).lowercased()) \(reply)")
            } catch {
                return Self.lost(record, by: stone.opponent, end: .engineFailure("\(error)"), code: "F")
            }
        }
        return nil
    }

    /// `record` lost by `stone`: `end` says how, `code` is the result's reason (`B+F`, `W+T`).
    private static func lost(_ record: MatchGameRecord, by stone: Stone, end: MatchGameEnd, code: String) -> MatchGameRecord {
        var record = record
        record.winner = stone.opponent
        record.result = "\(GTPVertex.letter(stone.opponent))+\(code)"
        record.end = end
        return record
    }

    /// Each engine's `final_status_list dead`, by the colour it plays (empty when it cannot answer).
    private func deadStones(engineIndex: (Stone) -> Int) -> [Stone: Set<Point>] {
        var dead: [Stone: Set<Point>] = [:]
        for stone in [Stone.black, .white] {
            let list = (try? client(engineIndex(stone)).send("final_status_list dead")) ?? ""
            dead[stone] = Set(list.split(whereSeparator: \.isWhitespace).compactMap { token -> Point? in
                if case .point(let point)? = GTPVertex.parse(String(token), size: settings.size) { return point }
                return nil
            })
        }
        return dead
    }

    /// Counts a finished game: asks both engines for their dead stones and their scores, removes what both
    /// call dead, and notes the disagreements.
    private func score(_ game: EngineGame, into record: inout MatchGameRecord, engineIndex: (Stone) -> Int) {
        let dead = deadStones(engineIndex: engineIndex)
        var claimed: [Stone: String] = [:]
        for stone in [Stone.black, .white] {
            claimed[stone] = (try? client(engineIndex(stone)).send("final_score")) ?? nil
        }
        let score = RefereeScore(board: game.position, komi: settings.komi, dead: dead)
        record.winner = score.winner
        record.result = score.result
        if !score.disputed.isEmpty {
            let points = score.disputed.sorted().map { GTPVertex.format($0, size: settings.size) }.joined(separator: " ")
            record.notes.append("dead stones disputed, left on the board: \(points)")
        }
        for stone in [Stone.black, .white] {
            guard let claim = claimed[stone] else { continue }
            if claim.uppercased() != score.result {
                record.notes.append("\(stone == .black ? "black" : "white")'s final_score \(claim), referee \(score.result)")
            }
        }
    }

    /// The running client of engine `index`, started (again) when it is not running.
    private func client(_ index: Int) throws -> GTPClient {
        if let client = clients[index], client.isRunning { return client }
        let client = try GTPClient(commandLine: commandLines[index], timeout: settings.commandTimeout)
        clients[index] = client
        if let name = try? client.send("name") {
            let version = (try? client.send("version")) ?? ""
            names[index] = version.isEmpty ? name : "\(name) \(version)"
        }
        return client
    }

    // MARK: - SGF

    /// The game as FF[4] SGF, written by the referee.
    func sgf(of record: MatchGameRecord) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "]", with: "\\]")
        }
        let komi = settings.komi == settings.komi.rounded() ? String(Int(settings.komi)) : String(settings.komi)
        var text = "(;GM[1]FF[4]CA[UTF-8]AP[Hoshi match]SZ[\(settings.size)]KM[\(komi)]RU[Chinese]"
        text += "PB[\(escaped(names[record.blackEngine]))]PW[\(escaped(names[1 - record.blackEngine]))]"
        text += "RE[\(record.result)]"
        let comment = (["Game \(record.number) ended by \(record.end.description)."] + record.notes).joined(separator: "\n")
        text += "C[\(escaped(comment))]\n"
        for (index, move) in record.moves.enumerated() {
            text += ";\(move.stone.sgfLetter)[\(move.point?.sgf ?? "")]"
            if index % 10 == 9 { text += "\n" }
        }
        return text + ")\n"
    }
}
