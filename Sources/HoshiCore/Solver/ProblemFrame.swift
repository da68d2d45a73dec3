/// A problem made ready for the search: who plays, who defends which group, the region moves are played
/// on, and the board with the far side filled (a tsumego frame) so that only the problem's corner or side
/// is in play.
///
/// ## The region
/// The area is the stones' bounding box grown by one line, and stretched to the board's edge on any side
/// that is two lines or fewer from it. The region is the empty points of the area the defender can reach,
/// and the liberties of the attacker's blocks around them (`region(of:on:area:)`). The frame fills every
/// point outside the area with the attacker's stones, with single-point eyes kept open so the frame
/// lives: the defender can live only inside, and neither side gains from playing outside. The area itself,
/// the problem's own, is never changed.
public struct ProblemFrame: Sendable {
    public let toPlay: Stone
    public let goal: SolverGoal
    public let defender: Stone
    /// A stone of the group at stake.
    public let target: Point
    /// A stone of each other block of two or more stones in the target's group (`groupBlocks(of:on:)`):
    /// a kill must take them too.
    public let groupBlocks: [Point]
    /// The problem's own position, without the frame.
    public let board: Board
    /// The problem's position with the frame around its area.
    public let framedBoard: Board
    /// The position searched: the framed one, with the empty points of the area that lead out to the
    /// frame and are not in play filled with the attacker's stones too. Left empty, such a point gave a
    /// stone played next to it a liberty nobody could fill: failed before (Cho Chikun, elementary 61),
    /// a white stone there could never be captured and the solver proved a dead group alive.
    public let searchedBoard: Board
    /// The position searched when the target reaching the edge counts as its escape (`WayOut`, the
    /// searches that prove the attacker's goals): the searched one with the margin left empty.
    public let openSearchedBoard: Board
    /// The filled points next to a point in play or a defender stone, sorted. On the real board they are
    /// empty: a defender stone next to one has it as a liberty, which the attacker can fill only with a
    /// move. Filled, they gave the attacker that move for free. Failed before (Cho Chikun, intermediate
    /// 715, Black to live): a black stone played next to a filled point was captured by a retake that is
    /// suicide on the real board, and the solver refuted a life with a ko no one can play. So searches
    /// with the way out open leave them empty, and only the attacker plays there, next to a defender stone
    /// (`ProofNumberSearch.margin`): the defender playing outside what is in play is what the frame leaves
    /// out in any case, and the target reaching the edge counts as its escape.
    ///
    /// It costs proofs that rested on the free moves. Measured on textbook problems with known answers
    /// (81 elementary, 51 intermediate, 40 advanced, not in this repository) at 100,000 nodes, proven
    /// with a correct first move: 62, 20 and 3 with the points filled; 56, 18 and 2 as it is; 53, 15 and 1
    /// with no one playing there (the defender's stones next to them could never be captured); 51, 11 and
    /// 1 with the attacker free to play anywhere on the margin, where its moves served as waiting moves.
    public let margin: [Point]
    /// The points moves are played on, top row first (see `region(of:on:area:)`).
    public let region: [Point]
    /// The problem's own area: the region and the problem's stones; the frame is outside it.
    public let area: BoardArea
    /// The points of the area next to the frame, where the target counts as escaped when a search opens
    /// the way out (`WayOut`, which leaves out a first-line point under the attacker's stone): next to a
    /// point outside the area, and in a frame narrowed to the defender's sphere, next to a point the
    /// narrowing fills too.
    public let edge: [Point]
    /// Whether the region is narrowed to the defender's sphere (`narrowedToSphere()`).
    public let isNarrowed: Bool

    /// Why a problem cannot be framed.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noStones
        case illegalPosition(Point)
        case regionTooLarge(Int)
        case goalNotInferable(String)
        case badTarget(String)

