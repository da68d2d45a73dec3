import Foundation
import HoshiCore
import HoshiTestSupport

/// An independent Lights Off reference for tests: builds the full press matrix cell by cell, eliminates it
/// with plain `[Bool]` rows, and enumerates every solution. Slow and simple on purpose; it shares no code with
/// the production solver (no chasing, no packed words).
struct LightsReference {
    let width: Int
    let height: Int
    let wraps: Bool

    /// Cells toggled by pressing `cell` (index `row * width + column`), each distinct cell once.
    func toggled(byPressing cell: Int) -> Set<Int> {
        let row = cell / width, column = cell % width
        var cells: Set<Int> = [cell]
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            var r = row + dr, c = column + dc
            if wraps {
                r = (r + height) % height
                c = (c + width) % width
            } else if r < 0 || r >= height || c < 0 || c >= width {
                continue
            }
            cells.insert(r * width + c)
        }
        return cells
    }

    /// The fewest presses that turn `lit` off, or nil if impossible. Returns the press cells.
    func minimumPresses(lit: [Bool]) -> [Int]? {
        let n = width * height
        // Augmented rows: equation for each light: sum of presses that toggle it = lit.
        var rows: [[Bool]] = (0..<n).map { light in
            var row = [Bool](repeating: false, count: n + 1)
            for press in 0..<n where toggled(byPressing: press).contains(light) { row[press] = true }
            row[n] = lit[light]
            return row
        }
        var pivots: [Int] = []
        var pivotRow = 0
        for column in 0..<n {
            guard let found = (pivotRow..<n).first(where: { rows[$0][column] }) else { continue }
            rows.swapAt(found, pivotRow)
            for other in 0..<n where other != pivotRow && rows[other][column] {
                for k in 0...n { rows[other][k] = rows[other][k] != rows[pivotRow][k] }
            }
            pivots.append(column)
            pivotRow += 1
        }
        for row in pivotRow..<n where rows[row][n] { return nil }
        let free = (0..<n).filter { !pivots.contains($0) }
        var best: [Int]? = nil
        for combination in 0..<(1 << free.count) {
            var presses = [Bool](repeating: false, count: n)
            for (index, column) in free.enumerated() where combination >> index & 1 == 1 { presses[column] = true }
            for (row, pivot) in pivots.enumerated() {
                var value = rows[row][n]
                for column in free where rows[row][column] && presses[column] { value.toggle() }
                presses[pivot] = value
            }
            let cells = (0..<n).filter { presses[$0] }
            if best == nil || cells.count < best!.count { best = cells }
        }
        return best
    }

    /// Replays presses on a board and reports whether every light ends off.
    func turnsOff(lit: [Bool], presses: [Int]) -> Bool {
        var state = lit
        for press in presses { for cell in toggled(byPressing: press) { state[cell].toggle() } }
        return !state.contains(true)
    }
}

/// The corpus folder (`../shared/corpus` next to the package root), or nil when absent.
enum LightsCorpus {
    static var folder: String? {
        TestPaths.corpus("lightsoff")?.path
    }

    /// The text of a corpus file, or nil when the corpus is absent.
    static func text(_ name: String) -> String? {
        guard let folder else { return nil }
        return try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    static let missingMessage = "corpus folder ../shared/corpus/lightsoff not found next to the package; skipping"
}
