import Dispatch

/// What a search found: the root's moves with their statistics, most visited first.
public struct SearchResult: Sendable {
    /// One candidate move at the root.
    public struct Candidate: Sendable {
        /// Nil for a pass.
        public var point: Point?
        public var visits: Int
        /// Win rate (0...1) for the player to move, from the real simulations.
        public var winRate: Double
        /// The prior's win rate share, as a probability-like number (0...1) for analysis output.
        public var prior: Double
        /// The most visited continuation after this move (first tree only).
        public var principalVariation: [Point?]
    }

    public var candidates: [Candidate]
    /// Simulations run, over all threads.
    public var playouts: Int
    public var seconds: Double

    /// The most visited move; nil when the root has no move at all (only when a search that may not pass
    /// finds no legal move that fills no own eye).
    public var best: Candidate? { candidates.first }
}

/// Monte Carlo tree search with RAVE from one position: descend by urgency, play out, update, repeated
/// (`SearchWorker.simulate`). Threads search independent trees from different seeds (root parallelism)
/// and the root statistics are summed; with one thread and a seed the result is reproducible.
///
/// Every search grows a new tree. Keeping the last move's subtree under the two moves since, its
/// simulations counted in the budget as Pachi counts them (side branch exp-reuse), saved about a fifth
/// of the playouts of a game against Pachi, but was no stronger at 5,000 playouts a move: 55 of 200
/// against Pachi where this search won 52, and 168 of 200 against GNU Go level 10 where it won 175
/// (README, runs 28 and 29). Under a clock it is: 396 of 639 in self-play at 0.1 s a move.
public enum MonteCarloSearch {
    /// Searches `board`'s position for its player to move.
    ///
    /// - Parameters:
    ///   - history: hashes of every earlier position of the game, for positional superko in the tree.
    ///   - seconds: a time limit besides the playout budget, or nil for playouts only.
    ///   - shouldStop: polled between batches of simulations (analysis ends when a command arrives).
    ///   - rootMayPass: false leaves pass out of the root's moves (deeper in the tree it stays): the cleanup
    ///     phase must play on while dead stones remain, and its playouts would capture them anyway, so a
    ///     pass would look as good as the capture.
    static func search(_ board: PlayoutBoard, komi: Double, history: Set<UInt64>, parameters: EngineParameters,
                       playouts: Int, seconds: Double?, shouldStop: (@Sendable () -> Bool)? = nil,
                       rootMayPass: Bool = true) -> SearchResult {
        let start = ContinuousClock.now
        let threads = max(1, parameters.threads)
        let shared = SharedRoot(board: board)
        let collected = ResultCollector(count: threads)
        let work: @Sendable (Int) -> Void = { thread in
            var threadParameters = parameters
            threadParameters.seed = parameters.seed &+ UInt64(thread)
            let worker = SearchWorker(root: shared.board, komi: komi, history: history, parameters: threadParameters,
                                      rootMayPass: rootMayPass)
            let budget = playouts / threads + (thread < playouts % threads ? 1 : 0)
            worker.run(playouts: budget, deadline: seconds.map { start + .seconds($0) }, shouldStop: shouldStop)
            collected.store(worker.rootSummary(), at: thread)
        }
        if threads == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: work) }
        return collected.merged(board: board, seconds: secondsSince(start))
    }

    /// Searches one tree (one thread) until `shouldStop` returns true (at least one interval), calling `report` with the root's
    /// statistics every `interval` seconds; the tree keeps growing between reports.
    static func analyze(_ board: PlayoutBoard, komi: Double, history: Set<UInt64>, parameters: EngineParameters,
                        interval: Double, shouldStop: @escaping @Sendable () -> Bool, report: (SearchResult) -> Void) {
        let start = ContinuousClock.now
        let worker = SearchWorker(root: board, komi: komi, history: history, parameters: parameters)
        repeat {
            worker.run(playouts: parameters.maximumPlayouts, deadline: .now + .seconds(max(0.01, interval)), shouldStop: shouldStop)
            let collected = ResultCollector(count: 1)
            collected.store(worker.rootSummary(), at: 0)
            report(collected.merged(board: board, seconds: secondsSince(start)))
        } while !shouldStop() && worker.playoutCount < parameters.maximumPlayouts
    }

    private static func secondsSince(_ start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}

/// The root position shared read-only by the search threads, each of which copies it into its own board
/// before any thread plays a move.
private final class SharedRoot: @unchecked Sendable {
    let board: PlayoutBoard
    init(board: PlayoutBoard) { self.board = board }
}

/// One thread's root statistics per move.
struct RootSummary: Sendable {
    struct Entry: Sendable {
        var move: Int
        var visits: Float
        var wins: Float
        var priorVisits: Float
        var priorWins: Float
        var principalVariation: [Int]
    }
    var entries: [Entry]
    var playouts: Int
}

