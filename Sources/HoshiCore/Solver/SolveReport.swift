import Foundation

/// `hoshi solve`'s work on one file: read its problems, frame and solve each, and say what was found, in
/// words or as one JSON object per problem. The command line only reads files and prints.
public enum SolveReport {
    /// What was asked of every problem.
    public struct Request: Sendable {
        public var options: LifeAndDeathSolver.Options
        public var goal: SolverGoal?
        /// A GTP vertex (`C17`), read on each problem's board.
        public var target: String?

        public init(options: LifeAndDeathSolver.Options, goal: SolverGoal? = nil, target: String? = nil) {
            self.options = options
            self.goal = goal
            self.target = target
        }
    }

    /// One problem's line of the report.
    public struct Line: Sendable {
        public var file: String
        public var problem: Int
        /// Nil when the problem could not be framed.
        public var result: SolverResult?
        /// Why the problem could not be framed.
        public var failure: String?

        public var isProven: Bool { result?.status == .proven }

        /// "gokyoshumyo.sgf #3: White to live: proven, lives with B2".
        public var words: String {
            "\(file) #\(problem): " + (result?.summary ?? "not solved: \(failure ?? "unknown")")
        }

        /// One JSON object: file, problem, to_play, goal, target, status, result, correct_first_moves,
        /// wrong_first_moves, milliseconds, nodes, ko (threats_needed, opponent_threats_beaten; see
        /// `SolverResult.KoFight`) for a ko whose threats were counted, and reason when unproven.
        public var json: String {
            var fields: [(String, String)] = [("file", Self.quoted(file)), ("problem", "\(problem)")]
            if let result {
                let frame = result.frame
                let size = frame.board.size.columns
                fields += [("to_play", Self.quoted(frame.toPlay.sgfLetter)), ("goal", Self.quoted(frame.goal.rawValue)),
                           ("target", Self.quoted(GTPVertex.format(frame.target, size: size))),
                           ("status", Self.quoted(result.status.rawValue)),
                           ("result", result.outcome.map { Self.quoted($0.rawValue) } ?? "null"),
                           ("correct_first_moves", "[" + result.correctFirstMoves.map { Self.quoted(GTPVertex.format($0, size: size)) }.joined(separator: ",") + "]"),
                           ("wrong_first_moves", "[" + result.wrongFirstMoves.map { Self.quoted(GTPVertex.format($0, size: size)) }.joined(separator: ",") + "]"),
                           ("milliseconds", "\(result.milliseconds)"), ("nodes", "\(result.nodes)")]
                if let fight = result.koFight {
                    fields.append(("ko", "{\"threats_needed\":\(fight.threatsNeeded),\"opponent_threats_beaten\":\(fight.opponentThreatsBeaten)}"))
                }
                if let reason = result.reason { fields.append(("reason", Self.quoted(reason))) }
            } else {
                fields += [("to_play", "null"), ("goal", "null"), ("target", "null"), ("status", Self.quoted("unproven")), ("result", "null"),
                           ("correct_first_moves", "[]"), ("wrong_first_moves", "[]"), ("milliseconds", "0"), ("nodes", "0"),
                           ("reason", Self.quoted(failure ?? "unknown"))]
            }
            return "{" + fields.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        }

        /// A JSON string literal.
        static func quoted(_ text: String) -> String {
            JSONString.quoted(text)
        }
    }

    /// Solves every problem of an SGF file's bytes; `file` names it in the lines. Errors reading the file
    /// come back as diagnostics (and no lines).
    public static func solve(bytes: [UInt8], file: String, request: Request,
                             each: (Line, GameTree?) -> Void) -> [Diagnostic] {
        let parsed = SGFParser.parse(bytes: bytes, path: file)
        if parsed.games.isEmpty {
            return parsed.diagnostics + [.error("no game could be read from this file", at: SourceLocation(path: file))]
        }
        var diagnostics = parsed.diagnostics
        for problem in ProblemPosition.all(in: parsed.games) {
            var line = Line(file: file, problem: problem.number)
            do {
                var target: Point?
                if let vertex = request.target {
                    guard case .point(let point)? = GTPVertex.parse(vertex, size: problem.board.size.columns) else {
                        diagnostics.append(.error("--target \(vertex) is not a point of a \(problem.board.size) board", at: SourceLocation(path: file)))
                        return diagnostics
                    }
                    target = point
                }
                let frame = try ProblemFrame(board: problem.board, toPlay: problem.toPlay, comment: problem.comment,
                                             goal: request.goal, target: target)
                let result = LifeAndDeathSolver.solve(frame, options: request.options)
                line.result = result
                each(line, result.tree)
            } catch {
                line.failure = error.description
                each(line, nil)
            }
        }
        return diagnostics
    }
}
