/// How a playout picks its moves, in the spirit of Fuego's and Pachi's light-but-informed policies.
///
/// In order, for the player to move:
/// 1. atari answers to the last move: capture the last move's chain if it is in atari; save own chains next
///    to the last move that it put in atari, by capturing a neighbour in atari or by extending when that
///    gives three liberties, or two and the chain does not die in a ladder;
/// 2. with `patternProbability`, one of the eight points around the last move that match a 3x3 pattern
///    (`PatternTable`) and are legal and no self-atari, chosen with probability proportional to its learned
///    shape weight (`PlayoutShapeWeights`): the hand-written patterns decide whether to answer locally, as
///    the playouts were balanced with, and the shapes learned from professionals decide where;
/// 3. a random legal move that fills no own eye and puts no chain of `selfAtariMinimumStones` or more into
///    atari; a pass when none is left.
/// The playout ends on two passes and is scored by area (komi is the caller's).
///
/// Tried and dropped, each against GNU Go 3.8 level 10 and Pachi at the same 5,000 playouts (`make
/// bench-engine`, 9x9, komi 7.5, seed 1), where this policy won 89 of 100 and 22 of 100:
/// - fights over two liberties after the atari answers (an atari on the last move's chain of two liberties
///   when it captures, directly or in a ladder; extending own chains next to the last move out of two
///   liberties): 84 of 100 (75.6%-89.9%) and 16 of 100 (10.1%-24.4%), with playouts about a fifth slower;
/// - nakade after the atari answers (the vital point of a three-point eye space the last move closed):
///   87 of 100 (79.0%-92.2%) and 9 of the first 61 against Pachi (14.8%, 8.0%-25.7%; stopped there), with
///   playouts about a tenth slower. Both together won 9 of the first 44 against Pachi (20.5%; stopped).
/// - a global atari rule before the random move, as Pachi's and Fuego's playouts have (with probability
///   0.9, capture any opponent chain in atari or save any own one): 89 of 100 and 6 of the first 39
///   against Pachi (15.4%, 7.2%-29.7%; stopped there).
/// - last good reply with forgetting (Baier and Drake 2010: each colour's reply to the move before it that
///   won the last simulation it was played in, forgotten when it loses; side branch exp-lgrf). Before the
///   pattern answer: 83 of 100 (74.5%-89.1%) and 3 of the first 35 against Pachi (8.6%; stopped there).
///   After it, before the random move: 89 of 100 (81.4%-93.7%) and 23 of 100 (15.8%-32.2%), where this
///   policy won 89 and 22; with seed 2, 36 of the first 44 and 7 of the first 26 (stopped there). No gain
///   shown, with searches about a sixth slower (3.7 s against 3.2 s for the first 8 moves of a game).
/// - ko fights (Pachi's: for three moves after a simple ko is taken, once its ban is lifted, play on the ko
///   point with probability 0.4; side branch exp-ko): 137 of 277 in self-play against this policy at 1,000
///   playouts (49.5%) and 2 of the first 26 against Pachi (7.7%; stopped there). README, run 23.
/// - the pattern answer around the move before the last too, when none matches around the last (Pachi's
///   pattern2; exp-pattern2): 76 of 159 in self-play at 1,000 playouts (47.8%). README, run 24.
///
/// Owns scratch boards for ladder reading, so one policy belongs to one search thread.
final class PlayoutPolicy {
    let parameters: EngineParameters
    private var ladderBoards: [PlayoutBoard] = []
    private var ladderReads = 0
    private var candidates: [Int] = []
    /// `PatternTable.matches` and the learned shape weights, held here so the playout loop reads plain
    /// memory rather than lazily initialised globals.
    private let patterns: UnsafeMutableBufferPointer<UInt64>
    private let shapes: PlayoutShapeWeights

    init(parameters: EngineParameters, shapes: PlayoutShapeWeights = .learned) {
        self.parameters = parameters
        self.shapes = shapes
        candidates.reserveCapacity(32)
        patterns = .allocate(capacity: PatternTable.matches.count)
        _ = patterns.initialize(from: PatternTable.matches)
    }

    deinit {
        patterns.deallocate()
    }

    // MARK: - Playout

