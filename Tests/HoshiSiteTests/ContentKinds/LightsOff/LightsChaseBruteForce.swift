/// An independent check of small Lights Off boards for the site tests, sharing no code with HoshiCore:
/// every solution of a plain-rule board is fixed by its first row of presses (each later row must press
/// exactly the cells under the lights still lit in the row above), so trying all `2^width` first rows and
/// keeping those that leave the last row dark enumerates every solution. Exhaustive, hence exact.
enum LightsChaseBruteForce {
    /// Fewest presses turning `board` (rows of booleans, row 0 first) off, or nil when no solution exists.
    static func par(_ board: [[Bool]]) -> Int? {
        let height = board.count
        guard let width = board.first?.count, height > 0, width > 0, width <= 16 else { return nil }
        var best: Int?
        for firstRow in 0..<(1 << width) {
            var lights = board
            var presses = 0
            func press(_ row: Int, _ column: Int) {
                presses += 1
                for (r, c) in [(row, column), (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where r >= 0 && r < height && c >= 0 && c < width {
                    lights[r][c].toggle()
                }
            }
            for column in 0..<width where firstRow >> column & 1 == 1 { press(0, column) }
            for row in 1..<max(height, 1) {
                for column in 0..<width where lights[row - 1][column] { press(row, column) }
            }
            if lights[height - 1].allSatisfy({ !$0 }) && lights.allSatisfy({ $0.allSatisfy { !$0 } }) {
                best = min(best ?? presses, presses)
            }
        }
        return best
    }

    /// `x-x--|-----|...` (the plist's strings) as rows of booleans, row 0 first.
    static func rows(_ picture: String) -> [[Bool]] {
        picture.split(separator: "|").map { $0.map { $0 == "x" } }
    }
}