        public var description: String {
            switch self {
            case .noStones: return "the problem has no stones"
            case .illegalPosition(let point): return "illegal position: the stones at \(point.sgf) have no liberty"
            case .regionTooLarge(let count):
                return "the region in play has \(count) points (at most \(ProblemFrame.maximumRegion)): whole-board problems are not solved"
            case .goalNotInferable(let reason): return "cannot tell the goal: \(reason)"
            case .badTarget(let reason): return "bad target: \(reason)"
            }
        }
    }

    /// The largest region searched.
    public static let maximumRegion = 64

    /// Frames the position `board` with `toPlay` to move (nil: from the comment, else black), reading the
    /// goal and target from `comment` or the position unless given.
    public init(board: Board, toPlay givenToPlay: Stone?, comment: String?, goal givenGoal: SolverGoal? = nil,
                target givenTarget: Point? = nil) throws(Failure) {
        try self.init(board: board, toPlay: givenToPlay, comment: comment, goal: givenGoal, target: givenTarget, sphereSlack: nil)
    }

    /// The same problem (side to play, goal, target) with its region narrowed to the defender's sphere: the
    /// empty points no farther from its stones than from the attacker's, and the points next to them. The
    /// rest of the area is filled with the attacker's stones, and its edge is the frame's edge, so that a
    /// kill proven with the way out open holds on the real board as one proven in the whole area does.
    /// Nil when the sphere leaves the region as it is.
    ///
    /// Why: an open problem's whole area gives the defender room far from the fight, and a kill must be
    /// read out against every move there; the textbook reader looks at the group and what touches it.
    ///
    /// `slack` widens the sphere (`DefenderSphere`) by that many lines: a second try between the sphere and
    /// the whole area (`LifeAndDeathSolver.decideInSphere`).
    public func narrowedToSphere(slack: Int = 0) -> ProblemFrame? {
        guard !isNarrowed,
              let narrowed = try? ProblemFrame(board: board, toPlay: toPlay, comment: nil, goal: goal, target: target, sphereSlack: slack),
              narrowed.region.count < region.count else { return nil }
        return narrowed
    }

    private init(board: Board, toPlay givenToPlay: Stone?, comment: String?, goal givenGoal: SolverGoal?, target givenTarget: Point?,
                 sphereSlack: Int?) throws(Failure) {
        let stones = board.stones
        guard !stones.isEmpty else { throw .noStones }
        for (point, _) in stones where !board.hasLiberty(at: point) { throw .illegalPosition(point) }
        let phrase = comment.map(GoalPhrase.init(comment:))
        let toPlay = givenToPlay ?? phrase?.toPlay ?? .black
        let size = board.size

        let area = Self.area(around: stones.map(\.point), on: size)
        let areaPoints = size.points.filter { area.contains($0) && board[$0] == nil }
        guard areaPoints.count <= Self.maximumRegion else { throw .regionTooLarge(areaPoints.count) }

        // The defender: from the target, the goal, the comment, or the position.
        let defender: Stone
        if let givenTarget {
            guard let stone = board[givenTarget] else { throw .badTarget("no stone at \(givenTarget.sgf)") }
            defender = stone
            if let givenGoal, (givenGoal == .live) != (stone == toPlay) {
                throw .badTarget("the goal \(givenGoal.rawValue) for \(toPlay == .black ? "black" : "white") does not fit a \(stone == .black ? "black" : "white") target")
            }
        } else if let givenGoal {
            defender = givenGoal == .live ? toPlay : toPlay.opponent
        } else if let stated = phrase?.defender {
            defender = stated
        } else if let inferred = Self.enclosedSide(of: board, area: area) {
            defender = inferred
        } else {
            throw .goalNotInferable("neither the comment nor the position says which side must live")
        }
        let target: Point
        if let givenTarget {
            target = givenTarget
        } else {
            guard let chosen = Self.targetBlock(of: defender, on: board) else {
                throw .goalNotInferable("\(defender == .black ? "black" : "white") has no stones to live or die")
            }
            target = chosen
        }
        let (region, settled) = Self.region(of: defender, on: board, area: area, sphereSlack: sphereSlack)
        guard !region.isEmpty else { throw .goalNotInferable("no empty point is left to play") }
        self.toPlay = toPlay
        self.goal = givenGoal ?? (defender == toPlay ? .live : .kill)
        self.defender = defender
        self.target = target
        self.groupBlocks = Self.groupBlocks(of: target, on: board)
        self.board = board
        self.region = region
        self.area = area
        self.isNarrowed = sphereSlack != nil
        let filled = Set(sphereSlack != nil ? settled : [])
        edge = size.points.filter { point in
            area.contains(point) && !filled.contains(point)
                && size.neighbours(of: point).contains { !area.contains($0) || filled.contains($0) }
        }
        let framedBoard = Self.framed(board, area: area, attacker: defender.opponent)
        var searchedBoard = framedBoard
        for point in settled { searchedBoard.set(defender.opponent, at: point) }
        self.framedBoard = framedBoard
        self.searchedBoard = searchedBoard
        let inPlay = Set(region)
        // An attacker stone of the problem next to a filled point is joined to the frame and never
        // captured, so its point is never played by the defender: only the region and the defender's
        // stones matter.
        let margin = size.points.filter { point in
            board[point] == nil && searchedBoard[point] == defender.opponent
                && size.neighbours(of: point).contains { inPlay.contains($0) || board[$0] == defender }
        }
        var openSearchedBoard = searchedBoard
        for point in margin { openSearchedBoard.set(nil, at: point) }
        self.margin = margin
        self.openSearchedBoard = openSearchedBoard
    }

    /// The area in play (see the type's documentation).
    static func area(around points: [Point], on size: BoardSize) -> BoardArea {
        var minimumColumn = Int.max, maximumColumn = Int.min, minimumRow = Int.max, maximumRow = Int.min
        for point in points {
            minimumColumn = min(minimumColumn, point.column)
            maximumColumn = max(maximumColumn, point.column)
            minimumRow = min(minimumRow, point.row)
            maximumRow = max(maximumRow, point.row)
        }
        func grown(_ low: Int, _ high: Int, lines: Int) -> ClosedRange<Int> {
            let start = low <= 2 ? 0 : low - 1
            let end = lines - 1 - high <= 2 ? lines - 1 : high + 1
            return start...end
        }
        return BoardArea(columns: grown(minimumColumn, maximumColumn, lines: size.columns),
                         rows: grown(minimumRow, maximumRow, lines: size.rows))
    }

    /// The points in play: the empty points of the area the defender's stones reach through empty points
    /// and their own stones (its eye space, and the way out to the frame in an open problem), and the
    /// empty liberties of the attacker's blocks that touch them (for capturing races), but for those that
    /// lead out of the area through empty points the defender does not reach when the frame settles them
    /// (the block joins the frame, or has more than two such liberties). Also returns the points that lead
    /// out and are not in play: the frame's side, filled in the searched board.
    ///
    /// The defender's whole reach is in play, to kill as to live; a `sphereSlack` keeps only its sphere (the
    /// points no farther from its stones than from the attacker's, plus the slack) and the points next to them, for the
    /// first try at a kill (`narrowedToSphere()`). As the only frame for kills, without the way out at its
    /// edge, the sphere proved 59 of 80 elementary and 21 of 50 intermediate textbook problems at 500,000
    /// nodes, but also an advanced kill that GNU Go's owl refutes: the group's real way out was cut. The
    /// way out at the narrowed edge (`edge`) is what makes its kills hold.
    ///
    /// Measured against every empty point of the area: on the bench's walled bulky five (white to live,
    /// with its first moves classified), 74 nodes became 62 (the wall's own outside liberties stay in).
    static func region(of defender: Stone, on board: Board, area: BoardArea, sphereSlack: Int? = nil) -> (region: [Point], settled: [Point]) {
        let size = board.size
        func neighbours(_ point: Point) -> [Point] { size.neighbours(of: point).filter(area.contains) }
        let sphere = sphereSlack.map { DefenderSphere(defender: defender, on: board, slack: $0) }
        var reached = reach(of: defender, on: board, area: area, within: sphere)
        if sphere != nil {
            // The margin: the empty points next to the sphere (the way out, the vital point at its edge).
            for point in reached {
                for neighbour in neighbours(point) where board[neighbour] == nil { reached.insert(neighbour) }
            }
        }
        var region = Set(reached.filter { board[$0] == nil })
        // The empty points the defender does not reach that lead, through empty points, out of the area to
        // the frame: the attacker's outside liberties, which the frame settles. Measured on the walled
        // seki (white to live): with them in the region, 200,000 nodes did not prove black's side.
        // Narrowed, the points beyond the sphere lead out too: an attacker block at the sphere's edge with
        // more than two liberties beyond it counts as safe, as the defender would have to attack it from
        // outside its sphere. Judged as in the whole area instead (where the defender reaches those
        // liberties), the narrowing gained next to nothing: on the textbook problems of
        // `LifeAndDeathSolver.decideInSphere` at 100,000 nodes, 44 of 80 and 6 of 50 against 50 and 14.
        let outside = pointsLeadingOut(on: board, area: area, notReached: reached)
        // The attacker's blocks touching what the defender reaches, and their liberties. The outside ones
        // are left out for a block the frame joins (a stone next to a point outside the area), whose life
        // the frame's makes safe, and for a block with more than two of them, too free to be captured
        // inside the problem (a wall). A block with one or two ways out can be captured through them,
        // so they stay in play. Failed before (Cho Chikun, elementary 421): a lone white stone's outside
        // liberty was left out, black could never capture it, and the solver proved black dead where
        // black lives.
        var seen: Set<Point> = []
        for point in reached {
            for start in neighbours(point) where board[start] == defender.opponent && !seen.contains(start) {
                var block = [start]
                var liberties: Set<Point> = []
                var joinsFrame = false
                seen.insert(start)
                var cursor = 0
                while cursor < block.count {
                    let stone = block[cursor]
                    cursor += 1
                    for neighbour in size.neighbours(of: stone) {
                        guard area.contains(neighbour) else { joinsFrame = true; continue }
                        if board[neighbour] == nil {
                            liberties.insert(neighbour)
                        } else if board[neighbour] == defender.opponent, seen.insert(neighbour).inserted {
                            block.append(neighbour)
                        }
                    }
                }
                let waysOut = liberties.intersection(outside)
                if joinsFrame || waysOut.count > 2 {
                    region.formUnion(liberties.subtracting(outside))
                } else {
                    // A block that can be captured keeps its liberties in play, and the points beyond the
                    // ones that lead out, so that extending there does not join it to the filled frame at
                    // once. Seen with the narrower frame tried above, on an open corner kill written in
                    // ProblemFrameTests: cutting stones extended into the frame and lived, and the solver
                    // proved a kill that GNU Go's owl refutes. It costs some proofs (35 of 80 elementary
                    // problems at 50,000 nodes instead of 39) and keeps the frame from deciding a fight.
                    region.formUnion(liberties)
                    for liberty in waysOut {
                        region.formUnion(neighbours(liberty).filter { board[$0] == nil })
                    }
                }
            }
        }
        // The empty points next to the points in play that the frame does not settle (a pocket the
        // attacker's stones enclose) are in play too: a stone on the region never has a liberty that no
        // move can fill.
        var pending = Array(region)
        while let point = pending.popLast() {
            for neighbour in neighbours(point) where board[neighbour] == nil && !outside.contains(neighbour) && region.insert(neighbour).inserted {
                pending.append(neighbour)
            }
        }
        return (region.sorted(), outside.subtracting(region).sorted())
    }

    /// The area's points that `defender`'s stones reach through empty points and their own stones, within
    /// `sphere` when one is given.
    private static func reach(of defender: Stone, on board: Board, area: BoardArea, within sphere: DefenderSphere?) -> Set<Point> {
        var reached = Set(board.stones.filter { $0.stone == defender }.map(\.point))
        var stack = Array(reached)
        while let point = stack.popLast() {
            for neighbour in board.size.neighbours(of: point) where area.contains(neighbour) && board[neighbour] != defender.opponent
                && sphere?.contains(neighbour) != false && reached.insert(neighbour).inserted {
                stack.append(neighbour)
            }
        }
        return reached
    }

    /// The empty points of the area outside `reached` that lead, through such points, out of the area.
    private static func pointsLeadingOut(on board: Board, area: BoardArea, notReached reached: Set<Point>) -> Set<Point> {
        let size = board.size
        var stack = size.points.filter { point in
            area.contains(point) && board[point] == nil && !reached.contains(point)
                && size.neighbours(of: point).contains { !area.contains($0) }
        }
        var outside = Set(stack)
        while let point = stack.popLast() {
            for neighbour in size.neighbours(of: point) where area.contains(neighbour) && board[neighbour] == nil && !reached.contains(neighbour)
                && outside.insert(neighbour).inserted {
                stack.append(neighbour)
            }
        }
        return outside
    }

    /// The board with every point outside `area` filled with the attacker's stones, but for eyes: points at
    /// least two lines from the area, every third line in both directions.
    static func framed(_ board: Board, area: BoardArea, attacker: Stone) -> Board {
        var framed = board
        for point in board.size.points where !area.contains(point) {
            let distance = max(distanceOutside(point.column, area.columns), distanceOutside(point.row, area.rows))
            let isEye = distance >= 2 && point.column % 3 == 1 && point.row % 3 == 1
            framed.set(isEye ? nil : attacker, at: point)
        }
        return framed
    }

    private static func distanceOutside(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        value < range.lowerBound ? range.lowerBound - value : (value > range.upperBound ? value - range.upperBound : 0)
    }

    /// The side whose stones are enclosed: the one that cannot reach the open board beyond the area through
    /// empty points and its own stones; when both or neither can, the one with fewer stones facing the open
    /// board (`stonesFacingTheOpenBoard`), the enclosing side's wall; then the one whose stones lie nearer
    /// the edges (the corner or side the problem is set in). Nil when that too is a tie.
    ///
    /// Why the stones facing the open board before the edges: in most problems both sides reach the open
    /// board and the defender lies nearer the edge, but not when the group at stake sits in the middle of
    /// a wall that runs along the edge. Failed before (Cho Chikun, advanced 763, "Black to play", where
    /// Black's ten stones inside White's wall must live): White's wall on the second line put White nearer
    /// the edge, and the solver read the kill of White's wall, proven impossible, as the answer.
    /// Measured where the goal is known: Gokyo Shumyo's sections "Living" and "Killing" (`../shared/corpus`,
    /// 174 problems, each "white/black to play" under its section's goal), the defender told right on 169
    /// where the edges alone told 164 (101 and 68 of 103 and 71, against 94 and 70). On 133 problems of a
    /// second book (not in this repository) the two rules agree on 130; of the other three the new one
    /// decides two as the book does (Cho Chikun advanced 763 and 792) and ties on the third, which the
    /// edges decide. Counting only clear majorities (twice as many facing stones) told 166 of the 174: the
    /// plain count was kept.
    static func enclosedSide(of board: Board, area: BoardArea) -> Stone? {
        let size = board.size
        func escapes(_ stone: Stone) -> Bool {
            var seen: Set<Point> = []
            var stack = board.stones.filter { $0.stone == stone }.map(\.point)
            seen.formUnion(stack)
            while let point = stack.popLast() {
                if !area.contains(point) { return true }
                for neighbour in size.neighbours(of: point) where !seen.contains(neighbour) && board[neighbour] != stone.opponent {
                    seen.insert(neighbour)
                    stack.append(neighbour)
                }
            }
            return false
        }
        let blackEscapes = escapes(.black)
        let whiteEscapes = escapes(.white)
        if blackEscapes != whiteEscapes { return blackEscapes ? .white : .black }
        let facing = stonesFacingTheOpenBoard(of: board, area: area)
        if facing.black != facing.white { return facing.black > facing.white ? .white : .black }
        func meanEdgeDistance(_ stone: Stone) -> Double? {
            let points = board.stones.filter { $0.stone == stone }.map(\.point)
            guard !points.isEmpty else { return nil }
            let total = points.reduce(0) { sum, point in
                sum + min(point.column, size.columns - 1 - point.column) + min(point.row, size.rows - 1 - point.row)
            }
            return Double(total) / Double(points.count)
        }
        guard let black = meanEdgeDistance(.black) else { return .white }
        guard let white = meanEdgeDistance(.white) else { return .black }
        if black == white { return nil }
        return black < white ? .black : .white
    }

    /// How many stones of each colour stand next to the open board: an empty point joined, through empty
    /// points, to an empty point beyond the area. The enclosing side's wall faces it; the group inside
    /// faces its own eye space. Zero for both when the area covers the board.
    static func stonesFacingTheOpenBoard(of board: Board, area: BoardArea) -> (black: Int, white: Int) {
        let size = board.size
        var open = Set(size.points.filter { !area.contains($0) && board[$0] == nil })
        var stack = Array(open)
        while let point = stack.popLast() {
            for neighbour in size.neighbours(of: point) where board[neighbour] == nil && open.insert(neighbour).inserted {
                stack.append(neighbour)
            }
        }
        var black = 0
        var white = 0
        for (point, stone) in board.stones where size.neighbours(of: point).contains(where: open.contains) {
            if stone == .black { black += 1 } else { white += 1 }
        }
        return (black, white)
    }

    /// A stone of the colour's group at stake. The colour's blocks that share a liberty make one group
    /// (they connect by playing there, or live together); the group with the most stones is at stake, and
    /// its block with the most stones stands for it (then fewest liberties; then first on the board).
    ///
    /// Why groups and not blocks: a book's group is often several blocks, and its largest block alone may
    /// be a few stones it gives up. On Cho Chikun's intermediate 111 the largest block (three stones in
    /// atari) was proven captured where the book lives with the five stones above it.
    static func targetBlock(of stone: Stone, on board: Board) -> Point? {
        let groups = BlockGroups(of: stone, on: board)
        let blocks = groups.blocks
        // Most stones in the group, then in the block, then fewest liberties; the first on the board on a tie.
        let best = blocks.indices.min { first, second in
            let (a, b) = (blocks[first], blocks[second])
            let (groupA, groupB) = (groups.stones(inGroupOf: first), groups.stones(inGroupOf: second))
            if groupA != groupB { return groupA > groupB }
            if a.stones.count != b.stones.count { return a.stones.count > b.stones.count }
            return a.liberties.count < b.liberties.count
        }
        return best.map { blocks[$0].point }
    }

    /// A stone of each block of two or more stones that shares the group of `target`'s block
    /// (`targetBlock(of:on:)`), other than that block.
    ///
    /// Why: a kill is of the group, not of the block that stands for it. Failed before (Cho Chikun,
    /// elementary 120): a first move that captures the three-stone target while the defender saves the
    /// four stones beside it, with two eyes, was reported as a kill; the book gives it as wrong.
    static func groupBlocks(of target: Point, on board: Board) -> [Point] {
        guard let stone = board[target] else { return [] }
        let groups = BlockGroups(of: stone, on: board)
        guard let targetIndex = groups.blocks.firstIndex(where: { $0.stones.contains(target) }) else { return [] }
        return groups.blocks.indices.filter { index in
            index != targetIndex && groups.blocks[index].stones.count >= 2 && groups.sameGroup(index, targetIndex)
        }.map { groups.blocks[$0].point }
    }
}
