extension EngineGame {
    /// The game so far as an SGF game tree (what `savesgf` writes): the root with `GM[1]`, the board size,
    /// komi, `HA` when `handicap` holds two stones or more, the setup stones (`AB`, `AW`), then one node
    /// per move (`B[]`/`W[]` for a pass, as FF[4] writes it).
    public func record(handicap: [Point]) -> GameTree {
        var properties = [Property("GM", raw: "1"), Property("SZ", raw: String(size)), Property("KM", raw: Self.number(komi))]
        if handicap.count >= 2 { properties.append(Property("HA", raw: String(handicap.count))) }
        for (identifier, stone) in [("AB", Stone.black), ("AW", .white)] {
            let points = setup.filter { $0.stone == stone }.map { PropertyValue(raw: $0.point.sgf) }
            if !points.isEmpty { properties.append(Property(identifier, points)) }
        }
        var tree = GameTree()
        tree.root = Node(properties: properties)
        var parent = tree.rootID
        for move in moves {
            parent = tree.appendNode(Node(properties: [Property(move.stone.sgfLetter, raw: move.point?.sgf ?? "")]), to: parent)
        }
        return tree
    }

    /// `6.5`, or `6` for a whole number.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
