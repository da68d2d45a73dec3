import Foundation

/// One game of a collection: its nodes (index 0 is the root) in file order.
///
/// Every node's children come after it in `nodes`, so a forward loop over `nodes` visits parents before
/// children; `GamePositions` relies on this. Build trees with `SGFParser` or `appendNode(_:to:)`.
public struct GameTree: Hashable, Sendable {
    public private(set) var nodes: [Node]
    /// Where the tree was read from, for diagnostics about it later (replay, pages). Not part of equality.
    public var source: SourceMap?

    /// A tree with an empty root.
    public init() {
        nodes = [Node()]
    }

    /// A tree from nodes whose parent and children links are already consistent (the parser's output).
    init(nodes: [Node], source: SourceMap?) {
        self.nodes = nodes.isEmpty ? [Node()] : nodes
        self.source = source
    }

    public static func == (lhs: GameTree, rhs: GameTree) -> Bool { lhs.nodes == rhs.nodes }
    public func hash(into hasher: inout Hasher) { hasher.combine(nodes) }

    public var rootID: Node.ID { 0 }
    public var root: Node {
        get { nodes[0] }
        set { nodes[0] = newValue }
    }

    public subscript(id: Node.ID) -> Node {
        get { nodes[id] }
        set {
            // Links are managed by the tree.
            var node = newValue
            node.parent = nodes[id].parent
            node.removeAllChildren()
            for child in nodes[id].children { node.addChild(child) }
            nodes[id] = node
        }
    }

    /// Adds a node as the last child of `parent` and returns its ID.
    @discardableResult
    public mutating func appendNode(_ node: Node, to parent: Node.ID) -> Node.ID {
        var node = node
        node.parent = parent
        node.removeAllChildren()
        let id = nodes.count
        nodes.append(node)
        nodes[parent].addChild(id)
        return id
    }

    /// The main line: the root and each first child after it.
    public var mainLine: [Node.ID] {
        var line = [rootID]
        while let next = nodes[line[line.count - 1]].firstChild { line.append(next) }
        return line
    }

    /// The nodes from the root to `id`, root first.
    public func path(to id: Node.ID) -> [Node.ID] {
        var path = [id]
        while let parent = nodes[path[path.count - 1]].parent { path.append(parent) }
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
private final class LazyLineIndex: @unchecked Sendable {
    private let bytes: [UInt8]
    private var built: LineIndex?
    private let lock = NSLock()

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var index: LineIndex {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let index = LineIndex(bytes: bytes)
        built = index
        return index
    }
}
