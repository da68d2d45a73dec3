/// GTP's spelling of points and colours (Go Text Protocol version 2, section 2.11): a vertex is a column
/// letter `A`-`Z` without `I` and a row number counted from the bottom (`D4`, `pass`), case-insensitive; a
/// colour is `b`, `black`, `w` or `white`. Boards up to 25x25, where the letters end.
public enum GTPVertex {
    /// The column letters, `I` left out.
    static let letters = Array("ABCDEFGHJKLMNOPQRSTUVWXYZ")

    /// The largest board GTP can address.
    public static let maximumSize = 25

    /// What a vertex token means on a board of `size`.
    public enum Parsed: Equatable {
        case pass
        case point(Point)
        /// Well formed but off this board (`Z25` on 9x9).
        case offBoard
    }

    /// Reads a vertex token; nil when it is not a vertex at all.
    public static func parse(_ token: String, size: Int) -> Parsed? {
        let upper = token.uppercased()
        if upper == "PASS" { return .pass }
        guard let first = upper.first, let column = letters.firstIndex(of: first) else { return nil }
        let digits = upper.dropFirst()
        guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 1 else {
            return nil
        }
        guard column < size, number <= size else { return .offBoard }
        return .point(Point(column: column, row: size - number))
    }

    /// `D4`, or `pass` for nil.
    public static func format(_ point: Point?, size: Int) -> String {
        guard let point else { return "pass" }
        return "\(letters[point.column])\(size - point.row)"
    }

    /// Reads a colour token; nil when it is not one.
    public static func colour(_ token: String) -> Stone? {
        switch token.lowercased() {
        case "b", "black": return .black
        case "w", "white": return .white
        default: return nil
        }
    }

    /// `B` or `W` as GTP results and `final_score` write colours.
    public static func letter(_ stone: Stone) -> String { stone == .black ? "B" : "W" }
}
