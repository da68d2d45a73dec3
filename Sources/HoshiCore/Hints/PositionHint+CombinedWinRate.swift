extension PositionHint {
    /// This position's win rate for the player who moved into it, combined with the search of the position
    /// before, whose `candidate` (the move played) already explored this very position.
    ///
    /// Both numbers estimate the same thing from separate samples: this search's first candidate (its
    /// visits) and the earlier search's playouts through `candidate` (its visits). Weighed by visits, the
    /// two give a steadier estimate than either, and a reader who saw the candidate promise a win rate no
    /// longer sees the next position contradict it by the noise of two small searches. Measured on 30 Edo
    /// games at the default budget (`make bench ROWS=hint-quality`): the step after the engine's own first
    /// choice has a median of 4.8 and a 90th percentile of 9.6 points with this search alone, 1.9 and 4.6
    /// combined.
    ///
    /// - Parameter moverIsToMove: true when the player who moved is also to move here (a record that
    ///   gives the same player two moves); the position's own win rate is then already theirs.
    public func winRate(forMoverCombinedWith candidate: Candidate, moverIsToMove: Bool = false) -> Double {
        let own = moverIsToMove ? winRate : 1 - winRate
        let ownVisits = Double(candidates.first?.visits ?? visits)
        let earlierVisits = Double(candidate.visits)
        guard ownVisits + earlierVisits > 0 else { return own }
        return (ownVisits * own + earlierVisits * candidate.winRate) / (ownVisits + earlierVisits)
    }
}
