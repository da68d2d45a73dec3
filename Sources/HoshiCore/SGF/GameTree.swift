import Foundation

/// One game of a collection: its nodes (index 0 is the root) in file order.
///
/// Every node's children come after it in `nodes`, in ID order, so a forward loop over `nodes` visits
/// parents before children; `GamePositions` relies on this. Build trees with `SGFParser` or
/// `appendNode(_:to:)`.
public struct GameTree: Hashable, Sendable {
    public private(set) var nodes: NodeList
    /// Where the tree was read from, for diagnostics about it later (replay, pages). Not part of equality.
    public var source: SourceMap?

    /// The properties of the file the tree was read from. Every node with an arena range
    /// (`nodes.arenaRange(of:)`) lies in this arena, so loops over the nodes can read properties from here
    /// without building each node.
    var arena: PropertyArena? { nodes.arena }

    /// A tree with an empty root.
    public init() {
        nodes = NodeList(linking: [], ownProperties: [], arena: nil)
    }

    /// A tree from the parser's nodes.
    init(nodes: NodeList, source: SourceMap?) {
        self.nodes = nodes
        self.source = source
    }

    public static func == (lhs: GameTree, rhs: GameTree) -> Bool { lhs.nodes == rhs.nodes }
    public func hash(into hasher: inout Hasher) { hasher.combine(nodes) }

    public var rootID: Node.ID { 0 }
    /// The root. Setting it replaces its properties; links are managed by the tree.
    public var root: Node {
        get { nodes[0] }
        set { nodes.replace(0, with: newValue) }
    }

    /// The node with this ID. Setting it replaces its properties; links are managed by the tree.
    public subscript(id: Node.ID) -> Node {
        get { nodes[id] }
        set { nodes.replace(id, with: newValue) }
    }

    /// The parent of the node with this ID, nil for the root: `self[id].parent` without building the node.
    public func parent(of id: Node.ID) -> Node.ID? { nodes.parent(of: id) }

    /// Adds a node as the last child of `parent` and returns its ID.
    @discardableResult
    public mutating func appendNode(_ node: Node, to parent: Node.ID) -> Node.ID {
        nodes.append(node, to: parent)
    }

    /// The main line: the root and each first child after it.
    public var mainLine: [Node.ID] {
        var line = [rootID]
        while let next = nodes.firstChild(of: line[line.count - 1]) { line.append(next) }
        return line
    }

    /// The nodes from the root to `id`, root first.
    public func path(to id: Node.ID) -> [Node.ID] {
        var path = [id]
        while let parent = nodes.parent(of: path[path.count - 1]) { path.append(parent) }
        return path.reversed()
    }

    /// `SZ` of the root, or 19x19 when absent or unreadable.
    public var boardSize: BoardSize {
        root.raw("SZ").flatMap(SGFValue.interpretBoardSize) ?? .standard
    }

    /// The game information of the root (players, result, komi...).
    public var gameInfo: GameInfo { GameInfo(node: root) }

    /// The moves of the main line, passes included.
    public var mainLineMoves: [Move] {
        let size = boardSize
        return mainLine.compactMap { nodes[$0].move(on: size) }
    }

    /// Calls `body` with the first value of every Text and SimpleText property (comments, names, game
    /// information), interpreted as pages show it, and its node; in file order. Reads a file's nodes from the
    /// arena, without copying the nodes or building other values.
    public func forEachText(_ body: (_ node: Node.ID, _ text: String) -> Void) {
        forEachNode(inArena: { id, range, arena in
            for index in range {
                let stored = arena.properties[index]
                let keepLineBreaks: Bool
                switch PropertyTable.definition(ofCode: stored.identifier)?.valueType {
                case .text?: keepLineBreaks = true
                case .simpleText?: keepLineBreaks = false
                default: continue
                }
                // Plain values are interpreted from the file's bytes, without making the raw string first.
                let value = Int(stored.firstValue)
                let text = arena.withASCIIBytes(ofValue: value) { SGFValue.interpret(bytes: $0, keepLineBreaks: keepLineBreaks) }
                    ?? (keepLineBreaks ? SGFValue.interpretText(arena.raw(ofValue: value)) : SGFValue.interpretSimpleText(arena.raw(ofValue: value)))
                body(id, text)
            }
        }, owned: { id in
            for property in nodes[id].properties {
                guard let value = property.firstValue else { continue }
                switch PropertyTable.definition(of: property.identifier)?.valueType {
                case .text?: body(id, value.text)
                case .simpleText?: body(id, value.simpleText)
                default: continue
                }
            }
        })
    }

    /// Visits every node in order: `inArena` with its run of the arena for a node read from a file,
    /// `owned` for the others. The arena is unwrapped once, because binding it per node would retain and
    /// release it per node.
    func forEachNode(inArena: (Node.ID, Range<Int>, PropertyArena) -> Void, owned: (Node.ID) -> Void) {
        guard let arena else {
            for id in nodes.indices { owned(id) }
            return
        }
        for id in nodes.indices {
            if let range = nodes.arenaRange(of: id) { inArena(id, range, arena) } else { owned(id) }
        }
    }

    /// Calls `body` with each setup stone (`AB`, `AW`, `AE`) of a node, as `Node.setup(on:)` lists them.
    /// A file's nodes are read from the arena: the usual two-letter points from the bytes, other values
    /// through `SGFValue.interpretPointList`, one at a time.
    func forEachSetupStone(of id: Node.ID, on size: BoardSize, _ body: (Point, Stone?) -> Void) {
        guard let arena, let range = nodes.arenaRange(of: id) else {
            for (point, stone) in nodes[id].setup(on: size) { body(point, stone) }
            return
        }
        for index in range {
            let stored = arena.properties[index]
            let stone: Stone?
            switch stored.identifier {
            case PropertyTable.addBlackCode: stone = .black
            case PropertyTable.addWhiteCode: stone = .white
            case PropertyTable.addEmptyCode: stone = nil
            default: continue
            }
            for value in Int(stored.firstValue)..<Int(stored.firstValue + stored.valueCount) {
                if case let point?? = arena.withASCIIBytes(ofValue: value, { Point(plainSGF: $0, on: size) }) {
                    body(point, stone)
                    continue
                }
                let values = [PropertyValue(raw: arena.raw(ofValue: value))]
                for point in SGFValue.interpretPointList(values, size: size).points { body(point, stone) }
            }
        }
    }

    /// A location for a byte offset in the source, if the tree was read from a file.
    func location(ofOffset offset: Int?) -> SourceLocation? {
        guard let offset, let source else { return nil }
        return source.location(ofOffset: offset)
    }
}

/// Path and bytes of the file a tree was read from, so later stages can point at nodes.
///
/// The line table is built on first use: a clean file never needs one, and building it costs a pass over
/// the bytes.
public struct SourceMap: Sendable {
    public var path: String
    private let lines: LazyLineIndex

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.lines = LazyLineIndex(bytes: bytes)
    }

    public func location(ofOffset offset: Int) -> SourceLocation {
        lines.index.location(ofOffset: offset, in: path)
    }
}

/// A `LineIndex` built once, on demand, shared by copies of a `SourceMap`.
private final class LazyLineIndex: Sendable {
    private let bytes: [UInt8]
    private let built = LockedValue<LineIndex?>(nil)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var index: LineIndex {
        built.withLock { built in
            if let built { return built }
            let index = LineIndex(bytes: bytes)
            built = index
            return index
        }
    }
}
