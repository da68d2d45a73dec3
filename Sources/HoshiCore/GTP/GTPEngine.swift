/// A Go Text Protocol version 2 engine: reads command lines, keeps the game, and answers with any
/// `GoEngine` doing the thinking.
///
/// Commands are registered once in `commands`, name and handler; `list_commands` and `known_command` read
/// the same table, so they cannot disagree with what is implemented (as Fuego's `GtpEngine` does). Error
/// replies use the specification's wording (`illegal move`, `unacceptable size`, `cannot undo`, ...), and
/// `syntax error` for arguments that do not parse. No input makes it crash: every line is preprocessed as
/// the specification says (control characters dropped, tabs made spaces, comments removed).
///
/// No I/O here: the caller feeds lines and writes the replies (`hoshi gtp`), and gives a file reader for
/// `loadsgf`. The engine thinks only inside `genmove`, `reg_genmove`, `kgs-genmove_cleanup` and `lz-analyze`.
public final class GTPEngine {
    /// A command's failure, worded as the reply after `?`.
    struct Failure: Error {
        var message: String
        static let syntax = Failure(message: "syntax error")
    }

    /// A handler gets the engine and the arguments and returns the reply text.
    typealias Handler = @Sendable (GTPEngine, [String]) throws -> String

    /// Every command, in the order `list_commands` prints them. `lz-analyze` streams and is answered by
    /// `handle(_:write:shouldStop:)` itself; its entry here only lists it.
    static let commands: [(name: String, handler: Handler)] = [
        ("protocol_version", { _, _ in "2" }),
        ("name", { engine, _ in engine.player.name }),
        ("version", { engine, _ in engine.version }),
        ("known_command", { _, arguments in
            guard let name = arguments.first else { throw Failure.syntax }
            return GTPEngine.commands.contains { $0.name == name } ? "true" : "false"
        }),
        ("list_commands", { _, _ in GTPEngine.commands.map(\.name).joined(separator: "\n") }),
        ("quit", { engine, _ in
            engine.hasQuit = true
            return ""
        }),
        ("boardsize", { engine, arguments in try engine.setBoardSize(arguments) }),
        ("clear_board", { engine, _ in
            engine.startGame(size: engine.game.size)
            return ""
        }),
        ("komi", { engine, arguments in
            guard let text = arguments.first, let komi = Double(text), komi.isFinite else { throw Failure.syntax }
            engine.game.komi = komi
            return ""
        }),
        ("play", { engine, arguments in try engine.play(arguments) }),
        ("genmove", { engine, arguments in try engine.generateMove(arguments, plays: true) }),
        ("reg_genmove", { engine, arguments in try engine.generateMove(arguments, plays: false) }),
        ("kgs-genmove_cleanup", { engine, arguments in try engine.generateMove(arguments, plays: true, isCleanup: true) }),
        ("undo", { engine, _ in
            guard engine.game.undo() else { throw Failure(message: "cannot undo") }
            return ""
        }),
        ("final_score", { engine, _ in engine.finalScore() }),
        ("final_status_list", { engine, arguments in try engine.finalStatusList(arguments) }),
        ("showboard", { engine, _ in "\n" + engine.diagram() }),
        ("time_settings", { engine, arguments in
            let numbers = arguments.compactMap { Int($0) }
            guard arguments.count == 3, numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else { throw Failure.syntax }
            engine.clocks = [:]
            return ""
        }),
        ("time_left", { engine, arguments in
            guard arguments.count == 3, let stone = GTPVertex.colour(arguments[0]), let seconds = Double(arguments[1]),
                  seconds.isFinite, let stones = Int(arguments[2]), stones >= 0 else { throw Failure.syntax }
            engine.clocks[stone] = MoveBudget(secondsLeft: seconds, stonesLeft: stones)
            return ""
        }),
        ("loadsgf", { engine, arguments in try engine.loadSGF(arguments) }),
        ("savesgf", { engine, arguments in try engine.saveSGF(arguments) }),
        ("list_moves", { engine, _ in
            engine.game.moves.map { "\(GTPVertex.letter($0.stone)) \(GTPVertex.format($0.point, size: engine.game.size))" }
                .joined(separator: ", ")
        }),
        ("list_handicap", { engine, _ in engine.handicap.map { GTPVertex.format($0, size: engine.game.size) }.joined(separator: " ") }),
        ("fixed_handicap", { engine, arguments in
            try engine.placeHandicap(arguments) { GTPHandicap.fixedPoints(count: $0, size: $1) }
        }),
        ("place_free_handicap", { engine, arguments in
            try engine.placeHandicap(arguments) { GTPHandicap.freePoints(count: $0, size: $1) }
        }),
        ("set_free_handicap", { engine, arguments in try engine.setFreeHandicap(arguments) }),
        ("lz-analyze", { _, _ in "" }),
    ]

