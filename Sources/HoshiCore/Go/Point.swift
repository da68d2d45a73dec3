/// An intersection of the board, counted as SGF counts it.
///
/// `column` runs 0... from the left edge and `row` runs 0... from the top edge, so `Point(column: 0, row: 0)`
/// is SGF `aa` (the top-left corner). Human coordinates (`Q16`, counted from the bottom left) are converted
/// at the SGF boundary; nothing else in Hoshi uses them.
public struct Point: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Row-major order: top row first, left to right, as diagrams are printed.
    public static func < (lhs: Point, rhs: Point) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    /// The SGF spelling (`a`–`z` for 0–25, `A`–`Z` for 26–51), e.g. `dd`.
    public var sgf: String {
        // Written in place: pages spell thousands of points, and two letters fit a string without storage.
        String(unsafeUninitializedCapacity: 2) { letters in
            letters[0] = Point.sgfLetter(column)
            letters[1] = Point.sgfLetter(row)
            return 2
        }
    }

    public var description: String { sgf }

    /// `sgf`'s two bytes written onto the end of `bytes`: for text spelled byte by byte (a page's viewer
    /// data spells a few points for every analysed position).
    public func appendSGF(to bytes: inout [UInt8]) {
        bytes.append(Point.sgfLetter(column))
        bytes.append(Point.sgfLetter(row))
    }

    static func sgfLetter(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "A") + UInt8(value - 26)
    }

    /// The point two lower-case SGF letters (`dd`) name on a board of `size`; nil for any other bytes, or a
    /// point off the board. The usual spelling of moves and points, read without making a string; every
    /// reader of points gives the same answer for these bytes.
    init?(plainSGF bytes: UnsafeBufferPointer<UInt8>, on size: BoardSize) {
        guard bytes.count == 2 else { return nil }
        let column = Int(bytes[0]) &- Int(UInt8(ascii: "a"))
        let row = Int(bytes[1]) &- Int(UInt8(ascii: "a"))
        guard column >= 0, column < 26, row >= 0, row < 26 else { return nil }
        self.init(column: column, row: row)
        guard size.contains(self) else { return nil }
    }

    /// Whether a move value is a pass: empty (FF[4]), or `tt` on a board up to 19x19 (FF[3]).
    static func isPass(plainSGF bytes: UnsafeBufferPointer<UInt8>, on size: BoardSize) -> Bool {
        bytes.isEmpty || (bytes.count == 2 && isFF3Pass(bytes[0], bytes[1], on: size))
    }

    /// Whether two letters are FF[3]'s pass, `tt`, which is off the board only up to 19x19.
    static func isFF3Pass(_ first: UInt8, _ second: UInt8, on size: BoardSize) -> Bool {
        first == UInt8(ascii: "t") && second == UInt8(ascii: "t") && size.columns <= 19 && size.rows <= 19
    }

    /// The coordinate an SGF point letter stands for, or nil for a byte that is not a letter.
    static func coordinate(ofSGFLetter byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A")) + 26
        default: return nil
        }
    }
}
