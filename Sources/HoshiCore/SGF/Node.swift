/// One node of a game tree: an ordered list of properties, plus its place in the tree.
///
/// Nodes live in a `GameTree` (`nodes`, a `NodeList`) and refer to each other by index (`Node.ID`) rather than by nesting:
/// records with tens of thousands of moves in one line would otherwise be recursive values thousands deep
/// (slow to copy, and deep enough to overflow the stack when freed).
public struct Node: Hashable, Sendable {
    /// Index of a node in its `GameTree.nodes`.
    public typealias ID = Int

    /// Properties in file order. For a node read from a file this builds the array, strings included, on
    /// each call (see `PropertyArena`); loops over many nodes should prefer `property(_:)`, `raw(_:)`,
    /// `propertyCount` and the `...(ofPropertyAt:)` accessors, which build only what they return.
    public var properties: [Property] {
        get {
            guard let arena else { return ownProperties }
            return (Int(first)..<Int(first + count)).map { arena.property(at: $0) }
        }
        set {
            storage = .own(newValue)
            first = -1
            count = 0
        }
    }

    // Where the properties live. Read from a file: a run of the file's `PropertyArena` (`first`, `count`),
    // never changed, nothing allocated per node. Made or changed in code, or merged duplicates: the
    // node's own array, and `first` is -1. One enum rather than two fields, so that a node value holds a
    // single reference. (A tree stores neither: see `NodeList`.)
    private enum Storage: Sendable {
        case arena(PropertyArena)
        case own([Property])
    }
    private var storage: Storage
    private var first: Int32 = -1
    private var count: Int32 = 0

    /// The file's arena holding the properties, nil when the node has its own.
    private var arena: PropertyArena? {
        if case .arena(let arena) = storage { return arena }
        return nil
    }

    /// The node's own properties, empty when they are in an arena.
    private var ownProperties: [Property] {
        if case .own(let properties) = storage { return properties }
        return []
    }

    /// The node's properties in `arena`, nil when it has its own (what a `NodeList` stores of it).
    var arenaRange: Range<Int>? { first < 0 ? nil : Int(first)..<Int(first + count) }

    /// Whether the node's properties are a run of `arena` (a `NodeList` then stores just the run).
    func isStored(in arena: PropertyArena?) -> Bool {
        guard let own = self.arena else { return false }
        return own === arena
    }

    /// The parent's index; nil for the root.
    public internal(set) var parent: ID?
    /// Children in file order; the first is the main line. (Stored without an array for the common
    /// case of one child; this getter builds one.)
    public var children: [ID] {
        switch childList {
        case .none: return []
        case .one(let child): return [child]
        case .many(let children): return children
        }
    }
    private var childList: ChildList

    /// Most nodes have one child: keep it inline rather than in a one-element array.
    private enum ChildList: Hashable, Sendable {
        case none
        case one(ID)
        case many([ID])
    }

    /// The first child (the main line), without building an array.
    public var firstChild: ID? {
        switch childList {
        case .none: return nil
        case .one(let child): return child
        case .many(let children): return children.first
        }
    }

    /// How many children the node has.
    public var childCount: Int {
        switch childList {
        case .none: return 0
        case .one: return 1
        case .many(let children): return children.count
        }
    }

    /// The child at a position, without building an array.
    public func child(at index: Int) -> ID {
        switch childList {
        case .one(let child): return child
        case .many(let children): return children[index]
        case .none: preconditionFailure("node has no children")
        }
    }

    mutating func addChild(_ child: ID) {
        switch childList {
        case .none: childList = .one(child)
        case .one(let first): childList = .many([first, child])
        case .many(var children):
            childList = .none
            children.append(child)
            childList = .many(children)
        }
    }

    /// Byte offset of the node's `;` in the file read (nil for nodes made in code). Not part of equality.
    public var sourceOffset: Int?

    /// A node with properties; links are set when it is added to a tree (`GameTree.appendNode`).
    public init(properties: [Property] = [], sourceOffset: Int? = nil) {
        self.storage = .own(properties)
        self.parent = nil
        self.childList = .none
        self.sourceOffset = sourceOffset
    }

    init(properties: [Property], parent: ID?, sourceOffset: Int?) {
        self.storage = .own(properties)
        self.parent = parent
        self.childList = .none
        self.sourceOffset = sourceOffset
    }