    public let player: any GoEngine
    public let version: String
    /// Set by `quit`; the caller stops reading.
    public private(set) var hasQuit = false
    /// The game being played (public for tests and tools).
    public private(set) var game = EngineGame(size: 19, komi: 7.5)
    /// The handicap stones of the game (`fixed_handicap`, `place_free_handicap`, `set_free_handicap`, or a
    /// record's `HA` with its black setup stones), in the order placed; `list_handicap` answers them.
    public private(set) var handicap: [Point] = []
    private var clocks: [Stone: MoveBudget] = [:]
    private let readFile: (String) -> [UInt8]?
    private let writeFile: (String, [UInt8]) -> Bool

    /// - Parameters:
    ///   - readFile: the bytes of a file for `loadsgf`, nil when it cannot be read.
    ///   - writeFile: writes a file for `savesgf`, false when it cannot be written.
    public init(player: any GoEngine, version: String, readFile: @escaping (String) -> [UInt8]? = { _ in nil },
                writeFile: @escaping (String, [UInt8]) -> Bool = { _, _ in false }) {
        self.player = player
        self.version = version
        self.readFile = readFile
        self.writeFile = writeFile
    }

    // MARK: - Lines

    /// A command line after the specification's preprocessing, split into id, name and arguments; nil for
    /// a line that is empty or only a comment.
    struct CommandLine {
        var id: String
        var name: String
        var arguments: [String]

        init?(_ line: String) {
            var bytes: [UInt8] = []
            for byte in line.utf8 {
                if byte == UInt8(ascii: "#") { break }
                if byte == 9 { bytes.append(32) } else if byte >= 32 && byte != 127 { bytes.append(byte) }
            }
            var tokens = String(decoding: bytes, as: UTF8.self).split(separator: " ").map(String.init)
            guard !tokens.isEmpty else { return nil }
            id = ""
            if tokens[0].allSatisfy({ $0.isASCII && $0.isNumber }) {
                id = tokens.removeFirst()
            }
            guard !tokens.isEmpty else { return nil }
            name = tokens.removeFirst()
            arguments = tokens
        }
    }

    /// The complete reply to one line (two newlines at the end), or nil for an empty or comment line.
    /// `lz-analyze` searches only until its first report here; `hoshi gtp` streams it with
    /// `handle(_:write:shouldStop:)`.
    public func respond(to line: String) -> String? {
        var reply = ""
        let answered = handle(line, write: { reply += $0 }, shouldStop: { true })
        return answered ? reply : nil
    }

