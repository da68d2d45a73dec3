/// The colour of a stone or of a player.
///
/// An enum rather than a string or a Bool so that "whose turn" and "which stone" cannot be confused with
/// anything else; the raw values are the cell codes `Board` stores (0 is an empty point).
public enum Stone: UInt8, Hashable, Sendable, CaseIterable {
    case black = 1
    case white = 2

    /// The other colour.
    public var opponent: Stone { self == .black ? .white : .black }

    /// `B` or `W`, as SGF writes colours (`PL[B]`, `B[..]`).
    public var sgfLetter: String { self == .black ? "B" : "W" }
}
