/// Life that Benson's test does not see, read from the target's small enclosed regions: a region bounded
/// by the target's block alone (and the board's edge) whose status a small exact search decides once, then
/// kept by the region's contents for every position of the search that holds it.
///
/// Benson's test asks for two vital regions whose empty points all touch the block. A group with one
/// roomy eye space (a straight or bent four, a straight five) or with a small eye beside a space that still
/// holds the attacker's stones lives, yet Benson's test sees no life until the defender has split the
/// space and the attacker has passed. The search must read that to the end in every line where it arises.
///
/// Two questions are asked of each region `R`, each as a game played on a board holding `R`'s contents and
/// the defender's stones everywhere else (one block, the target's), the attacker moving first and playing
/// only inside `R`:
/// - *alone*: does the defender live with `R` as its only room (no liberty outside it)? One such region
///   makes the target live.
/// - *with another eye*: does the defender keep a liberty inside `R` after every move, and win, when it
///   also has a one-point eye elsewhere? Two such regions make the target live: each answers the attacker's
///   moves inside it, neither ever runs out of liberties, so the target is never captured; and when the
///   defender must live unconditionally, each region ends holding a vital region of the target.
///
/// The local games are the solver's own search (`ProofNumberSearch`), with the same meaning of seki as the
/// search asking (`SettledPosition.sekiIsFailure`): when seki counts as life, an attacker that passes has
/// given up inside the region; when it does not, the defender must reach Benson's life. Every
/// assumption leans against the defender, so a region found alive is alive on the real board:
/// - no liberty outside the region but the one eye (more liberties never hurt the block);
/// - a ko anywhere in the local game loses it for the defender (the attacker may have threats elsewhere);
/// - a local game whose proof left out a repetition, or that its budget cannot decide, counts as not alive.
///
/// Measured on 169 textbook problems (not in this repository) at 100,000 nodes, proven with a first move
/// the book gives (elementary/intermediate/advanced): 56/18/1 without it, 57/19/1 with it, no proof
/// against the book, and the lab's time the same within the noise of a loaded machine (57 s and 60 s,
/// alternating runs). At the default 10 s it also proves a textbook live (elementary 628) that was out of
/// reach. Giving the block its liberties outside the region in the local games (as points the attacker
/// fills) proved nothing more and cost a sixth more time, so the games give it none.
final class EnclosedRegionLife {
    /// The most points a region may have to be read: larger regions are left to the search.
    /// Eight, so that a region's key fits a word (`RegionKey`).
    static let maximumRegionSize = 8
    /// The nodes a local game may take before it counts as not alive. Measured on 169 textbook problems
    /// (not in this repository) at 100,000 nodes: 2,000 proved the same problems as 20,000, with the
    /// local games taking 5% of the time rather than up to four fifths of it on the advanced problems.
    static let localNodeLimit = 2_000

    /// The verdicts so far, by the region's contents and the question.
    private var verdicts: [RegionKey: Bool] = [:]

    /// How many local games this instance has searched (each distinct region and question once).
    private(set) var localGames = 0

    /// Working storage kept between tests, as the search tests most of its positions: the region being
    /// read (in index order) and the points read so far in this test. Only the search's own thread uses
    /// them.
    @exclusivity(unchecked) private var region = ScratchBuffer<Int>(capacity: 16)
    @exclusivity(unchecked) private var read = ScratchBuffer<Int>(capacity: 32)

    /// Whether the defender's block on `targetCell` lives by its small enclosed regions: one region that
    /// lives alone, or two that each hold an eye.
    ///
    /// `liberties`: the block's. A block with one liberty is not alive this way: the attacker, moving
    /// first in every local game, takes it.
    func isAlive(blockAt targetCell: Int, liberties: [Int], defender: Stone, sekiIsFailure: Bool, on board: SearchBoard) -> Bool {
        guard liberties.count >= 2 else { return false }
        let stamp = board.markBlock(at: targetCell)
        read.removeAll()
        var eyes = 0
        for liberty in liberties where !hasRead(liberty) {
            let enclosed = readRegion(from: liberty, defender: defender, blockStamp: stamp, on: board)
            for index in 0..<region.count { read.append(region[index]) }
            guard enclosed else { continue }
            let points = packedPoints(defender: defender, on: board)
            if verdict(for: RegionKey(points: points, count: UInt8(region.count), withEye: false, sekiIsFailure: sekiIsFailure),
                       defender: defender, on: board) { return true }
            if verdict(for: RegionKey(points: points, count: UInt8(region.count), withEye: true, sekiIsFailure: sekiIsFailure),
                       defender: defender, on: board) {
                eyes += 1
                if eyes >= 2 { return true }
            }
        }
        return false
    }

