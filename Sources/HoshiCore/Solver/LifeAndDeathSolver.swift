import Foundation

/// Solves a framed life-and-death problem (`ProblemFrame`) by proof-number search, tells an unconditional
/// result from ko and seki, lists the proven correct and wrong first moves, and writes a solution tree.
///
/// ## How results are told apart
/// The search proves win or loss for the side to play under fixed assumptions, tried in order until one
/// proves a win:
/// - to kill: kill with the defender winning every ko (`kill`); kill with the attacker winning every ko
///   (`ko`); the defender held to seki at best (`seki`); otherwise the group lives (`live`).
/// - to live: life with eyes, the attacker winning every ko (`live`); life counting seki (`seki`); life
///   with the defender winning every ko (`ko`); otherwise the group dies (`kill`).
/// "Winning every ko" means that side may retake a ko at once (it is assumed to have a threat). Any search
/// that runs out of budget before its answer makes the result unproven: a guess is never reported.
public enum LifeAndDeathSolver {
    /// Names the solver's answers: raised whenever a change may alter a result, a tree or a first move, so
    /// that answers stored by an older solver (a site's solution cache) are not served as this one's.
    public static let version = "df-pn-7"

    /// The limits of one problem's search.
    public struct Options: Sendable {
        /// Searched nodes, over all the searches of the problem; nil for no limit.
        public var nodeLimit: Int?
        /// Seconds, over all the searches of the problem; nil for no limit.
        public var seconds: Double?
        /// The transposition table's memory cap in bytes. The default, 2 GiB, leaves room for one solver
        /// per core on a 2-core machine with 24 GB, with the rest of a build beside them.
        public var memoryLimit: Int
        /// Whether to write the solution tree.
        public var writesTree: Bool

        public static let defaultSeconds = 10.0
        public static let defaultMemoryLimit = 2 << 30

        public init(nodeLimit: Int? = nil, seconds: Double? = Options.defaultSeconds, memoryLimit: Int = Options.defaultMemoryLimit,
                    writesTree: Bool = true) {
            self.nodeLimit = nodeLimit
            self.seconds = seconds
            self.memoryLimit = memoryLimit
            self.writesTree = writesTree
        }
    }

    /// One of the searches tried in order (see the type's documentation).
    private struct Assumption {
        var koMaster: Stone
        var sekiIsFailure: Bool
        var outcome: SolverResult.Outcome
    }

