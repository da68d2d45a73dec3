/// Every 5 x 5 board's fewest presses, by brute force over all 2^25 press sets (independent of the solver).
///
/// Press sets are visited in Gray-code order, so each step toggles one cell's press: the board changes by
/// that press's effect. The table maps each 25-bit board (cell (r, c) at bit r * 5 + c) to the fewest
/// presses that produce it from all-off (= that turn it off), or `unreachable`.
enum FiveByFiveBruteForce {
    static let unreachable: UInt8 = 255

    static let minimumPresses: [UInt8] = {
        var effects = [UInt32](repeating: 0, count: 25)
        for cell in 0..<25 {
            let row = cell / 5, column = cell % 5
            var effect: UInt32 = 1 << UInt32(cell)
            if row > 0 { effect |= 1 << UInt32(cell - 5) }
            if row < 4 { effect |= 1 << UInt32(cell + 5) }
            if column > 0 { effect |= 1 << UInt32(cell - 1) }
            if column < 4 { effect |= 1 << UInt32(cell + 1) }
            effects[cell] = effect
        }
        var table = [UInt8](repeating: unreachable, count: 1 << 25)
        table.withUnsafeMutableBufferPointer { table in
            var board: UInt32 = 0
            var presses: UInt32 = 0
            table[0] = 0
            for step in 1..<(1 << 25) {
                let cell = step.trailingZeroBitCount
                presses ^= 1 << UInt32(cell)
                board ^= effects[cell]
                let count = UInt8(presses.nonzeroBitCount)
                if count < table[Int(board)] { table[Int(board)] = count }
            }
        }
        return table
    }()

    /// A board written as `x-x--|...` rows (row 0 first) as 25 bits.
    static func bits(_ rows: String) -> UInt32 {
        var bits: UInt32 = 0
        var index = 0
        for character in rows where character == "x" || character == "-" {
            if character == "x" { bits |= 1 << UInt32(index) }
            index += 1
        }
        return bits
    }
}
