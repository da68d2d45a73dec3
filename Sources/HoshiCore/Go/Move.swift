/// One move of a record: a colour and a point, or a pass (point nil).
///
/// A struct rather than an enum with a `.pass` case so that every move has a colour without a switch.
public struct Move: Hashable, Sendable, CustomStringConvertible {
    public var stone: Stone
    /// Nil for a pass.
    public var point: Point?

    public init(_ stone: Stone, at point: Point?) {
        self.stone = stone
        self.point = point
    }

    public static func pass(_ stone: Stone) -> Move { Move(stone, at: nil) }

    public var isPass: Bool { point == nil }

    /// `B[dd]`, `W[]`.
    public var description: String { "\(stone.sgfLetter)[\(point?.sgf ?? "")]" }
}