    public static func solve(_ frame: ProblemFrame, options: Options = Options()) -> SolverResult {
        let started = Date()
        let budget = SearchBudget(nodeLimit: options.nodeLimit, seconds: options.seconds, started: started)
        if let narrowed = frame.narrowedToSphere(),
           let result = solveInSphere(narrowed, of: frame, options: options, budget: budget, started: started) {
            return result
        }
        let player = frame.toPlay
        let opponent = player.opponent
        let assumptions: [Assumption]
        let failure: SolverResult.Outcome
        switch frame.goal {
        case .kill:
            assumptions = [Assumption(koMaster: opponent, sekiIsFailure: false, outcome: .kill),
                           Assumption(koMaster: player, sekiIsFailure: false, outcome: .ko),
                           Assumption(koMaster: opponent, sekiIsFailure: true, outcome: .seki)]
            failure = .live
        case .live:
            assumptions = [Assumption(koMaster: opponent, sekiIsFailure: true, outcome: .live),
                           Assumption(koMaster: opponent, sekiIsFailure: false, outcome: .seki),
                           Assumption(koMaster: player, sekiIsFailure: false, outcome: .ko)]
            failure = .kill
        }
        // To kill, each assumption is searched with the way out open (`SettledPosition.wayOut`): a kill
        // proven there holds on the real board. A failure to kill is confirmed with the area closed by the
        // frame alone, which helps the attacker: if the attacker fails even then, it fails on the real
        // board; if it succeeds, the answer depends on what lies outside the problem, and it is unproven.
        // Failed before (a textbook advanced problem, Cho Chikun 141): with the frame alone, a group whose
        // stones came within two lines of the frame was proven dead by cutting it off from the open board,
        // where GNU Go's owl reading lives.
        let opensWayOut = frame.goal == .kill
        var deciding: (search: ProofNumberSearch, assumption: Assumption)?
        var refuting: ProofNumberSearch?
        var outcome: SolverResult.Outcome?
        var reason: String?
        func unproven(_ search: ProofNumberSearch) -> String {
            search.exceededDepth ? "a line longer than \(ProofNumberSearch.maximumDepth) moves" : "budget exhausted"
        }
        for assumption in assumptions {
            let search = makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: opensWayOut)
            deciding = (search, assumption)
            refuting = opensWayOut ? nil : search
            guard let winner = search.solve() else {
                reason = unproven(search)
                break
            }
            if winner == player {
                outcome = assumption.outcome
                break
            }
            if opensWayOut {
                let closed = makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: false)
                refuting = closed
                guard let closedWinner = closed.solve() else {
                    reason = unproven(closed)
                    break
                }
                if closedWinner == player {
                    reason = "the answer depends on whether the group can get out of the problem's area"
                    break
                }
            }
            if assumption.outcome == assumptions.last?.outcome { outcome = failure }
        }
        guard let outcome, let (search, assumption) = deciding else {
            return SolverResult(frame: frame, status: .unproven, outcome: nil, correctFirstMoves: [], wrongFirstMoves: [], tree: nil,
                                nodes: budget.nodes, milliseconds: milliseconds(since: started), reason: reason ?? "budget exhausted")
        }
        // A wrong move is one the side to play loses after with the area closed (when the way out is open
        // to prove kills), so that no refutation rests on the way out either.
        let refutation = refuting ?? makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: false)
        return proven(frame, outcome: outcome, reached: outcome != failure, search: search, refutation: refutation, options: options,
                      budget: budget, started: started)
    }

    /// The first try: the goal's unconditional answer searched in the frame narrowed to the defender's
    /// sphere (`ProblemFrame.narrowedToSphere()`), on half the budget. A success there is proven; anything
    /// else (the goal missed, or the budget out) is nil, and the whole area is searched with what is left
    /// of the budget, where ko and seki are told. Wrong first moves come from the whole area, closed.
    ///
    /// Why a success holds:
    /// - To kill (the defender winning every ko), the way out opens at the narrowed edge: the target
    ///   reaching a point next to what the narrowing fills counts as its escape, as at the frame.
    /// - To live (the attacker winning every ko, seki a failure), the narrowing only gives the attacker
    ///   stones it cannot lose on points it could play: every attacker move of the whole area is either in
    ///   the narrowed region or on a filled point, where the defender answers as to a pass, and each
    ///   position so reached has at most the attacker stones of the narrowed one. A group that lives
    ///   unconditionally against more attacker stones lives against fewer.
    ///
    /// Measured on textbook problems with known answers (80 elementary, 50 intermediate, 40 advanced, not
    /// in this repository) at 100,000 nodes: the whole area alone (with `simulatedWin`) proved 44, 7 and 0
    /// with a correct first move; with the first try for kills, 47, 10 and 0; for lives too, 50, 14 and 0.
    /// One elementary kill is proven with a first move the book does not give (it gives the move beside
    /// it); GNU Go's owl agrees that ours kills too. Searching every assumption of a kill in the narrowed
    /// frame instead proved 53 and 16, but reported ko for kills the book gives as unconditional, and one
    /// ko with no correct first move.
    private static func solveInSphere(_ narrowed: ProblemFrame, of frame: ProblemFrame, options: Options, budget: SearchBudget,
                                      started: Date) -> SolverResult? {
        let kills = frame.goal == .kill
        let assumption = Assumption(koMaster: frame.toPlay.opponent, sekiIsFailure: !kills, outcome: kills ? .kill : .live)
        let stage = SearchBudget(nodeLimit: options.nodeLimit.map { $0 / 2 }, seconds: options.seconds.map { $0 / 2 }, started: started)
        let search = makeSearch(narrowed, assumption: assumption, options: options, budget: stage, opensWayOut: kills)
        let winner = search.solve()
        budget.spend(stage.nodes)
        guard winner == frame.toPlay else { return nil }
        let refutation = makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: false)
        return proven(frame, outcome: assumption.outcome, reached: true, search: search, refutation: refutation, options: options,
                      budget: budget, started: started)
    }

    /// The result of a proven problem: its correct first moves (`search` proves the side to play reaches
    /// `outcome` after them, when `reached`), its wrong ones (`refutation` proves the side to play loses
    /// after them) and its tree.
    private static func proven(_ frame: ProblemFrame, outcome: SolverResult.Outcome, reached: Bool, search: ProofNumberSearch,
                               refutation: ProofNumberSearch, options: Options, budget: SearchBudget, started: Date) -> SolverResult {
        let player = frame.toPlay
        var correct: [Point] = []
        var wrong: [Point] = []
        for move in search.legalMoves() {
            guard let cell = move else { continue }
            let point = search.board.point(ofIndex: cell)
            let winner = search.solve(after: cell)
            if reached && winner == player {
                correct.append(point)
            } else if (refutation === search ? winner : refutation.solve(after: cell)) == player.opponent {
                wrong.append(point)
            }
        }
        let tree = options.writesTree
            ? SolutionTree(frame: frame, search: search, refutation: refutation, outcome: outcome, correct: correct, wrong: wrong).tree
            : nil
        return SolverResult(frame: frame, status: .proven, outcome: outcome, correctFirstMoves: correct, wrongFirstMoves: wrong,
                            tree: tree, nodes: budget.nodes, milliseconds: milliseconds(since: started), reason: nil)
    }

    private static func milliseconds(since started: Date) -> Int {
        Int((Date().timeIntervalSince(started) * 1000).rounded())
    }

    private static func makeSearch(_ frame: ProblemFrame, assumption: Assumption, options: Options, budget: SearchBudget,
                                   opensWayOut: Bool) -> ProofNumberSearch {
        let board = SearchBoard(board: frame.searchedBoard, toMove: frame.toPlay, koMaster: assumption.koMaster)
        let size = frame.board.size
        let areaCells = size.points.filter(frame.area.contains).map(board.index(of:))
        var settled = SettledPosition(targetCell: board.index(of: frame.target), defender: frame.defender,
                                      area: SolverArea(cells: areaCells, cellCount: board.cells.count),
                                      sekiIsFailure: assumption.sekiIsFailure)
        if opensWayOut {
            settled.wayOut = SolverArea(cells: frame.edge.map(board.index(of:)), cellCount: board.cells.count)
        }
        // The region's empty points, then the points of the area's stones: a captured stone's point can be
        // played again (a ko is retaken there), so leaving them out lost every ko.
        let stonePoints = frame.board.stones.map(\.point).filter(frame.area.contains).sorted()
        let cells = (frame.region + stonePoints).map(board.index(of:))
        return ProofNumberSearch(board: board, settled: settled, region: cells,
                                 memoryLimit: options.memoryLimit, budget: budget)
    }
}