    /// Answers one line through `write`. Returns false for an empty or comment line (nothing written).
    /// `lz-analyze` writes `=`, then Leela Zero's `info` lines every interval until `shouldStop` returns
    /// true, then the closing empty line.
    @discardableResult
    public func handle(_ line: String, write: (String) -> Void, shouldStop: @escaping @Sendable () -> Bool) -> Bool {
        guard let command = CommandLine(line) else { return false }
        if command.name == "lz-analyze" {
            analyze(command, write: write, shouldStop: shouldStop)
            return true
        }
        guard let handler = GTPEngine.commands.first(where: { $0.name == command.name })?.handler else {
            write("?\(command.id) unknown command\n\n")
            return true
        }
        do {
            let text = try handler(self, command.arguments)
            write("=\(command.id)\(text.isEmpty ? "" : " " + text)\n\n")
        } catch {
            write("?\(command.id) \((error as? Failure)?.message ?? "syntax error")\n\n")
        }
        return true
    }

    // MARK: - Commands

    private func setBoardSize(_ arguments: [String]) throws -> String {
        guard let text = arguments.first, let size = Int(text) else { throw Failure.syntax }
        guard (2...GTPVertex.maximumSize).contains(size) else { throw Failure(message: "unacceptable size") }
        startGame(size: size)
        return ""
    }

    /// An empty board with the current komi, numbered as the session's next game.
    private func startGame(size: Int) {
        let serial = game.serial + 1
        game = EngineGame(size: size, komi: game.komi)
        game.serial = serial
        handicap = []
    }

    private func play(_ arguments: [String]) throws -> String {
        guard arguments.count >= 2, let stone = GTPVertex.colour(arguments[0]),
              let vertex = GTPVertex.parse(arguments[1], size: game.size) else { throw Failure.syntax }
        let move: Move
        switch vertex {
        case .pass: move = .pass(stone)
        case .point(let point): move = Move(stone, at: point)
        case .offBoard: throw Failure(message: "illegal move")
        }
        do {
            try game.play(move)
        } catch {
            throw Failure(message: "illegal move")
        }
        return ""
    }

    /// `genmove` (`plays` true) and `reg_genmove`, which answers the same move and leaves the game as it was;
    /// with `isCleanup`, `kgs-genmove_cleanup`: a `genmove` that captures the opponent's dead stones before
    /// passing (`GoEngine.generateCleanupMove`).
    private func generateMove(_ arguments: [String], plays: Bool, isCleanup: Bool = false) throws -> String {
        guard let token = arguments.first, let stone = GTPVertex.colour(token) else { throw Failure.syntax }
        var next = game
        next.setToMove(stone)
        let budget = clocks[stone] ?? MoveBudget()
        let decision = isCleanup ? player.generateCleanupMove(in: next, for: stone, budget: budget)
            : player.generateMove(in: next, for: stone, budget: budget)
        var move = Move.pass(stone)
        switch decision {
        case .resign:
            return "resign"
        case .pass:
            break
        case .play(let point):
            // An engine bug must not make the game illegal: pass instead.
            if next.check(Move(stone, at: point)) == nil { move = Move(stone, at: point) }
        }
        if plays {
            try? next.play(move)
            game = next
        }
        return GTPVertex.format(move.point, size: game.size)
    }

    private func finalScore() -> String {
        let dead = Set(player.deadStones(in: game))
        let margin = Double(game.position.score(deadStones: dead).areaMargin) - game.komi
        return GTPEngine.result(margin: margin)
    }

    /// `B+3.5`, `W+0.5`, or `0` for a draw, from black's margin.
    public static func result(margin: Double) -> String {
        if margin == 0 { return "0" }
        let amount = abs(margin)
        let text = amount == amount.rounded() ? String(Int(amount)) : String(amount)
        return (margin > 0 ? "B+" : "W+") + text
    }

    private func finalStatusList(_ arguments: [String]) throws -> String {
        guard let status = arguments.first?.lowercased(), ["dead", "alive", "seki"].contains(status) else { throw Failure.syntax }
        // Seki is not recognised separately: stones in seki are reported alive.
        guard status != "seki" else { return "" }
        let dead = Set(player.deadStones(in: game))
        let stones = game.boardSize.points.filter { game[$0] != nil && dead.contains($0) == (status == "dead") }
        return stones.map { GTPVertex.format($0, size: game.size) }.joined(separator: " ")
    }