    private func hasRead(_ cell: Int) -> Bool {
        for index in 0..<read.count where read[index] == cell { return true }
        return false
    }

    /// Fills `region` with the connected points holding `start` that are not the defender's, in index
    /// order, and says whether they are enclosed: every defender stone around them of the block marked
    /// `blockStamp`, and at most `maximumRegionSize` of them. When not, `region` holds the points seen.
    private func readRegion(from start: Int, defender: Stone, blockStamp: UInt32, on board: SearchBoard) -> Bool {
        let cells = board.cells
        region.removeAll()
        region.append(start)
        var cursor = 0
        while cursor < region.count {
            let current = region[cursor]
            cursor += 1
            for neighbour in board.neighbours(of: current) {
                let value = cells[neighbour]
                if value == Board.border { continue }
                if value == defender.rawValue {
                    // A stone next to the block's marks that is of its colour is of the block.
                    guard board.isMarked(neighbour, with: blockStamp) else { return false }
                    continue
                }
                var seen = false
                for index in 0..<region.count where region[index] == neighbour { seen = true }
                if !seen {
                    if region.count == Self.maximumRegionSize { return false }
                    region.append(neighbour)
                }
            }
        }
        // Index order (insertion sort: a handful of points).
        for index in 1..<max(1, region.count) {
            let cell = region[index]
            var place = index
            while place > 0 && region[place - 1] > cell {
                region[place] = region[place - 1]
                place -= 1
            }
            region[place] = cell
        }
        return true
    }

    /// The region's points packed as `RegionKey.points`.
    private func packedPoints(defender: Stone, on board: SearchBoard) -> UInt64 {
        let cells = board.cells
        var lowColumn = Int.max, lowRow = Int.max
        for index in 0..<region.count {
            let point = board.point(ofIndex: region[index])
            lowColumn = min(lowColumn, point.column)
            lowRow = min(lowRow, point.row)
        }
        var packed: UInt64 = 0
        for index in 0..<region.count {
            let cell = region[index]
            let point = board.point(ofIndex: cell)
            var touchesBlock = false
            for neighbour in board.neighbours(of: cell) where cells[neighbour] == defender.rawValue {
                touchesBlock = true
            }
            let isAttacker = cells[cell] == defender.opponent.rawValue
            let byte = UInt64(point.column - lowColumn) | UInt64(point.row - lowRow) << 3
                | (isAttacker ? 1 << 6 : 0) | (touchesBlock ? 1 << 7 : 0)
            packed |= byte << (8 * UInt64(index))
        }
        return packed
    }

    /// The verdict for `key`, the current `region`'s: kept, or found by its local game.
    private func verdict(for key: RegionKey, defender: Stone, on board: SearchBoard) -> Bool {
        if let known = verdicts[key] { return known }
        localGames += 1
        let cells = (0..<region.count).map { region[$0] }
        let alive = LocalRegionGame(region: cells, key: key, defender: defender, on: board)?.defenderWins() ?? false
        verdicts[key] = alive
        return alive
    }
}

/// What decides a region's local game: the points' places relative to the region's corner, which hold an
/// attacker's stone and which touch the target's block, and the question asked. Two regions with the same
/// key play the same local game wherever they lie.
struct RegionKey: Hashable {
    /// One byte per point in index order: column (bits 0-2) and row (bits 3-5) from the region's corner,
    /// an attacker's stone (bit 6), touching the block (bit 7). A region of at most eight points spans at
    /// most eight lines each way.
    var points: UInt64
    var count: UInt8
    var withEye: Bool
    var sekiIsFailure: Bool
}