/// Collects each thread's summary under a lock and sums them by move.
private final class ResultCollector: @unchecked Sendable {
    private var summaries: [RootSummary?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { summaries = Array(repeating: nil, count: count) }

    func store(_ summary: RootSummary, at index: Int) {
        lock.wait()
        summaries[index] = summary
        lock.signal()
    }

    func merged(board: PlayoutBoard, seconds: Double) -> SearchResult {
        var byMove: [Int: RootSummary.Entry] = [:]
        var order: [Int] = []
        var playouts = 0
        for summary in summaries.compactMap({ $0 }) {
            playouts += summary.playouts
            for entry in summary.entries {
                if var existing = byMove[entry.move] {
                    existing.visits += entry.visits
                    existing.wins += entry.wins
                    byMove[entry.move] = existing
                } else {
                    byMove[entry.move] = entry
                    order.append(entry.move)
                }
            }
        }
        let point = { (move: Int) -> Point? in move == PlayoutBoard.pass ? nil : board.point(ofIndex: move) }
        var candidates = order.compactMap { byMove[$0] }.map { entry in
            SearchResult.Candidate(point: point(entry.move), visits: Int(entry.visits),
                                   winRate: entry.visits > 0 ? Double(entry.wins / entry.visits) : 0.5,
                                   prior: entry.priorVisits > 0 ? Double(entry.priorWins / entry.priorVisits) : 0,
                                   principalVariation: entry.principalVariation.map(point))
        }
        // Most visited first; ties keep the tree's order, so the result is deterministic.
        candidates = candidates.enumerated().sorted {
            $0.element.visits != $1.element.visits ? $0.element.visits > $1.element.visits : $0.offset < $1.offset
        }.map(\.element)
        return SearchResult(candidates: candidates, playouts: playouts, seconds: seconds)
    }
}

/// One thread's search: its tree, boards, policy and random generator.
final class SearchWorker {
    private let parameters: EngineParameters
    private let komi: Double
    private let history: Set<UInt64>
    private let root: PlayoutBoard
    private let board: PlayoutBoard
    private let policy: PlayoutPolicy
    private let priors: MovePriors
    private var random: SplitMix64
    private var nodes: [SearchNode] = []
    private var path: [Int] = []
    private var pathHashes: [UInt64] = []
    /// The legal moves of the node being expanded and their shape weights (kept to reuse its storage).
    private var candidates: [(index: Int, weight: Float)] = []
    private let firstColours: UnsafeMutablePointer<UInt8>
    private var playouts = 0
    /// Simulations run so far.
    var playoutCount: Int { playouts }
    private let equivalence: Float
    /// Whether the root gets a pass child (`MonteCarloSearch.search`'s `rootMayPass`).
    private let rootMayPass: Bool

    init(root: PlayoutBoard, komi: Double, history: Set<UInt64>, parameters: EngineParameters, rootMayPass: Bool = true) {
        self.parameters = parameters
        self.rootMayPass = rootMayPass
        self.komi = komi
        self.history = history
        self.root = root.copy()
        board = root.copy()
        policy = PlayoutPolicy(parameters: parameters)
        priors = MovePriors(parameters: parameters)
        random = SplitMix64(seed: parameters.seed)
        equivalence = Float(parameters.raveEquivalence)
        firstColours = .allocate(capacity: root.cellCount)
        nodes.reserveCapacity(1024)
        nodes.append(SearchNode(move: -1, mover: root.toMove.opponent, priorVisits: 0, priorWins: 0))
    }

    deinit {
        firstColours.deallocate()
    }

    /// Runs simulations until the budget, the deadline or `shouldStop` ends the search.
    func run(playouts budget: Int, deadline: ContinuousClock.Instant?, shouldStop: (@Sendable () -> Bool)?) {
        while playouts < budget {
            simulate()
            if playouts & 31 == 0 {
                if let deadline, ContinuousClock.now >= deadline { break }
                if let shouldStop, shouldStop() { break }
            }
        }
    }

    /// One simulation: descend the tree by urgency (expanding leaves with enough visits), play out from the
    /// leaf, and update the path's statistics and its siblings' RAVE statistics.
    func simulate() {
        while !descend() {}
        let blackWins: Bool
        if board.passes >= 2 {
            blackWins = Double(board.areaDifference()) - komi > 0
        } else {
            blackWins = Double(policy.playOut(board, random: &random, firstColours: firstColours)) - komi > 0
        }
        update(blackWins: blackWins)
        playouts += 1
    }