    /// `loadsgf FILE [MOVE]`: the record's main line up to before move MOVE (all of it without one): its
    /// setup and handicap stones, then its moves one by one, so `list_moves` and `undo` see them. A later
    /// node with setup stones, or a move these rules refuse (a superko or a broken record), cannot be a
    /// move: the position there becomes the setup and the moves go on from it.
    private func loadSGF(_ arguments: [String]) throws -> String {
        guard let path = arguments.first else { throw Failure.syntax }
        var moveNumber: Int?
        if arguments.count > 1 {
            guard let number = Int(arguments[1]), number >= 1 else { throw Failure.syntax }
            moveNumber = number
        }
        let cannotLoad = Failure(message: "cannot load file")
        guard let bytes = readFile(path) else { throw cannotLoad }
        let parsed = SGFParser.parse(bytes: bytes, path: path)
        guard let tree = parsed.games.first, tree.boardSize.isSquare,
              (2...GTPVertex.maximumSize).contains(tree.boardSize.columns) else { throw cannotLoad }
        let moves = tree.mainLineMoves
        let played = min(moves.count, (moveNumber ?? Int.max) - 1)
        guard let last = GamePositions.mainLineNode(afterMoves: played, in: tree) else { throw cannotLoad }
        let size = tree.boardSize
        let positions = GamePositions(game: tree)
        var loaded = EngineGame(size: size.columns, komi: tree.gameInfo.komi ?? game.komi)
        loaded.serial = game.serial + 1
        let rootSetup = tree.root.setup(on: size).compactMap { entry in entry.stone.map { PlacedStone(point: entry.point, stone: $0) } }
        let isHandicap = (tree.gameInfo.handicap ?? 0) >= 2 && !rootSetup.isEmpty && rootSetup.allSatisfy { $0.stone == .black }
        loaded.placeSetup(rootSetup, toMove: isHandicap ? .white : .black)
        for id in tree.path(to: last) {
            let node = tree[id]
            let move = node.move(on: size)
            let hasSetup = id != tree.rootID && !node.setup(on: size).isEmpty
            guard move != nil || hasSetup else { continue }
            if !hasSetup, let move, (try? loaded.play(move)) != nil { continue }
            // Not a move these rules can replay: the position after the node becomes the setup.
            var flattened = EngineGame(size: size.columns, komi: loaded.komi)
            flattened.serial = loaded.serial
            let stones = positions.board(at: id, in: tree).stones.map { PlacedStone(point: $0.point, stone: $0.stone) }
            flattened.placeSetup(stones, toMove: move?.stone.opponent ?? loaded.toMove)
            loaded = flattened
        }
        let toMove = played < moves.count ? moves[played].stone : (moves.last?.stone.opponent ?? loaded.toMove)
        loaded.setToMove(toMove)
        game = loaded
        handicap = isHandicap && loaded.setup.map(\.point) == rootSetup.map(\.point) ? rootSetup.map(\.point) : []
        return ""
    }

    /// `savesgf FILE`: the game so far as canonical FF[4] SGF (`SGFWriter`): board size, komi, the handicap
    /// (`HA` and its stones), other setup stones, then one node per move.
    private func saveSGF(_ arguments: [String]) throws -> String {
        guard arguments.count == 1, let path = arguments.first else { throw Failure.syntax }
        let text = SGFWriter.write(game.record(handicap: handicap))
        guard writeFile(path, Array(text.utf8)) else { throw Failure(message: "cannot save file") }
        return ""
    }

    private func placeHandicap(_ arguments: [String], points: (Int, Int) -> [Point]?) throws -> String {
        guard let text = arguments.first, let count = Int(text) else { throw Failure.syntax }
        guard game.isEmpty && game.moves.isEmpty else { throw Failure(message: "board not empty") }
        guard let chosen = points(count, game.size) else { throw Failure(message: "invalid number of stones") }
        game.placeSetup(chosen.map { PlacedStone(point: $0, stone: .black) }, toMove: .white)
        handicap = chosen
        return chosen.map { GTPVertex.format($0, size: game.size) }.joined(separator: " ")
    }

