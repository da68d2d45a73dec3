/// The points nearer the defender's stones than the attacker's: where, in a problem to kill, the defender
/// may make its eyes. A point at the same distance from both belongs to the defender, and with a `slack`,
/// a point up to that many lines farther from the defender's stones than from the attacker's.
///
/// Distances are counted along the lines of the board (Manhattan distance), through stones and empty
/// points alike: the sphere says whose sphere of influence a point lies in, not who can reach it.
struct DefenderSphere {
    private let defenderStones: [Point]
    private let attackerStones: [Point]
    private let slack: Int

    init(defender: Stone, on board: Board, slack: Int = 0) {
        defenderStones = board.stones.filter { $0.stone == defender }.map(\.point)
        attackerStones = board.stones.filter { $0.stone == defender.opponent }.map(\.point)
        self.slack = slack
    }

    func contains(_ point: Point) -> Bool {
        let attackerDistance = Self.distance(from: point, to: attackerStones)
        // Without attacker stones every point is the defender's, whatever the slack (and nothing overflows).
        return attackerDistance == Int.max || Self.distance(from: point, to: defenderStones) <= attackerDistance + slack
    }

    private static func distance(from point: Point, to stones: [Point]) -> Int {
        stones.lazy.map { abs($0.column - point.column) + abs($0.row - point.row) }.min() ?? Int.max
    }
}
