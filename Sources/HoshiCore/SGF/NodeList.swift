/// The nodes of a `GameTree` (index 0 is the root), in file order; `nodes[id]` is the node with that ID.
///
/// Stored flat rather than as an array of `Node` values: a node read from a file is a run of the file's
/// `PropertyArena` and its links, all plain integers, and a `Node` is built only when one is read. An
/// array of `Node`s held one reference to the arena per node, retained when a tree was built and released
/// when it was freed: about a tenth of the time spent reading and replaying a file.
public struct NodeList: RandomAccessCollection, Hashable, Sendable {
    /// One node: where its properties are and its links. No references, so the list holds none per node.
    struct Entry {
        /// The parent's index, -1 for the root.
        var parent: Int32
        /// The first and last child and the next sibling, -1 for none. Children are in ID order.
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// A node read from a file: its first property in `arena` and how many it has. A node with its
        /// own properties (made or changed in code, or merged duplicates): `first` is -1 and `count` is
        /// the index of its properties in `ownProperties`.
        var first: Int32
        var count: Int32
        /// `Node.sourceOffset`, -1 for none: 32 bits keep an entry at 28 bytes, and the parser refuses
        /// files over 1 GB.
        private var offset: Int32

        init(parent: Int32, first: Int32, count: Int32, sourceOffset: Int?) {
            self.parent = parent
            self.first = first
            self.count = count
            offset = sourceOffset.flatMap { Int32(exactly: $0) } ?? -1
        }

        var sourceOffset: Int? { offset >= 0 ? Int(offset) : nil }
    }

    private(set) var entries: [Entry]
    /// The properties of the nodes that have their own (see `Entry.count`).
    private var ownProperties: [[Property]]
    /// The properties of the file the nodes were read from, nil for a tree made in code.
    let arena: PropertyArena?

    /// Nodes whose `parent` is set (always an earlier node); the child links are made here. An empty
    /// list gets an empty root.
    init(linking entries: [Entry], ownProperties: [[Property]], arena: PropertyArena?) {
        var entries = entries
        // One pass over the buffer: a file has a node per move, and going through `append` checked the
        // array's storage for every link.
        entries.withUnsafeMutableBufferPointer { buffer in
            for id in buffer.indices {
                let parent = Int(buffer[id].parent)
                guard parent >= 0 else { continue }
                precondition(parent < id, "a node's parent comes before it")
                let lastSibling = buffer[parent].lastChild
                if lastSibling >= 0 { buffer[Int(lastSibling)].nextSibling = Int32(id) } else { buffer[parent].firstChild = Int32(id) }
                buffer[parent].lastChild = Int32(id)
            }
        }
        self.entries = entries
        self.ownProperties = ownProperties
        self.arena = arena
        if entries.isEmpty { append(Node(), to: nil) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The node with this ID, built from its entry.
    public subscript(id: Node.ID) -> Node {
        let entry = entries[id]
        let parent = entry.parent >= 0 ? Int(entry.parent) : nil
        var node = if entry.first >= 0, let arena {
            Node(arena: arena, first: entry.first, count: entry.count, parent: parent, sourceOffset: entry.sourceOffset)
        } else {
            Node(properties: ownProperties[Int(entry.count)], parent: parent, sourceOffset: entry.sourceOffset)
        }
        var child = entry.firstChild
        while child >= 0 {
            node.addChild(Int(child))
            child = entries[Int(child)].nextSibling
        }
        return node
    }

    public static func == (lhs: NodeList, rhs: NodeList) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for node in self { hasher.combine(node) }
    }

    // MARK: - Reading without building nodes

    /// The node's run of `arena`, nil when it has its own properties.
    func arenaRange(of id: Node.ID) -> Range<Int>? {
        let entry = entries[id]
        return entry.first >= 0 ? Int(entry.first)..<Int(entry.first + entry.count) : nil
    }

    func parent(of id: Node.ID) -> Node.ID? {
        entries[id].parent >= 0 ? Int(entries[id].parent) : nil
    }

    func firstChild(of id: Node.ID) -> Node.ID? {
        entries[id].firstChild >= 0 ? Int(entries[id].firstChild) : nil
    }

    // MARK: - Changing

    /// Replaces a node's properties and source offset; its links stay.
    mutating func replace(_ id: Node.ID, with node: Node) {
        let old = entries[id]
        var entry = entry(for: node, parent: old.parent, reusing: old.first < 0 ? Int(old.count) : nil)
        entry.firstChild = old.firstChild
        entry.lastChild = old.lastChild
        entry.nextSibling = old.nextSibling
        entries[id] = entry
    }

    /// Adds a node as the last child of `parent` (nil for the root) and returns its ID.
    @discardableResult
    mutating func append(_ node: Node, to parent: Node.ID?) -> Node.ID {
        append(entry(for: node, parent: parent.map { Int32($0) } ?? -1, reusing: nil))
    }

    /// The entry storing a node: its run of `arena` if it is one, else its own properties (in the slot
    /// of `ownProperties` being replaced, if any).
    private mutating func entry(for node: Node, parent: Int32, reusing slot: Int?) -> Entry {
        if let range = node.arenaRange, node.isStored(in: arena) {
            return Entry(parent: parent, first: Int32(range.lowerBound), count: Int32(range.count), sourceOffset: node.sourceOffset)
        }
        let index: Int
        if let slot {
            ownProperties[slot] = node.properties
            index = slot
        } else {
            ownProperties.append(node.properties)
            index = ownProperties.count - 1
        }
        return Entry(parent: parent, first: -1, count: Int32(index), sourceOffset: node.sourceOffset)
    }

    @discardableResult
    private mutating func append(_ entry: Entry) -> Node.ID {
        let id = entries.count
        entries.append(entry)
        if entry.parent >= 0 {
            let parent = Int(entry.parent)
            if entries[parent].lastChild >= 0 {
                entries[Int(entries[parent].lastChild)].nextSibling = Int32(id)
            } else {
                entries[parent].firstChild = Int32(id)
            }
            entries[parent].lastChild = Int32(id)
        }
        return id
    }
}