    /// A node read from a file, whose properties are `count` properties of `arena` from `first` on.
    init(arena: PropertyArena, first: Int32, count: Int32, parent: ID?, sourceOffset: Int?) {
        self.storage = .arena(arena)
        self.first = first
        self.count = count
        self.parent = parent
        self.childList = .none
        self.sourceOffset = sourceOffset
    }

    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.properties == rhs.properties && lhs.parent == rhs.parent && lhs.childList == rhs.childList
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(properties)
        hasher.combine(childList)
    }

    // MARK: - Properties

    /// The property with this identifier, if present.
    public func property(_ identifier: String) -> Property? {
        guard let index = propertyIndex(identifier) else { return nil }
        return property(at: index)
    }

    /// Whether the node has the property.
    public func has(_ identifier: String) -> Bool {
        propertyIndex(identifier) != nil
    }

    /// The first value of a property, raw.
    public func raw(_ identifier: String) -> String? {
        guard let index = propertyIndex(identifier) else { return nil }
        return firstValue(ofPropertyAt: index)?.raw
    }

    /// How many properties the node has.
    public var propertyCount: Int {
        arena == nil ? ownProperties.count : Int(count)
    }

    /// The property at a position (0 ..< `propertyCount`), in file order.
    public func property(at index: Int) -> Property {
        guard let arena else { return ownProperties[index] }
        return arena.property(at: Int(first) + index)
    }

    /// The definition of the property at a position, nil for properties `PropertyTable` does not know.
    /// Builds no strings for nodes read from a file.
    public func definition(ofPropertyAt index: Int) -> PropertyTable.Definition? {
        guard let arena else { return PropertyTable.definition(of: ownProperties[index].identifier) }
        return PropertyTable.definition(ofCode: arena.properties[Int(first) + index].identifier)
    }

    /// The first value of the property at a position, without building the others.
    public func firstValue(ofPropertyAt index: Int) -> PropertyValue? {
        guard let arena else { return ownProperties[index].firstValue }
        return PropertyValue(raw: arena.raw(ofValue: Int(arena.properties[Int(first) + index].firstValue)))
    }

    /// The identifier of the property at a position.
    func identifier(ofPropertyAt index: Int) -> String {
        guard let arena else { return ownProperties[index].identifier }
        return arena.identifier(ofCode: arena.properties[Int(first) + index].identifier)
    }

    /// How many values the property at a position has.
    func valueCount(ofPropertyAt index: Int) -> Int {
        guard let arena else { return ownProperties[index].valueCount }
        return Int(arena.properties[Int(first) + index].valueCount)
    }

    /// The position of the first property with this identifier.
    private func propertyIndex(_ identifier: String) -> Int? {
        guard let arena else { return ownProperties.firstIndex { $0.identifier == identifier } }
        guard let code = arena.code(of: identifier) else { return nil }
        for index in 0..<Int(count) where arena.properties[Int(first) + index].identifier == code { return index }
        return nil
    }

    /// Replaces a property's values, or appends the property.
    public mutating func set(_ identifier: String, _ values: [PropertyValue]) {
        if let index = properties.firstIndex(where: { $0.identifier == identifier }) {
            properties[index].values = values
        } else {
            properties.append(Property(identifier, values))
        }
    }

    /// Removes a property if present.
    public mutating func remove(_ identifier: String) {
        properties.removeAll { $0.identifier == identifier }
    }

    // MARK: - Typed views

    /// The node's move (`B` or `W`), nil when it has none or its value names no point on the board.
    /// A node with both `B` and `W` (invalid) yields the one written first.
    public func move(on size: BoardSize) -> Move? {
        // A file's node is read from its arena, as the replay reads it: building `properties` (strings
        // included) for every main-line node was most of `hoshi sgf check`'s time per game.
        if let arena, let range = arenaRange { return arena.replayFacts(ofProperties: range, size: size).move }
        for property in properties where property.identifier == "B" || property.identifier == "W" {
            let stone: Stone = property.identifier == "B" ? .black : .white
            switch SGFValue.interpretPoint(property.firstRaw ?? "", size: size, allowPass: true) {
            case .point(let point), .humanCoordinates(let point): return Move(stone, at: point)
            case .pass: return .pass(stone)
            case .invalid: return nil
            }
        }
        return nil
    }

    /// What replaying a node needs, found in one pass over its properties (see `GamePositions`).
    struct ReplayFacts {
        var move: Move?
        var hasSetup = false
        var moveNumber: Int?
        var forcesMove = false
    }

    func replayFacts(on size: BoardSize) -> ReplayFacts {
        guard let arena, let range = arenaRange else { return replayFactsOfOwnedProperties(on: size) }
        return arena.replayFacts(ofProperties: range, size: size)
    }

    private func replayFactsOfOwnedProperties(on size: BoardSize) -> ReplayFacts {
        var facts = ReplayFacts()
        var sawMove = false
        for property in properties {
            switch property.identifier {
            case "B", "W":
                guard !sawMove else { continue }
                sawMove = true
                facts.move = Node.move(property.identifier == "B" ? .black : .white, raw: property.firstRaw ?? "", size: size)
            case "AB", "AW", "AE":
                facts.hasSetup = true
            case "MN":
                facts.moveNumber = property.firstRaw.flatMap(SGFValue.interpretNumber)
            case "KO":
                facts.forcesMove = true
            default:
                continue
            }
        }
        return facts
    }

    /// A move value of a file's arena: the usual two lower-case letters, or a pass, read from the bytes; anything
    /// else as `move(on:)` reads it.
    fileprivate static func move(_ stone: Stone, value: Int, of arena: PropertyArena, size: BoardSize) -> Move? {
        let plain = arena.withASCIIBytes(ofValue: value) { bytes -> Move? in
            if let point = Point(plainSGF: bytes, on: size) { return Move(stone, at: point) }
            return Point.isPass(plainSGF: bytes, on: size) ? .pass(stone) : nil
        }
        if case let move?? = plain { return move }
        return move(stone, raw: arena.raw(ofValue: value), size: size)
    }

    /// A move value read as `move(on:)` does, with a fast path for the usual two lower-case letters.
    private static func move(_ stone: Stone, raw: String, size: BoardSize) -> Move? {
        var utf8 = raw.utf8.makeIterator()
        if let first = utf8.next(), let second = utf8.next(), utf8.next() == nil,
           first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"), second >= UInt8(ascii: "a"), second <= UInt8(ascii: "z") {
            let point = Point(column: Int(first - UInt8(ascii: "a")), row: Int(second - UInt8(ascii: "a")))
            if size.contains(point) { return Move(stone, at: point) }
        }
        switch SGFValue.interpretPoint(raw, size: size, allowPass: true) {
        case .point(let point), .humanCoordinates(let point): return Move(stone, at: point)
        case .pass: return .pass(stone)
        case .invalid: return nil
        }
    }

    /// Setup stones (`AB`, `AW`, `AE`) as (point, stone or nil for empty), in file order.
    public func setup(on size: BoardSize) -> [(point: Point, stone: Stone?)] {
        var result: [(point: Point, stone: Stone?)] = []
        for property in properties {
            let stone: Stone?
            switch property.identifier {
            case "AB": stone = .black
            case "AW": stone = .white
            case "AE": stone = nil
            default: continue
            }
            for point in SGFValue.interpretPointList(property.values, size: size).points { result.append((point, stone)) }
        }
        return result
    }

    /// `PL`: who plays next.
    public var playerToMove: Stone? { raw("PL").flatMap(SGFValue.interpretColor) }
    /// `C`, as Text.
    public var comment: String? { property("C")?.firstValue?.text }
    /// `N`, as SimpleText.
    public var name: String? { property("N")?.firstValue?.simpleText }
    /// `MN`: the move number to show for this node's move.
    public var moveNumber: Int? { raw("MN").flatMap(SGFValue.interpretNumber) }
    /// `KO`: the move is to be played even if illegal.
    public var forcesMove: Bool { has("KO") }
    /// `BL`/`WL`: seconds left for a player after the move.
    public func timeLeft(for stone: Stone) -> Double? {
        raw(stone == .black ? "BL" : "WL").flatMap(SGFValue.interpretReal)
    }
    /// `OB`/`OW`: moves left for a player in the current overtime period.
    public func overtimeMovesLeft(for stone: Stone) -> Int? {
        raw(stone == .black ? "OB" : "OW").flatMap(SGFValue.interpretNumber)
    }
    /// `PM`: print move mode.
    public var printMode: Int? { raw("PM").flatMap(SGFValue.interpretNumber) }
    /// `V`: estimated score (positive good for black).
    public var value: Double? { raw("V").flatMap(SGFValue.interpretReal) }
    /// `FG`: a figure starts here.
    public var figure: SGFFigure? {
        guard let property = property("FG") else { return nil }
        guard let raw = property.firstRaw, let (flags, name) = SGFValue.splitComposed(raw) else { return SGFFigure(flags: nil, name: nil) }
        return SGFFigure(flags: SGFValue.interpretNumber(flags), name: SGFValue.interpretSimpleText(name))
    }

    /// Move annotation: `BM`, `TE`, `DO`, `IT`.
    public var moveAnnotation: MoveAnnotation? {
        for property in properties {
            let emphasis = property.firstRaw.flatMap(SGFValue.interpretDouble) ?? 1
            switch property.identifier {
            case "BM": return .bad(emphasised: emphasis == 2)
            case "TE": return .tesuji(emphasised: emphasis == 2)
            case "DO": return .doubtful
            case "IT": return .interesting
            default: continue
            }
        }
        return nil
    }

    /// Position annotations: `GB`, `GW`, `DM`, `UC` and the hotspot `HO`.
    public var positionAnnotations: [PositionAnnotation] {
        properties.compactMap { property in
            let emphasised = property.firstRaw.flatMap(SGFValue.interpretDouble) == 2
            switch property.identifier {
            case "GB": return .goodForBlack(emphasised: emphasised)
            case "GW": return .goodForWhite(emphasised: emphasised)
            case "DM": return .even(emphasised: emphasised)
            case "UC": return .unclear(emphasised: emphasised)
            case "HO": return .hotspot(emphasised: emphasised)
            default: return nil
            }
        }
    }

    /// Markup (`TR CR SQ MA SL DD LB AR LN TB TW`) and the `VW` view.
    public func markup(on size: BoardSize) -> BoardMarkup {
        var markup = BoardMarkup()
        for property in properties {
            let points = { SGFValue.interpretPointList(property.values, size: size).points }
            switch property.identifier {
            case "TR": markup.triangles += points()
            case "CR": markup.circles += points()
            case "SQ": markup.squares += points()
            case "MA": markup.crosses += points()
            case "SL": markup.selected += points()
            case "DD": markup.dimmed += points()
            case "TB": markup.blackTerritory += points()
            case "TW": markup.whiteTerritory += points()
            case "VW": markup.view = points()
            case "LB": markup.labels += SGFValue.interpretLabels(property.values, size: size).map { BoardMarkup.Label(point: $0.point, text: $0.text) }
            case "AR": markup.arrows += SGFValue.interpretPointPairs(property.values, size: size).map { BoardMarkup.Line(from: $0.from, to: $0.to) }
            case "LN": markup.lines += SGFValue.interpretPointPairs(property.values, size: size).map { BoardMarkup.Line(from: $0.from, to: $0.to) }
            default: continue
            }
        }
        return markup
    }
}

extension PropertyArena {
    /// What replaying a node needs, from its properties `range` of this arena.
    ///
    /// Hot: once per property of every node replayed. Identifiers are compared as codes and moves read
    /// from the file's bytes, without building strings.
    func replayFacts(ofProperties range: Range<Int>, size: BoardSize) -> Node.ReplayFacts {
        var facts = Node.ReplayFacts()
        var sawMove = false
        for index in range {
            let stored = properties[index]
            switch stored.identifier {
            case PropertyTable.blackMoveCode, PropertyTable.whiteMoveCode:
                guard !sawMove else { continue }
                sawMove = true
                let stone: Stone = stored.identifier == PropertyTable.blackMoveCode ? .black : .white
                facts.move = Node.move(stone, value: Int(stored.firstValue), of: self, size: size)
            case PropertyTable.addBlackCode, PropertyTable.addWhiteCode, PropertyTable.addEmptyCode:
                facts.hasSetup = true
            case PropertyTable.moveNumberCode:
                facts.moveNumber = SGFValue.interpretNumber(raw(ofValue: Int(stored.firstValue)))
            case PropertyTable.koCode:
                facts.forcesMove = true
            default:
                continue
            }
        }
        return facts
    }
}