    /// Plays `board` to the end and returns black's area minus white's. When `firstColours` is given, the
    /// colour of the first stone played on each point is recorded there (0 for points nobody played), for
    /// RAVE.
    func playOut(_ board: PlayoutBoard, random: inout SplitMix64, firstColours: UnsafeMutablePointer<UInt8>?) -> Int {
        let limit = parameters.playoutMovesPerPoint * board.size * board.size
        var moves = 0
        while board.passes < 2 && moves < limit {
            let stone = board.toMove
            let move = chooseMove(on: board, random: &random)
            board.play(move, stone)
            if move != PlayoutBoard.pass, let firstColours, firstColours[move] == 0 {
                firstColours[move] = stone.rawValue
            }
            moves += 1
        }
        return board.areaDifference()
    }

    /// The policy's move for the player to move (a cell index, or `PlayoutBoard.pass`).
    func chooseMove(on board: PlayoutBoard, random: inout SplitMix64) -> Int {
        let stone = board.toMove
        let last = board.lastMove
        if last > 0 {
            candidates.removeAll(keepingCapacity: true)
            addAtariAnswers(to: last, on: board, for: stone)
            if !candidates.isEmpty { return candidates[random.below(candidates.count)] }
            if random.chance(parameters.patternProbability),
               let answer = patternAnswer(to: last, on: board, for: stone, random: &random) {
                return answer
            }
        }
        return randomMove(on: board, for: stone, random: &random)
    }

    /// A random legal move that fills no own eye and is no self-atari of a big chain; a pass when none.
    private func randomMove(on board: PlayoutBoard, for stone: Stone, random: inout SplitMix64) -> Int {
        let count = board.emptyCount
        guard count > 0 else { return PlayoutBoard.pass }
        var slot = random.below(count)
        for _ in 0..<count {
            let index = Int(board.emptyPoints[slot])
            if board.isLegal(index, stone) && !board.isOwnEye(index, stone)
                && !board.isSelfAtari(index, stone, minimumStones: parameters.selfAtariMinimumStones) {
                return index
            }
            slot += 1
            if slot == count { slot = 0 }
        }
        return PlayoutBoard.pass
    }

    // MARK: - Atari answers

    /// Captures of the last move's chain and escapes of own chains it put in atari, into `candidates`.
    private func addAtariAnswers(to last: Int, on board: PlayoutBoard, for stone: Stone) {
        let opponent = stone.opponent.rawValue
        if board.colour[last] == opponent {
            let chain = board.head(last)
            if board.liberties[chain] == 1 {
                let liberty = board.firstLiberties(of: chain).0
                if board.isLegal(liberty, stone) { candidates.append(liberty) }
            }
        }
        for neighbour in board.neighbours(of: last)
        where board.colour[neighbour] == stone.rawValue && board.liberties[board.head(neighbour)] == 1 {
            addEscapes(of: board.head(neighbour), on: board, for: stone)
        }
    }

    /// Moves that save the chain at `chain` (in atari): capturing an adjacent chain in atari, or extending
    /// when that is not a dead end (fewer than two liberties, or a ladder).
    private func addEscapes(of chain: Int, on board: PlayoutBoard, for stone: Stone) {
        let opponent = stone.opponent.rawValue
        var member = chain
        repeat {
            for neighbour in board.neighbours(of: member)
            where board.colour[neighbour] == opponent && board.liberties[board.head(neighbour)] == 1 {
                let liberty = board.firstLiberties(of: board.head(neighbour)).0
                if board.isLegal(liberty, stone) { candidates.append(liberty) }
            }
            member = Int(board.nextStone[member])
        } while member != chain
        let liberty = board.firstLiberties(of: chain).0
        if extensionEscapes(at: liberty, on: board, for: stone) { candidates.append(liberty) }
    }

    /// Whether extending a chain in atari at its liberty saves it: three or more liberties after the move,
    /// or two and the ladder fails.
    func extensionEscapes(at liberty: Int, on board: PlayoutBoard, for stone: Stone) -> Bool {
        guard board.isLegal(liberty, stone) else { return false }
        let outcome = board.outcomeOfPlaying(liberty, stone, cap: 3)
        if outcome.liberties >= 3 { return true }
        if outcome.liberties < 2 { return false }
        ladderReads = 0
        let after = ladderBoard(depth: 0, size: board.size)
        after.assign(from: board)
        after.play(liberty, stone)
        return !attackerWinsLadder(on: after, chainStone: liberty, attacker: stone.opponent, depth: 1)
    }

    // MARK: - Ladders

