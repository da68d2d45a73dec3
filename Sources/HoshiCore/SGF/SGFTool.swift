import Dispatch

/// What `hoshi sgf check|normalize|show` compute, kept here (not in the command) so it is unit-tested.
/// Each function takes the file's bytes and returns text for stdout plus diagnostics for stderr; the
/// command only reads files and prints.
public enum SGFTool {
    /// Output of one subcommand on one file.
    public struct Output: Sendable {
        /// Text for standard output (may be empty).
        public var text: String
        public var diagnostics: [Diagnostic]

        public init(text: String, diagnostics: [Diagnostic]) {
            self.text = text
            self.diagnostics = diagnostics
        }

        /// 0 clean, 1 warnings only, 2 errors.
        public var exitStatus: Int32 {
            switch diagnostics.map(\.severity).max() {
            case nil: return 0
            case .warning: return 1
            case .error: return 2
            }
        }
    }

    /// `check`: parse, replay every node, and give one summary line per game (`path: game K: ...`).
    public static func check(bytes: [UInt8], path: String) -> Output {
        let result = SGFParser.parse(bytes: bytes, path: path)
        var diagnostics = result.diagnostics
        var lines: [String] = []
        for (index, game) in result.games.enumerated() {
            let positions = GamePositions(game: game)
            diagnostics += positions.diagnostics
            lines.append("\(path): game \(index + 1): \(summary(of: game, mainLineMoves: positions.mainLineMoveCount(in: game)))")
        }
        return Output(text: lines.map { $0 + "\n" }.joined(), diagnostics: diagnostics)
    }

    /// One input of a `check` over many files: a file's bytes, or a finding about a path that gave none
    /// (missing, unreadable, a folder without SGF files).
    public enum CheckInput: Sendable {
        case file(path: String, bytes: [UInt8])
        case finding(Diagnostic)
    }

    /// How many inputs `check(count:input:emit:)` reads and checks before handing their outputs over: enough
    /// to keep every core busy between hand-overs, few enough that output starts at once and a folder of
    /// any size is never held in memory.
    static let checkBatchSize = 256

    /// `check` over many files on every core, with the output in input order whatever order the work
    /// finishes in.
    ///
    /// - Parameters:
    ///   - count: how many inputs.
    ///   - input: input `index`; called on worker threads, so reading the file there reads files in parallel.
    ///   - emit: each output, in input order, on the calling thread; a batch at a time.
    public static func check(count: Int, input: @Sendable (_ index: Int) -> CheckInput, emit: (Output) -> Void) {
        var batchStart = 0
        while batchStart < count {
            let batch = batchStart..<min(batchStart + checkBatchSize, count)
            // Each iteration initialises its own element, and all have when `concurrentPerform` returns.
            let outputs = [Output](unsafeUninitializedCapacity: batch.count) { buffer, initializedCount in
                let slots = Slots(buffer: buffer)
                DispatchQueue.concurrentPerform(iterations: batch.count) { offset in
                    let output: Output
                    switch input(batch.lowerBound + offset) {
                    case let .file(path, bytes): output = check(bytes: bytes, path: path)
                    case let .finding(diagnostic): output = Output(text: "", diagnostics: [diagnostic])
                    }
                    slots.buffer.initializeElement(at: offset, to: output)
                }
                initializedCount = batch.count
            }
            outputs.forEach(emit)
            batchStart = batch.upperBound
        }
    }

    /// One line about a game: players with ranks, board size, result, node count, main-line moves, e.g.
    /// `Yasuda Eisai (B) vs Itagaki Chuzo 2d (W), 19x19, result B+2, 326 nodes, 325 moves`.
    public static func summary(of game: GameTree) -> String {
        summary(of: game, mainLineMoves: game.mainLineMoves.count)
    }

    /// `summary(of:)` with the main line's move count already known (from the game's replay).
    static func summary(of game: GameTree, mainLineMoves: Int) -> String {
        let info = game.gameInfo
        func player(_ name: String?, _ rank: String?, _ colour: String) -> String {
            let name = (name?.isEmpty == false ? name : nil) ?? "?"
            let rank = (rank?.isEmpty == false ? rank : nil).map { " \($0)" } ?? ""
            return "\(name)\(rank) (\(colour))"
        }
        let result = (info.result?.isEmpty == false ? info.result : nil) ?? "?"
        let line = "\(player(info.blackPlayer, info.blackRank, "B")) vs \(player(info.whitePlayer, info.whiteRank, "W")), "
            + "\(game.boardSize), result \(result), \(game.nodes.count) nodes, \(mainLineMoves) moves"
        return terminalSafe(line)
    }

    /// The text with control characters (C0, DEL and C1) shown as U+FFFD: names come from strangers' files,
    /// and an escape sequence in a player's name must not reach the terminal.
    static func terminalSafe(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { safe.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(safe)
    }

    /// `normalize`: the canonical FF[4] UTF-8 text of every game.
    public static func normalize(bytes: [UInt8], path: String) -> Output {
        let result = SGFParser.parse(bytes: bytes, path: path)
        return Output(text: result.games.isEmpty ? "" : SGFWriter.write(result.collection), diagnostics: result.diagnostics)
    }

    /// `show`: the diagram of game `game` (1-based) after main-line move `move` (nil: the last move).
    public static func show(bytes: [UInt8], path: String, game: Int = 1, move: Int? = nil) -> Output {
        let result = SGFParser.parse(bytes: bytes, path: path)
        var diagnostics = result.diagnostics
        guard !result.games.isEmpty else { return Output(text: "", diagnostics: diagnostics) }
        guard game >= 1, game <= result.games.count else {
            diagnostics.append(.error("no game \(game): the file has \(result.games.count) game(s)", at: SourceLocation(path: path)))
            return Output(text: "", diagnostics: diagnostics)
        }
        let tree = result.games[game - 1]
        let positions = GamePositions(game: tree)
        diagnostics += positions.diagnostics
        let moveCount = tree.mainLineMoves.count
        var wanted = move ?? moveCount
        if wanted < 0 || wanted > moveCount {
            diagnostics.append(.error("no move \(wanted): the main line has \(moveCount) move(s); showing move \(min(max(wanted, 0), moveCount))",
                                      at: SourceLocation(path: path)))
            wanted = min(max(wanted, 0), moveCount)
        }
        let node = GamePositions.mainLineNode(afterMoves: wanted, in: tree) ?? tree.rootID
        return Output(text: positions.board(at: node, in: tree).diagram, diagnostics: diagnostics)
    }
}

/// The outputs of a batch, shared by its concurrent iterations: each writes its own element only, so
/// none touches another's memory.
private struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<SGFTool.Output>
}
