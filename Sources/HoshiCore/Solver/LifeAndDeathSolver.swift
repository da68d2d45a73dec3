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
    public static let version = "df-pn-19"

    /// The limits of one problem's search.
    public struct Options: Sendable {
        /// Searched nodes, over all the searches of the problem; nil for no limit.
        public var nodeLimit: Int?
        /// Seconds, over all the searches of the problem; nil for no limit.
        public var seconds: Double?
        /// The memory cap of the problem's transposition tables together, in bytes: two searches are alive
        /// at once (one proves the goal, the other refutes it), and each table takes half. The default,
        /// 2 GiB, leaves room for one solver per core on a 2-core machine with 24 GB, with the rest of a
        /// build beside them.
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
    struct Assumption {
        var koMaster: Stone
        var sekiIsFailure: Bool
        var outcome: SolverResult.Outcome

        /// The assumptions searched for `goal` with `player` to play, in order, and the outcome when every
        /// one fails.
        static func searched(for goal: SolverGoal, by player: Stone) -> (assumptions: [Assumption], failure: SolverResult.Outcome) {
            let opponent = player.opponent
            switch goal {
            case .kill:
                return ([Assumption(koMaster: opponent, sekiIsFailure: false, outcome: .kill),
                         Assumption(koMaster: player, sekiIsFailure: false, outcome: .ko),
                         Assumption(koMaster: opponent, sekiIsFailure: true, outcome: .seki)], .live)
            case .live:
                return ([Assumption(koMaster: opponent, sekiIsFailure: true, outcome: .live),
                         Assumption(koMaster: opponent, sekiIsFailure: false, outcome: .seki),
                         Assumption(koMaster: player, sekiIsFailure: false, outcome: .ko)], .kill)
            }
        }
    }

    public static func solve(_ frame: ProblemFrame, options: Options = Options()) -> SolverResult {
        let started = Date()
        let budget = SearchBudget(nodeLimit: options.nodeLimit, seconds: options.seconds, started: started)
        let regions = EnclosedRegionLife()
        let player = frame.toPlay
        let (assumptions, failure) = Assumption.searched(for: frame.goal, by: player)
        var first = 0
        switch decideNarrowed(frame, assumptions: assumptions, failure: failure, options: options, budget: budget, started: started,
                              regions: regions) {
        case .decided(let result): return result
        case .undecided(let index, _): first = index
        }
        // To kill, each assumption is searched with the way out open (`SettledPosition.wayOut`): a kill
        // proven there holds on the real board. A failure to kill is confirmed with the area closed by the
        // frame alone, which helps the attacker: if the attacker fails even then, it fails on the real
        // board; if it succeeds, the answer depends on what lies outside the problem, and it is unproven.
        // Failed before (a textbook advanced problem, Cho Chikun 141): with the frame alone, a group whose
        // stones came within two lines of the frame was proven dead by cutting it off from the open board,
        // where GNU Go's owl reading lives. To live, the other way round: a life proven with the area
        // closed holds on the real board, and a failure to live is confirmed with the way out open, so
        // that no "kill" or "ko" answered to a problem to live rests on the frame closing the group in.
        let provesWithWayOut = frame.goal == .kill
        var deciding: (search: ProofNumberSearch, assumption: Assumption)?
        var refuting: ProofNumberSearch?
        var outcome: SolverResult.Outcome?
        var reason: String?
        func unproven(_ search: ProofNumberSearch) -> String {
            search.exceededDepth ? "a line longer than \(ProofNumberSearch.maximumDepth) moves" : "budget exhausted"
        }
        for assumption in assumptions[first...] {
            let search = makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: provesWithWayOut,
                                    regions: regions)
            deciding = (search, assumption)
            refuting = nil
            guard let winner = search.solve() else {
                reason = unproven(search)
                break
            }
            if winner == player {
                outcome = assumption.outcome
                break
            }
            let confirming = makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: !provesWithWayOut,
                                        regions: regions)
            refuting = confirming
            guard let confirmed = confirming.solve() else {
                reason = unproven(confirming)
                break
            }
            if confirmed == player {
                reason = "the answer depends on whether the group can get out of the problem's area"
                break
            }
            if assumption.outcome == assumptions.last?.outcome { outcome = failure }
        }
        guard let outcome, let (search, assumption) = deciding else {
            return SolverResult(frame: frame, status: .unproven, outcome: nil, correctFirstMoves: [], wrongFirstMoves: [], tree: nil,
                                nodes: budget.nodes, milliseconds: milliseconds(since: started), reason: reason ?? "budget exhausted")
        }
        // A wrong move is one the side to play loses after in the other frame (the area closed to kill, the
        // way out open to live), so that no refutation rests on the frame either.
        let refutation = refuting ?? makeSearch(frame, assumption: assumption, options: options, budget: budget,
                                                opensWayOut: !provesWithWayOut, regions: regions)
        return proven(frame, outcome: outcome, reached: outcome != failure, search: search, refutation: refutation, options: options,
                      budget: budget, started: started) { threats in
            makeSearch(frame, assumption: assumption, options: options, budget: budget, opensWayOut: provesWithWayOut, regions: regions,
                       koThreats: threats)
        }
    }

    /// What the first try in the narrowed frame settles: the whole answer, or the assumption the whole area
    /// must take up from (those before it failed in the sphere).
    private enum SphereVerdict {
        case decided(SolverResult)
        /// `boundsDisagree`: the two frames answered the assumption at `from` and disagree (the goal is
        /// missed with the frame that would prove it, reached with the one that would refute it), rather
        /// than the budget running out.
        case undecided(from: Int, boundsDisagree: Bool)
    }

    /// How many lines the sphere is widened by (`DefenderSphere`) for a second try when the sphere's two
    /// bounds disagree, before the whole area.
    ///
    /// Why: the answer then turns on points just beyond the sphere (a hane on the first line beside the
    /// filled points, the attacker's answer one line out), and the whole area, where the defender has
    /// room far from the fight, is often too large to read. Measured on two samples of textbook problems
    /// with known answers (81 and 82 elementary, 51 and 51 intermediate, not in this repository), proven
    /// with a correct first move at 100,000 nodes: 56 and 18, 58 and 12 without this try; 56 and 19, 59
    /// and 13 with it; at 1,000,000 nodes on the first sample 68 and 26, then 68 and 27. No other answer
    /// changed. As the only narrowing, the widened sphere proved far fewer (47 and 13 on the first sample
    /// at 100,000 nodes).
    static let widenedSphereSlack = 1

    /// The tries before the whole area: to live, a first try at the life alone in the tightened sphere
    /// (`tightenedSphereSlack`); the sphere (`ProblemFrame.narrowedToSphere()`), and when its two
    /// bounds disagree, the sphere widened by `widenedSphereSlack`, from the assumption the sphere left
    /// undecided (those before it were refuted there, which holds for the whole area). The two share
    /// `sphereShare` of the budget; the sphere rarely spends much before its bounds disagree.
    private static func decideNarrowed(_ frame: ProblemFrame, assumptions: [Assumption], failure: SolverResult.Outcome,
                                       options: Options, budget: SearchBudget, started: Date,
                                       regions: EnclosedRegionLife) -> SphereVerdict {
        guard let narrowed = frame.narrowedToSphere() else { return .undecided(from: 0, boundsDisagree: false) }
        func stage(share: Double = sphereShare) -> SearchBudget {
            SearchBudget(nodeLimit: options.nodeLimit.map { Int(Double($0) * share) - budget.nodes },
                         seconds: options.seconds.map { $0 * share }, started: started)
        }
        if frame.goal == .live, let tightened = frame.narrowedToSphere(slack: tightenedSphereSlack),
           tightened.region.count < narrowed.region.count, let assumption = assumptions.first {
            let tightenedStage = stage(share: tightenedSphereShare)
            let proving = makeSearch(tightened, assumption: assumption, options: options, budget: tightenedStage, opensWayOut: false,
                                     regions: regions)
            let reached = proving.solve()
            budget.spend(tightenedStage.nodes)
            if reached == frame.toPlay {
                proving.budget = budget
                let refutation = makeSearch(narrowed, assumption: assumption, options: options, budget: budget, opensWayOut: true,
                                            regions: regions)
                // A first move the tightened sphere does not prove may live in the sphere, closed.
                let alsoProving = makeSearch(narrowed, assumption: assumption, options: options, budget: budget, opensWayOut: false,
                                             regions: regions)
                return .decided(proven(frame, outcome: assumption.outcome, reached: true, search: proving, refutation: refutation,
                                       alsoProving: alsoProving, options: options, budget: budget, started: started) { threats in
                    makeSearch(tightened, assumption: assumption, options: options, budget: budget, opensWayOut: false, regions: regions,
                               koThreats: threats)
                })
            }
        }
        let verdict = decideInSphere(narrowed, of: frame, assumptions: assumptions, from: 0, failure: failure, options: options,
                                     stage: stage(), budget: budget, started: started, regions: regions)
        guard case .undecided(let index, boundsDisagree: true) = verdict,
              let widened = frame.narrowedToSphere(slack: widenedSphereSlack), widened.region.count > narrowed.region.count else {
            return verdict
        }
        let widenedStage = stage()
        if let limit = widenedStage.nodeLimit, limit <= 0 { return verdict }
        return decideInSphere(widened, of: frame, assumptions: assumptions, from: index, failure: failure, options: options,
                              stage: widenedStage, budget: budget, started: started, regions: regions)
    }

    /// How many lines the sphere is tightened by for a first try at a life (`decideNarrowed`): the points
    /// nearer the defender's stones than the attacker's by at least a line, and the points next to them.
    ///
    /// Why only to prove a life: a life proven with the area closed holds in any narrowing (the narrowing
    /// only gives the attacker stones it cannot lose on points it could play; see `decideInSphere`),
    /// however tight. A kill, or a refuted life, rests on the assumption the narrowed frames make (the
    /// defender gains nothing outside what is in play, and the attacker's stones next to the filled points
    /// are joined to the frame), which weighs more the tighter the sphere: as the only narrowing, it
    /// proved more kills and kos, but one (Cho Chikun elementary 188) with a first move GNU Go's owl
    /// refutes.
    static let tightenedSphereSlack = -1

    /// The share of a problem's budget the tightened try at a life may spend; the sphere's tries get the
    /// rest of `sphereShare`. Measured on the two samples of `widenedSphereSlack` at 100,000 nodes (proven
    /// with a correct first move, elementary and intermediate): a tenth 59 and 19, 61 and 13; a quarter 60
    /// and 19, 60 and 14 (before the two searches' moves were classified together); a half 61 and 19, 61
    /// and 14, against 56 and 19, 59 and 13 without the try. At the default 10 seconds a half gains nothing
    /// on sample A (68 elementary, as without the try) and loses one intermediate problem (28 against 29)
    /// that the search without the try proved near the end of its 10 seconds.
    static let tightenedSphereShare = 0.5

    /// The share of a problem's budget the tries in the sphere (`decideNarrowed`) may spend together; the
    /// whole area gets what is left.
    ///
    /// Why most of it: the sphere settles most problems it can settle at all, and a proof there costs far
    /// fewer nodes than in the whole area, where the defender has room to play far from the fight. A ko
    /// (Cho Chikun intermediate 273, 17 points in the sphere against 34 in the area) was proven there at
    /// 3,600,000 nodes, 680,000 of them refuting the unconditional kill first.
    ///
    /// Measured on textbook problems with known answers (79 elementary, 50 intermediate, 40 advanced, not
    /// in this repository), proven with a correct first move:
    /// - at 100,000 nodes: a half 60, 17 and 2; three quarters 61, 19 and 3; 0.9 62, 19 and 3;
    /// - at 1,000,000 nodes: a half 70, 26 and 4; 0.8 71, 26 and 5; 0.9 71, 26 and 5, with twice 0.8's
    ///   median time on the intermediate ones.
    /// No problem proven with a half was lost, and none was proven wrong (Cho Chikun advanced 141 kills
    /// another block than the book's, as it did with a half).
    static let sphereShare = 0.8

    /// A try in a narrowed frame (the sphere, or the widened sphere): each assumption in turn from `start`,
    /// in `narrowed`, on the `stage` budget, searched in the two frames
    /// that bound the whole area's answer from either side. A goal proven settles the problem; a goal
    /// refuted moves on to the next assumption, and the last one refuted settles the failure. An assumption
    /// neither proven nor refuted (or the budget out) leaves the rest to the next try, from that
    /// assumption on, with what is left of the budget. Wrong first moves are those the refuting frame
    /// proves lost, so they rest on a bound as well.
    ///
    /// Why a goal proven in the sphere holds:
    /// - To kill, the way out opens at the narrowed edge: the target reaching a point next to what the
    ///   narrowing fills counts as its escape, as at the frame, and the filled points next to what is in
    ///   play are empty (`ProblemFrame.margin`), so that no stone in play lacks a liberty it has on the
    ///   real board.
    /// - To live, the area stays closed, and the narrowing only gives the attacker stones it cannot lose on
    ///   points it could play: every attacker move of the whole area is either in the narrowed region or on
    ///   a filled point, where the defender answers as to a pass, and each position so reached has at most
    ///   the attacker stones of the narrowed one. A group that lives against more attacker stones lives
    ///   against fewer.
    ///
    /// Why a goal refuted in the sphere is refuted: the refuting frame is the other one. To kill, closed: by
    /// the argument just above, a group that lives against the narrowing's stones lives in the whole area,
    /// closed, where the whole area's failures to kill are confirmed too. To live, with the way out open: a
    /// group that dies even though reaching the narrowed edge would count as its escape dies in the whole
    /// area, closed. `NarrowedFrameRefutationTests` checks this against searches of the whole area.
    ///
    /// Why: in an open problem the whole area gives both sides room far from the fight, and a failure must
    /// be read out against every move there, where the sphere has a handful of points. Measured on
    /// textbook problems with known answers (79 elementary, 50 intermediate, 40 advanced, not in this
    /// repository) at 1,000,000 nodes: with only the goal's unconditional answer tried in the sphere, 55, 17
    /// and 1 proven with a correct first move; with both bounds for every assumption, 65, 24 and 1 (at
    /// 100,000 nodes: 47, 14 and 1 before, 56, 18 and 1 after). One intermediate life proven before was
    /// not then: its refutation in the sphere spent the half of the budget (the share then) the whole area
    /// needed. An earlier try that took a goal missed in the proving frame as refuted proved more but
    /// reported ko for kills that are unconditional: missing a kill with the way out open says nothing
    /// about the closed area.
    private static func decideInSphere(_ narrowed: ProblemFrame, of frame: ProblemFrame, assumptions: [Assumption], from start: Int,
                                       failure: SolverResult.Outcome, options: Options, stage: SearchBudget, budget: SearchBudget,
                                       started: Date, regions: EnclosedRegionLife) -> SphereVerdict {
        let player = frame.toPlay
        let kills = frame.goal == .kill
        // A decided problem's first moves are told apart on the problem's budget, not the stage's spent one.
        func decided(_ outcome: SolverResult.Outcome, reached: Bool, search: ProofNumberSearch,
                     refutation: ProofNumberSearch, assumption: Assumption) -> SphereVerdict {
            budget.spend(stage.nodes)
            search.budget = budget
            refutation.budget = budget
            return .decided(proven(frame, outcome: outcome, reached: reached, search: search, refutation: refutation, options: options,
                                   budget: budget, started: started) { threats in
                makeSearch(narrowed, assumption: assumption, options: options, budget: budget, opensWayOut: kills, regions: regions,
                           koThreats: threats)
            })
        }
        var undecided = start
        var boundsDisagree = false
        for (index, assumption) in assumptions.enumerated() where index >= start {
            undecided = index
            let proving = makeSearch(narrowed, assumption: assumption, options: options, budget: stage, opensWayOut: kills,
                                     regions: regions)
            let refuting = makeSearch(narrowed, assumption: assumption, options: options, budget: stage, opensWayOut: !kills,
                                      regions: regions)
            let reached = proving.solve()
            if reached == player { return decided(assumption.outcome, reached: true, search: proving, refutation: refuting, assumption: assumption) }
            guard reached != nil else { break }
            let refuted = refuting.solve()
            guard refuted == player.opponent else {
                boundsDisagree = refuted == player
                break
            }
            if index == assumptions.count - 1 { return decided(failure, reached: false, search: refuting, refutation: refuting, assumption: assumption) }
        }
        budget.spend(stage.nodes)
        return .undecided(from: undecided, boundsDisagree: boundsDisagree)
    }

    /// The result of a proven problem: its correct first moves (`search` proves the side to play reaches
    /// `outcome` after them, when `reached`), its wrong ones (`refutation` proves the side to play loses
    /// after them) and its tree. A ko's correct moves are ranked by the ko threats they need
    /// (`rankedByKoThreats`), with `threatSearch` making the deciding search with threats counted.
    private static func proven(_ frame: ProblemFrame, outcome: SolverResult.Outcome, reached: Bool, search: ProofNumberSearch,
                               refutation: ProofNumberSearch, alsoProving: ProofNumberSearch? = nil, options: Options,
                               budget: SearchBudget, started: Date, threatSearch: (KoThreats) -> ProofNumberSearch) -> SolverResult {
        let player = frame.toPlay
        var correct: [Point] = []
        var wrong: [Point] = []
        // The moves of both searches: a life proven in the tightened sphere (`decideNarrowed`) is refuted
        // in a larger frame, whose moves a reader may try too.
        var moves = search.legalMoves()
        if refutation !== search {
            let tried = Set(moves.compactMap { $0 })
            moves += refutation.legalMoves().filter { $0.map { !tried.contains($0) } ?? false }
        }
        // Every move in `search` first, so that a move `alsoProving` cannot decide does not spend the budget
        // the others need.
        let cells = moves.compactMap { $0 }
        let share = max(minimumFirstMoveNodes, firstMoveWorkFactor * budget.nodes)
        let proving = FirstMoveClassifier(search: search, share: share, budget: budget)
        var winners = cells.map { proving.winner(after: $0) }
        // A goal reached always has a first move to show: the proof's own is in the table, but a proof that
        // rested on its line was not kept, and its move may cost more than the share to prove again.
        if reached, !winners.contains(player) {
            for index in winners.indices where winners[index] == nil {
                winners[index] = search.solve(after: cells[index])
                if winners[index] == player || budget.isExhausted { break }
            }
        }
        let alsoChecking = alsoProving.map { FirstMoveClassifier(search: $0, share: share, budget: budget) }
        let refuting = refutation === search ? proving : FirstMoveClassifier(search: refutation, share: share, budget: budget)
        for (cell, first) in zip(cells, winners) {
            let point = search.board.point(ofIndex: cell)
            var winner = first
            if reached, winner != player, let alsoChecking { winner = alsoChecking.winner(after: cell) }
            if reached && winner == player {
                correct.append(point)
            } else if (refutation === search ? winner : refuting.winner(after: cell)) == player.opponent {
                wrong.append(point)
            }
        }
        if frame.goal == .kill && reached && (outcome == .kill || outcome == .ko) && !frame.groupBlocks.isEmpty {
            correct = correct.filter { takesWholeGroup(frame, after: $0, search: search, options: options, budget: budget) }
            if correct.isEmpty {
                return SolverResult(frame: frame, status: .unproven, outcome: nil, correctFirstMoves: [], wrongFirstMoves: [], tree: nil,
                                    nodes: budget.nodes, milliseconds: milliseconds(since: started),
                                    reason: "no first move was proven to kill the whole group, only its block at "
                                        + GTPVertex.format(frame.target, size: frame.board.size.columns))
            }
        }
        // The goal is proven but neither a move nor a pass (a seki kept by leaving it alone) could be shown
        // to reach it: the budget ran out while the moves were told apart, where the proof rested on the
        // line and was not kept. An answer a reader cannot play is no answer. Seen on a textbook ko at
        // 1,000,000 nodes before the stage's searches took the problem's budget for this.
        if reached && correct.isEmpty && search.solve(after: nil) != player {
            return SolverResult(frame: frame, status: .unproven, outcome: nil, correctFirstMoves: [], wrongFirstMoves: [], tree: nil,
                                nodes: budget.nodes, milliseconds: milliseconds(since: started),
                                reason: "budget exhausted before a first move was proven")
        }
        var koFight: SolverResult.KoFight?
        if outcome == .ko && reached && !correct.isEmpty {
            (correct, koFight) = rankedByKoThreats(correct, for: player, on: search.board, threatSearch: threatSearch)
        }
        let tree = options.writesTree
            ? SolutionTree(frame: frame, search: search, alsoProving: alsoProving, refutation: refutation, outcome: outcome, correct: correct, wrong: wrong).tree
            : nil
        return SolverResult(frame: frame, status: .proven, outcome: outcome, correctFirstMoves: correct, wrongFirstMoves: wrong,
                            tree: tree, nodes: budget.nodes, milliseconds: milliseconds(since: started), reason: nil, koFight: koFight)
    }

    /// The share of one first move's classification (`FirstMoveClassifier`), in each of the searches
    /// that decide it: this many times the nodes the problem's proof took, and at least
    /// `minimumFirstMoveNodes`.
    ///
    /// Why: measured on 61 elementary textbook problems (Cho Chikun's encyclopedia, not in this
    /// repository) at 10 s, one problem at a time on a quiet machine. Without a share, the proofs took a
    /// median of 16 ms and the problems 50 ms (17,681 nodes): the first moves took the rest, and three
    /// problems proven in 12 to 119 ms ran for 10 s (one of them takes 0.4 s with the share). With a
    /// share of 2, 4 or 8 times the proof (at least 2,000 nodes) the median problem took 10,653 nodes
    /// (37 to 49 ms, within the machine's noise), the 53 proven problems 13.3, 15.8 and 17.2 million
    /// nodes in all against 18.5, and they listed 328, 356 and 374 wrong first moves against 373, with
    /// no correct first move lost. A floor of 4,000 nodes kept the median at 17,681. So 8 and 2,000: the
    /// lists as full as before, the median problem 40% cheaper. On 44 intermediate problems of the same
    /// book, 8 left the problems proven as they were, and one of their 35 correct first moves unlisted.
    static let firstMoveWorkFactor = 8
    static let minimumFirstMoveNodes = 2_000

    /// Whether the kill `search` proves after `move` takes every other block of the target's group
    /// (`ProblemFrame.groupBlocks`) as well: the same search, in the same frame and under the same ko
    /// assumption, with each block as the target. A block the budget leaves undecided counts as not taken:
    /// a move is called correct only when proven.
    private static func takesWholeGroup(_ frame: ProblemFrame, after move: Point, search: ProofNumberSearch, options: Options,
                                        budget: SearchBudget) -> Bool {
        let attacker = frame.toPlay
        return frame.groupBlocks.allSatisfy { block in
            var settled = search.settled
            settled.targetCell = search.board.index(of: block)
            let check = ProofNumberSearch(board: SearchBoard(copying: search.board), settled: settled, region: search.region,
                                          margin: search.margin, memoryLimit: options.memoryLimit / 4, budget: budget)
            return check.solve(after: check.board.index(of: move)) == attacker
        }
    }

    /// A ko's correct first moves (proven with `player` winning every ko) narrowed to those that need the
    /// fewest threats of `player`'s own (up to 2), with the other side holding none; with the most threats
    /// the other side may hold (up to 2) and still lose after every one of them. The moves and no fight
    /// are returned as they came when no count wins, or when the budget ends a count before every move is
    /// decided: a move is never dropped for want of budget. Moves dropped are kos too, just worse ones, so
    /// they are neither correct nor wrong.
    ///
    /// The other side's threats describe the ko and drop no move. Narrowing by them too was tried: it
    /// dropped the book's move on two textbook problems (Cho Chikun elementary 342, intermediate 494),
    /// where the group at stake inferred from the position is one block of several, and another move
    /// makes a better ko against that block alone.
    ///
    /// Why: "the side to play wins every ko" finds every first move that leads to some ko, where a book
    /// gives the ko worth playing. Measured on textbook problems with known answers (79 elementary, 50
    /// intermediate, 40 advanced, not in this repository) at 100,000 nodes: of the 16 kos proven, 5 listed
    /// no first move the book does not before the ranking, 9 after, and every one still lists a book
    /// move; at 10 s, Cho Chikun intermediate 664's seven moves to a ko became five, the book's two among
    /// them. The problems proven stayed the same, with a tenth more nodes.
    private static func rankedByKoThreats(_ correct: [Point], for player: Stone, on board: SearchBoard,
                                          threatSearch: (KoThreats) -> ProofNumberSearch) -> ([Point], SolverResult.KoFight?) {
        /// The moves that win with these threats, or nil when the budget left one undecided.
        func winning(_ moves: [Point], own: Int, opponents: Int) -> [Point]? {
            var threats = KoThreats(black: 0, white: 0)
            threats[player] = own
            threats[player.opponent] = opponents
            let search = threatSearch(threats)
            var winners: [Point] = []
            for move in moves {
                guard let winner = search.solve(after: board.index(of: move)) else { return nil }
                if winner == player { winners.append(move) }
            }
            return winners
        }
        for own in 0...2 {
            guard let fewest = winning(correct, own: own, opponents: 0) else { return (correct, nil) }
            guard !fewest.isEmpty else { continue }
            var beaten = 0
            for opponents in 1...2 {
                guard winning(fewest, own: own, opponents: opponents) == fewest else { break }
                beaten = opponents
            }
            return (fewest, SolverResult.KoFight(threatsNeeded: own, opponentThreatsBeaten: beaten))
        }
        return (correct, nil)
    }

    private static func milliseconds(since started: Date) -> Int {
        Int((Date().timeIntervalSince(started) * 1000).rounded())
    }

    /// `regions`: the problem's enclosed-region verdicts, shared by its searches (they run one after
    /// another on one thread), so that each local game is read once per problem. `koThreats` counts the
    /// kos each side may retake, in place of the assumption's ko master.
    private static func makeSearch(_ frame: ProblemFrame, assumption: Assumption, options: Options, budget: SearchBudget,
                                   opensWayOut: Bool, regions: EnclosedRegionLife, koThreats: KoThreats? = nil) -> ProofNumberSearch {
        let board = SearchBoard(board: opensWayOut ? frame.openSearchedBoard : frame.searchedBoard, toMove: frame.toPlay,
                                koThreats: koThreats ?? .master(assumption.koMaster))
        let size = frame.board.size
        let areaCells = size.points.filter(frame.area.contains).map(board.index(of:))
        var settled = SettledPosition(targetCell: board.index(of: frame.target), defender: frame.defender,
                                      area: SolverArea(cells: areaCells, cellCount: board.cells.count),
                                      sekiIsFailure: assumption.sekiIsFailure)
        settled.enclosedRegions = regions
        if opensWayOut {
            // The first-line rule of `WayOut` serves kills only. Refuting a life, every edge point stays a way
            // out: with the rule (then closing points under stones played in the search too), a textbook
            // life (Cho Chikun, advanced 1, Black to live at E17, where GNU Go's owl finds no kill after
            // E17) was "proven" dead at 8,000,000 nodes.
            settled.wayOut = frame.goal == .kill ? WayOut(frame: frame, on: board) : WayOut(edge: frame.edge, on: board) { _ in false }
        }
        // The region's empty points, then the points of the area's stones: a captured stone's point can be
        // played again (a ko is retaken there), so leaving them out lost every ko.
        let stonePoints = frame.board.stones.map(\.point).filter(frame.area.contains).sorted()
        let cells = (frame.region + stonePoints).map(board.index(of:))
        let margin = opensWayOut ? frame.margin.map(board.index(of:)) : []
        return ProofNumberSearch(board: board, settled: settled, region: cells, margin: margin,
                                 memoryLimit: options.memoryLimit / 2, budget: budget)
    }
}