    /// Whether the attacker, to move, captures the chain through `chainStone` (two liberties) by ataris:
    /// tries both ataris; an atari stone that is itself in atari is refused. Each depth reads on its own
    /// scratch board.
    private func attackerWinsLadder(on board: PlayoutBoard, chainStone: Int, attacker: Stone, depth: Int) -> Bool {
        ladderReads += 1
        guard depth < parameters.ladderDepthLimit, ladderReads < 4 * parameters.ladderDepthLimit else { return false }
        let (first, second) = board.firstLiberties(of: board.head(chainStone))
        for atari in CellQuad(first, second, 0, 0) where atari != 0 && board.isLegal(atari, attacker) {
            let next = ladderBoard(depth: depth, size: board.size)
            next.assign(from: board)
            next.play(atari, attacker)
            if next.liberties[next.head(atari)] < 2 { continue }
            if !defenderEscapesLadder(on: next, chainStone: chainStone, defender: attacker.opponent, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    /// Whether the defender, to move with the chain through `chainStone` in atari, gets out: by capturing an
    /// adjacent attacker chain in atari, or by extending to three liberties, or to two and surviving the next
    /// atari. Plays on `board`, which is the caller's scratch board for this depth.
    private func defenderEscapesLadder(on board: PlayoutBoard, chainStone: Int, defender: Stone, depth: Int) -> Bool {
        let chain = board.head(chainStone)
        guard board.liberties[chain] == 1 else { return board.liberties[chain] > 1 }
        let attacker = defender.opponent.rawValue
        var member = chain
        repeat {
            for neighbour in board.neighbours(of: member)
            where board.colour[neighbour] == attacker && board.liberties[board.head(neighbour)] == 1 {
                return true
            }
            member = Int(board.nextStone[member])
        } while member != chain
        let liberty = board.firstLiberties(of: chain).0
        guard board.isLegal(liberty, defender) else { return false }
        board.play(liberty, defender)
        let libertyCount = board.liberties[board.head(chainStone)]
        if libertyCount >= 3 { return true }
        if libertyCount < 2 { return false }
        return !attackerWinsLadder(on: board, chainStone: chainStone, attacker: defender.opponent, depth: depth + 1)
    }

    private func ladderBoard(depth: Int, size: Int) -> PlayoutBoard {
        if ladderBoards.first?.size != size { ladderBoards.removeAll() }
        while ladderBoards.count <= depth { ladderBoards.append(PlayoutBoard(size: size)) }
        return ladderBoards[depth]
    }

    // MARK: - Patterns

    /// An empty neighbour of the last move that matches a pattern, drawn by its learned shape weight; nil
    /// when none is a legal move that is no self-atari.
    ///
    /// A drawn point that is illegal or a self-atari is dropped and the draw repeated among the others,
    /// which gives every remaining choice the chance a draw among the valid points alone would, while only
    /// the drawn points are checked. The points and weights live in SIMD values: no array, so nothing is
    /// allocated or checked for exclusive access in the playout loop.
    func patternAnswer(to last: Int, on board: PlayoutBoard, for stone: Stone, random: inout SplitMix64) -> Int? {
        var points = SIMD8<Int>(repeating: 0)
        var weights = SIMD8<Int>(repeating: 0)
        var matches = 0
        var totalWeight = 0
        for slot in 0..<8 {
            let index = last + board.ringOffsets[slot]
            guard board.colour[index] == PlayoutBoard.empty && matchesPattern(index, on: board) else { continue }
            let weight = shapes.weight(at: index, for: stone, on: board)
            points[matches] = index
            weights[matches] = weight
            totalWeight += weight
            matches += 1
        }
        while totalWeight > 0 {
            var draw = random.below(totalWeight)
            var chosen = 0
            while draw >= weights[chosen] {
                draw -= weights[chosen]
                chosen += 1
            }
            let index = points[chosen]
            if board.isLegal(index, stone) && !board.isSelfAtari(index, stone, minimumStones: 1) { return index }
            totalWeight -= weights[chosen]
            weights[chosen] = 0
        }
        return nil
    }

    /// Whether an empty point's 3x3 neighbourhood matches a playout pattern.
    @inline(__always)
    private func matchesPattern(_ index: Int, on board: PlayoutBoard) -> Bool {
        let code = Int(board.neighbourhood[index])
        return patterns[code >> 6] & (1 << UInt64(code & 63)) != 0
    }
}
