/// The dead eye shapes: a group whose only eye space is one of these, with no liberty outside it, dies
/// when the attacker plays the vital point first (or whoever plays, for the smallest and the square four).
///
/// The shapes, by size: one and two points (dead); straight and bent three (dead if the attacker plays
/// the middle); the square four (dead whoever plays); the pyramid four, the bulky and crossed five and the
/// rabbitty six (dead if the attacker plays the vital point). Everything else (straight and bent four, the
/// 2x3 rectangle, larger spaces) is left to the search.
///
/// Sound only under conditions `SettledPosition` checks: the eye space holds no stones, it is bounded by
/// the target's block alone, the block has no liberty outside it, and every attacker block next to the
/// target has more outside liberties than the defender could ever take by filling (so no capturing race).
enum EyeShape {
    /// Who must play first for the shape to be dead.
    enum Verdict {
        /// Dead whoever plays first.
        case dead
        /// Dead if the attacker plays first (the defender playing the vital point makes two eyes).
        case deadIfAttackerPlays
        /// Not one of the dead shapes.
        case unsettled
    }

    /// The verdict for an eye space given as (column, row) offsets of its points.
    static func verdict(of points: [(column: Int, row: Int)]) -> Verdict {
        let count = points.count
        if count <= 2 { return .dead }
        if count > 6 { return .unsettled }
        // Neighbour counts inside the space, sorted: a signature that tells the small shapes apart.
        var degrees: [Int] = points.map { point in
            points.filter { abs($0.column - point.column) + abs($0.row - point.row) == 1 }.count
        }
        degrees.sort()
        let columns = Set(points.map(\.column)).count
        let rows = Set(points.map(\.row)).count
        let box = columns * rows
        switch count {
        case 3:
            return .deadIfAttackerPlays
        case 4:
            if degrees == [2, 2, 2, 2] && box == 4 { return .dead }  // square four
            if degrees == [1, 1, 1, 3] { return .deadIfAttackerPlays }  // pyramid four
            return .unsettled
        case 5:
            if degrees == [1, 1, 1, 1, 4] { return .deadIfAttackerPlays }  // crossed five
            if degrees == [1, 2, 2, 2, 3] && box == 6 { return .deadIfAttackerPlays }  // bulky five
            return .unsettled
        case 6:
            // Rabbitty six: a 2x2 square with two more points on the two outer sides of one corner,
            // which then touches four (the vital point); in a 3x3 box.
            if degrees == [1, 1, 2, 2, 2, 4] && box == 9 && containsSquare(points) { return .deadIfAttackerPlays }
            return .unsettled
        default:
            return .unsettled
        }
    }

    /// Whether four of the points form a 2x2 square.
    private static func containsSquare(_ points: [(column: Int, row: Int)]) -> Bool {
        let set = Set(points.map { $0.column * 100 + $0.row })
        return points.contains { point in
            let key = point.column * 100 + point.row
            return set.contains(key + 100) && set.contains(key + 1) && set.contains(key + 101)
        }
    }
}