    private func setFreeHandicap(_ arguments: [String]) throws -> String {
        guard game.isEmpty && game.moves.isEmpty else { throw Failure(message: "board not empty") }
        let badList = Failure(message: "bad vertex list")
        var points: [Point] = []
        for token in arguments {
            guard case .point(let point)? = GTPVertex.parse(token, size: game.size), !points.contains(point) else {
                throw badList
            }
            points.append(point)
        }
        guard points.count >= 2, points.count < game.size * game.size else { throw badList }
        game.placeSetup(points.map { PlacedStone(point: $0, stone: .black) }, toMove: .white)
        handicap = points
        return ""
    }

    /// The board as rows of `X` (black), `O` (white) and `.`, with GTP coordinates around it.
    func diagram() -> String {
        let letters = GTPVertex.letters.prefix(game.size).map(String.init).joined(separator: " ")
        var lines = ["   " + letters]
        for row in 0..<game.size {
            let number = game.size - row
            let label = number < 10 ? " \(number)" : "\(number)"
            let cells = (0..<game.size).map { column -> String in
                switch game[Point(column: column, row: row)] {
                case .black?: return "X"
                case .white?: return "O"
                case nil: return "."
                }
            }
            lines.append("\(label) \(cells.joined(separator: " ")) \(number)")
        }
        lines.append("   " + letters)
        return lines.joined(separator: "\n")
    }

    // MARK: - Analysis

    /// `lz-analyze [colour] [interval]`, interval in centiseconds (Leela Zero's form): `=` at once, then
    /// `info move D4 visits 120 winrate 5230 prior 1500 lcb 5010 order 0 pv D4 C3 ...` lines, one per
    /// report with every searched move, until a new command arrives.
    private func analyze(_ command: CommandLine, write: (String) -> Void, shouldStop: @escaping @Sendable () -> Bool) {
        var stone = game.toMove
        var interval = 1.0
        var arguments = command.arguments[...]
        if let first = arguments.first, let colour = GTPVertex.colour(first) {
            stone = colour
            arguments = arguments.dropFirst()
        }
        if let first = arguments.first, first != "interval", Int(first) == nil {
            write("?\(command.id) syntax error\n\n")
            return
        }
        if let first = arguments.first, first == "interval" { arguments = arguments.dropFirst() }
        if let first = arguments.first, let centiseconds = Int(first) { interval = max(0.05, Double(centiseconds) / 100) }
        write("=\(command.id)\n")
        let size = game.size
        player.analyze(game, for: stone, interval: interval, shouldStop: shouldStop) { result in
            write(GTPEngine.infoLine(result, size: size) + "\n")
        }
        write("\n")
    }

    /// Leela Zero's analysis line for a search result (win rates and priors in 1/10000).
    static func infoLine(_ result: SearchResult, size: Int) -> String {
        let searched = result.candidates.filter { $0.visits > 0 }
        return searched.enumerated().map { order, candidate in
            let winRate = Int((candidate.winRate * 10_000).rounded())
            // Lower confidence bound: win rate minus two standard errors (a normal approximation).
            let spread = 2 * (candidate.winRate * (1 - candidate.winRate) / Double(max(1, candidate.visits))).squareRoot()
            let bound = Int((max(0, candidate.winRate - spread) * 10_000).rounded())
            let prior = Int((candidate.prior * 10_000).rounded())
            let variation = candidate.principalVariation.map { GTPVertex.format($0, size: size) }.joined(separator: " ")
            return "info move \(GTPVertex.format(candidate.point, size: size)) visits \(candidate.visits) winrate \(winRate) "
                + "prior \(prior) lcb \(bound) order \(order) pv \(variation)"
        }.joined(separator: " ")
    }
}
