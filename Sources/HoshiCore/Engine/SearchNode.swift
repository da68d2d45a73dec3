/// One node of a search tree: the move that led to it and the statistics of the simulations through it.
///
/// Nodes live in one array (`SearchWorker`'s `nodes`); a node's children are contiguous, `childCount` of them from
/// `firstChild`, so expansion appends and nothing is freed during a search.
struct SearchNode {
    /// The cell index of the move (`PlayoutBoard.pass` for a pass; -1 for the root).
    var move: Int16
    /// The colour that played `move`; wins count for this colour.
    var mover: Stone
    /// Set when the move repeats an earlier position (positional superko); never selected again.
    var isIllegal = false
    var firstChild: Int32 = -1
    var childCount: Int32 = 0
    /// Simulations through this node, and those `mover` won.
    var visits: Float = 0
    var wins: Float = 0
    /// Virtual visits and wins from the priors (`MovePriors`), added to the real ones when selecting.
    var priorVisits: Float
    var priorWins: Float
    /// All-moves-as-first statistics: simulations below the parent in which `mover` played `move` first.
    var raveVisits: Float = 0
    var raveWins: Float = 0

    init(move: Int, mover: Stone, priorVisits: Double, priorWins: Double) {
        self.move = Int16(move)
        self.mover = mover
        self.priorVisits = Float(priorVisits)
        self.priorWins = Float(priorWins)
    }

    var isExpanded: Bool { firstChild >= 0 }

    var children: Range<Int> { Int(firstChild)..<(Int(firstChild) + Int(childCount)) }

    /// The win rate of the real simulations (0.5 before any).
    var winRate: Double { visits > 0 ? Double(wins / visits) : 0.5 }

    /// The selection value: the prior-smoothed win rate blended with the RAVE win rate (Gelly and Silver's
    /// beta schedule with the `equivalence` parameter). No exploration term: the priors and RAVE make the
    /// search try moves, as in Pachi and Fuego.
    @inline(__always)
    func urgency(equivalence: Float) -> Float {
        let count = visits + priorVisits
        let value = (wins + priorWins) / count
        guard raveVisits > 0 else { return value }
        let rave = raveWins / raveVisits
        let beta = raveVisits / (raveVisits + count + count * raveVisits / equivalence)
        return (1 - beta) * value + beta * rave
    }
}
