/// The answers a search can take at a position without reading further, each sound: the target
/// captured; the game over (two passes); the target unconditionally alive (Benson), or alive by its small
/// enclosed regions (`EnclosedRegionLife`); the target's only eye space one of the dead shapes
/// (`EyeShape`) with the attacker safe outside.
struct SettledPosition {
    /// A stone of the block at stake; another block of its group for `LifeAndDeathSolver`'s check that
    /// a kill takes the whole group.
    var targetCell: Int
    let defender: Stone
    /// The problem's area, where Benson's test looks.
    let area: SolverArea
    /// When true, a defender that is still on the board after two passes without unconditional life
    /// (seki, or a life Benson cannot see) counts as a failure: used to tell seki from life.
    let sekiIsFailure: Bool
    /// The area's points next to the frame (not the board's edge), when the target reaching one of them
    /// counts as its escape (`WayOut`): in searches for the attacker, so that no kill rests on the frame
    /// closing a way out the real board leaves open. Nil in searches for the defender, where the frame, the
    /// attacker's, already leaves the defender no better off than on the real board.
    var wayOut: WayOut?
    /// Whether the eye-shape answers are used (switchable to measure them).
    var usesEyeShapes = true
    /// Whether Benson's test is used (switchable to measure it).
    var usesUnconditionalLife = true
    /// The small enclosed regions' verdicts, shared by the search's positions; nil in the local games that
    /// compute them.
    var enclosedRegions: EnclosedRegionLife?
    /// When true, a ko (a capture the other side could take back at once) loses for the defender: in the
    /// local games of `EnclosedRegionLife`, where the attacker may have threats outside.
    var koIsFailure = false
    /// Cells where the target must keep a liberty, or it has lost: in `EnclosedRegionLife`'s local games
    /// that give the defender another eye, so that two regions that each keep a liberty keep the target.
    var libertyRegion: [Int]?

    /// Whether the target has been captured: the one answer cheap enough to test at every generated move.
    func targetIsCaptured(on board: SearchBoard) -> Bool { board.cells[targetCell] != defender.rawValue }

    /// The side that has won at this position, or nil when it must be read further.
    func winner(on board: SearchBoard) -> Stone? {
        let attacker = defender.opponent
        guard !targetIsCaptured(on: board) else { return attacker }
        if koIsFailure && board.koCell >= 0 { return attacker }
        if let libertyRegion {
            let stamp = board.markBlock(at: targetCell)
            if !libertyRegion.contains(where: { board.cells[$0] == Board.empty && board.isMarked($0, with: stamp) }) { return attacker }
        }
        // The target's block, read once for the way out and the dead shapes when the way out needs it.
        var targetBlock: (stones: [Int], liberties: [Int])?
        if let wayOut {
            let block = board.block(at: targetCell)
            if wayOut.isReached(by: block.stones, on: board, attacker: attacker) { return defender }
            targetBlock = block
        }
        if board.passes >= 2 {
            if !sekiIsFailure { return defender }
            return board.unconditionalLife.isAlive(blockAt: targetCell, colour: defender, on: board, area: area) ? defender : attacker
        }
        // Benson's test needs two vital regions, each holding a liberty of the block (an enclosed region
        // holds an empty point: the attacker's stones in it have their liberties there), so a target with
        // one liberty is not tested.
        if usesUnconditionalLife, board.libertyCount(at: targetCell, limit: 2) >= 2,
           board.unconditionalLife.isAlive(blockAt: targetCell, colour: defender, on: board, area: area) { return defender }
        guard enclosedRegions != nil || usesEyeShapes else { return nil }
        let block = targetBlock ?? board.block(at: targetCell)
        if let enclosedRegions, enclosedRegions.isAlive(blockAt: targetCell, liberties: block.liberties, defender: defender,
                                                         sekiIsFailure: sekiIsFailure, on: board) {
            return defender
        }
        if usesEyeShapes, isDeadShape(of: block, on: board) { return attacker }
        return nil
    }

    /// Whether the target's block (`target`) has one eye space of a dead shape and nothing else (see
    /// `EyeShape`).
    private func isDeadShape(of target: (stones: [Int], liberties: [Int]), on board: SearchBoard) -> Bool {
        let cells = board.cells
        let (stones, liberties) = target
        guard let first = liberties.first, liberties.count <= 6 else { return false }
        // The eye space: the empty points connected to the first liberty; it must be all the liberties,
        // enclosed by the target's block alone (a stone of its colour next to the block's marks is of it).
        // Lists of a few points, and the board's marks, rather than sets: this runs at most nodes.
        let blockStamp = board.markBlock(at: targetCell)
        var space = [first]
        var cursor = 0
        while cursor < space.count {
            let current = space[cursor]
            cursor += 1
            for neighbour in board.neighbours(of: current) {
                let value = cells[neighbour]
                if value == Board.empty {
                    if !space.contains(neighbour) {
                        space.append(neighbour)
                        if space.count > 6 { return false }
                    }
                } else if value == Board.border {
                    continue
                } else if value != defender.rawValue || !board.isMarked(neighbour, with: blockStamp) {
                    return false
                }
            }
        }
        // Every liberty inside the space: the block has no other.
        guard liberties.allSatisfy(space.contains) else { return false }
        let verdict = EyeShape.verdict(of: space.map { cell in
            let point = board.point(ofIndex: cell)
            return (point.column, point.row)
        })
        switch verdict {
        case .unsettled: return false
        case .deadIfAttackerPlays: guard board.toMove == defender.opponent, board.koCell < 0 else { return false }
        case .dead: break
        }
        // The attacker must be safe: every attacker block next to the target keeps more liberties than
        // the eye space has points, so no capturing race can save the target.
        for stone in stones {
            for neighbour in board.neighbours(of: stone) where cells[neighbour] == defender.opponent.rawValue {
                if board.libertyCount(at: neighbour, limit: space.count + 2) < space.count + 2 { return false }
            }
        }
        return true
    }
}
