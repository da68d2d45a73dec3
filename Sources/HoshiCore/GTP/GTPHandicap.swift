/// Handicap placement as GTP version 2 defines it for `fixed_handicap` (section 4.1.1): 2 to 9 stones on
/// the 3-3 points (boards 7x7 to 12x12) or 4-4 points (13x13 and up); odd boards from 9x9 may take 5 to 9
/// stones (the centre and the side points), other boards at most 4; boards under 7x7 none.
public enum GTPHandicap {
    /// The largest fixed handicap on a board of `size` (0 when none).
    public static func maximumFixed(size: Int) -> Int {
        if size < 7 { return 0 }
        if size % 2 == 0 || size < 9 { return 4 }
        return 9
    }

    /// The fixed handicap points in GTP's order, nil for an invalid count.
    public static func fixedPoints(count: Int, size: Int) -> [Point]? {
        guard count >= 2, count <= maximumFixed(size: size) else { return nil }
        let near = size >= 13 ? 3 : 2
        let far = size - 1 - near
        let middle = size / 2
        // Rows count from the top; GTP names them from the bottom, so (near, far) is the lower-left.
        let lowerLeft = Point(column: near, row: far), upperRight = Point(column: far, row: near)
        let upperLeft = Point(column: near, row: near), lowerRight = Point(column: far, row: far)
        let centre = Point(column: middle, row: middle)
        let left = Point(column: near, row: middle), right = Point(column: far, row: middle)
        let top = Point(column: middle, row: near), bottom = Point(column: middle, row: far)
        let corners = [lowerLeft, upperRight, upperLeft, lowerRight]
        switch count {
        case 2, 3, 4: return Array(corners.prefix(count))
        case 5: return corners + [centre]
        case 6: return corners + [left, right]
        case 7: return corners + [left, right, centre]
        case 8: return corners + [left, right, top, bottom]
        default: return corners + [left, right, top, bottom, centre]
        }
    }

    /// Points for `place_free_handicap`: the fixed points when that many exist, otherwise the points nearest
    /// the centre after them, so any count from 2 to the number of points minus one can be placed.
    public static func freePoints(count: Int, size: Int) -> [Point]? {
        guard count >= 2, count < size * size else { return nil }
        if let fixed = fixedPoints(count: count, size: size) { return fixed }
        var chosen = fixedPoints(count: maximumFixed(size: size), size: size) ?? []
        let centre = Double(size - 1) / 2
        let rest = BoardSize(columns: size, rows: size).map(\.points) ?? []
        let ordered = rest.filter { !chosen.contains($0) }.sorted {
            let first = abs(Double($0.column) - centre) + abs(Double($0.row) - centre)
            let second = abs(Double($1.column) - centre) + abs(Double($1.row) - centre)
            return first != second ? first < second : $0 < $1
        }
        chosen += ordered.prefix(count - chosen.count)
        return chosen
    }
}
