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
/// `final_status_list dead` and counts; disagreements on dead stones and on `final_score` are noted.
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
        func lose(_ stone: Stone, _ end: MatchGameEnd, code: String) -> MatchGameRecord {
            record.winner = stone.opponent
            record.result = "\(GTPVertex.letter(stone.opponent))+\(code)"
            record.end = end
            return record
        }
        // Set both engines up; one that cannot start or refuses loses.
        for stone in [Stone.black, .white] {
            do {
                let client = try client(engineIndex(stone))
                try client.send("boardsize \(settings.size)")
                try client.send("clear_board")
                try client.send("komi \(settings.komi)")
            } catch {
                return lose(stone, .engineFailure("\(error)"), code: "F")
            }
        }
        var game = EngineGame(size: settings.size, komi: settings.komi)
        var passes = 0
        while passes < 2 {
            guard record.moves.count < settings.maximumMoves else {
                record.end = .moveLimit
                break
            }
            let stone = game.toMove
            let reply: String
            do {
                reply = try client(engineIndex(stone)).send("genmove \(GTPVertex.letter(stone).lowercased())")
            } catch GTPClient.Failure.timeout {
                return lose(stone, .timeout, code: "T")
            } catch {
                return lose(stone, .engineFailure("\(error)"), code: "F")
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
            default: return lose(stone, .illegalMove("'\(reply)' is no vertex of the board"), code: "F")
            }
            do {
                try game.play(move)
            } catch {
                return lose(stone, .illegalMove("\(reply): \(error)"), code: "F")
            }
            record.moves.append(move)
            passes = move.isPass ? passes + 1 : 0
            do {
                try client(engineIndex(stone.opponent)).send("play \(GTPVertex.letter(stone).lowercased()) \(reply)")
            } catch {
                return lose(stone.opponent, .engineFailure("\(error)"), code: "F")
            }
        }
        score(game, into: &record, engineIndex: engineIndex)
        return record
    }

    /// Counts a finished game: asks both engines for their dead stones and their scores, removes what both
    /// call dead, and notes the disagreements.
    private func score(_ game: EngineGame, into record: inout MatchGameRecord, engineIndex: (Stone) -> Int) {
        var dead: [Stone: Set<Point>] = [:]
        var claimed: [Stone: String] = [:]
        for stone in [Stone.black, .white] {
            let client = try? client(engineIndex(stone))
            let list = (try? client?.send("final_status_list dead")) ?? nil
            dead[stone] = Set((list ?? "").split(whereSeparator: \.isWhitespace).compactMap { token -> Point? in
                if case .point(let point)? = GTPVertex.parse(String(token), size: settings.size) { return point }
                return nil
            })
            claimed[stone] = (try? client?.send("final_score")) ?? nil
        }
        let score = RefereeScore(board: game.position, komi: settings.komi, deadByBlack: dead[.black] ?? [],
                                 deadByWhite: dead[.white] ?? [])
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