    /// Walks from the root to a leaf, playing the moves on `board`. Returns false when a move turned out
    /// to repeat a position (it is marked illegal and the caller descends again).
    private func descend() -> Bool {
        board.assign(from: root)
        firstColours.initialize(repeating: 0, count: board.cellCount)
        path.removeAll(keepingCapacity: true)
        pathHashes.removeAll(keepingCapacity: true)
        var node = 0
        path.append(node)
        while board.passes < 2 {
            if !nodes[node].isExpanded {
                guard node == 0 || nodes[node].visits >= Float(parameters.expansionVisits) else { break }
                expand(node)
            }
            guard let child = selectChild(of: node) else { break }
            let move = Int(nodes[child].move)
            let stone = board.toMove
            board.play(move, stone)
            if move != PlayoutBoard.pass {
                if history.contains(board.hash) || pathHashes.contains(board.hash) {
                    nodes[child].isIllegal = true
                    return false
                }
                pathHashes.append(board.hash)
                if firstColours[move] == 0 { firstColours[move] = stone.rawValue }
            }
            path.append(child)
            node = child
        }
        return true
    }

    /// Creates the children of `node` (whose position is on `board`): every legal move that fills no own
    /// eye, with its priors, and a pass (except at a root that may not pass).
    private func expand(_ node: Int) {
        let stone = board.toMove
        let first = nodes.count
        candidates.removeAll(keepingCapacity: true)
        var weightSum: Float = 0
        for slot in 0..<board.emptyCount {
            let index = Int(board.emptyPoints[slot])
            guard board.isLegal(index, stone), !board.isOwnEye(index, stone) else { continue }
            let weight = priors.shapeWeight(of: index, for: stone, on: board)
            candidates.append((index, weight))
            weightSum += weight
        }
        for (index, weight) in candidates {
            let prior = priors.prior(of: index, for: stone, on: board, policy: policy, shapeShare: Double(weight / weightSum))
            nodes.append(SearchNode(move: index, mover: stone, priorVisits: prior.visits, priorWins: prior.wins))
        }
        // Children in board order, whatever the order of the empty-point list, so that trees (and ties)
        // do not depend on the history of captures.
        nodes[first...].sort { $0.move < $1.move }
        if node != 0 || rootMayPass {
            let pass = priors.passPrior
            nodes.append(SearchNode(move: PlayoutBoard.pass, mover: stone, priorVisits: pass.visits, priorWins: pass.wins))
        }
        nodes[node].firstChild = Int32(first)
        nodes[node].childCount = Int32(nodes.count - first)
    }

    /// The legal child with the highest urgency (the first of equals), nil when every child is illegal.
    private func selectChild(of node: Int) -> Int? {
        var best: Int?
        var bestUrgency = -Float.infinity
        for child in nodes[node].children where !nodes[child].isIllegal {
            let urgency = nodes[child].urgency(equivalence: equivalence)
            if urgency > bestUrgency {
                bestUrgency = urgency
                best = child
            }
        }
        return best
    }

    /// Adds the result to every node on the path, and to the RAVE statistics of each path node's children
    /// whose move their colour played first later in the simulation.
    ///
    /// Every such move counts once. Pachi's `distance_rave` (moves played early in the simulation counting
    /// up to three times, and only moves played at or after the node; side branch exp-distrave) won 85 of
    /// 186 in self-play against this at 1,000 playouts (45.7%) and 5 of the first 29 against Pachi at
    /// 5,000 (17.2%): not kept (README, run 25).
    private func update(blackWins: Bool) {
        for node in path {
            let moverWins = (nodes[node].mover == .black) == blackWins
            nodes[node].visits += 1
            if moverWins { nodes[node].wins += 1 }
            guard nodes[node].isExpanded else { continue }
            for child in nodes[node].children {
                let move = Int(nodes[child].move)
                guard move != PlayoutBoard.pass, firstColours[move] == nodes[child].mover.rawValue else { continue }
                nodes[child].raveVisits += 1
                if (nodes[child].mover == .black) == blackWins { nodes[child].raveWins += 1 }
            }
        }
    }

    /// The root's children with their statistics and principal variations.
    func rootSummary() -> RootSummary {
        let entries = nodes[0].isExpanded ? nodes[0].children.filter { !nodes[$0].isIllegal }.map { child in
            RootSummary.Entry(move: Int(nodes[child].move), visits: nodes[child].visits, wins: nodes[child].wins,
                              priorVisits: nodes[child].priorVisits, priorWins: nodes[child].priorWins,
                              principalVariation: principalVariation(from: child))
        } : []
        return RootSummary(entries: entries, playouts: playouts)
    }

    /// The moves from `node` following the most visited child, up to 10.
    private func principalVariation(from node: Int) -> [Int] {
        var moves = [Int(nodes[node].move)]
        var current = node
        while moves.count < 10, nodes[current].isExpanded {
            guard let next = nodes[current].children.max(by: { nodes[$0].visits < nodes[$1].visits }),
                  nodes[next].visits > 0 else { break }
            moves.append(Int(nodes[next].move))
            current = next
        }
        return moves
    }
}
