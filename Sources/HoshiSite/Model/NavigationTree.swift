/// An entry of the site's navigation: a folder, a page, a manual or one of its groups.
public struct NavigationItem: Sendable, Equatable {
    public var id: NavigationID
    /// nil only for the root.
    public var parentID: NavigationID?
    public var title: String
    /// The page the entry opens, if it has one.
    public var outputPath: String?
    /// Position among siblings; entries without one follow, by title.
    public var order: Int?
    /// False for pages that belong under an entry without a sidebar line of their own (the puzzles of a
    /// set): they still have breadcrumbs and a place in the reading order.
    public var isListed = true

    public init(id: NavigationID, parentID: NavigationID?, title: String, outputPath: String?, order: Int? = nil, isListed: Bool = true) {
        self.id = id
        self.parentID = parentID
        self.title = title
        self.outputPath = outputPath
        self.order = order
        self.isListed = isListed
    }
}

/// The sidebar tree, built once per site; each page asks it for its own view (open ancestors, current entry,
/// breadcrumbs, previous and next).
public struct NavigationTree: Sendable, Equatable {
    private var items: [NavigationID: NavigationItem]
    private var children: [NavigationID: [NavigationID]]
    /// Page entries in reading order (depth first), for previous and next links.
    public private(set) var readingOrder: [NavigationID] = []
    private var readingIndex: [NavigationID: Int] = [:]

    public init(items: [NavigationItem], preferredOrder: [String] = []) {
        var table: [NavigationID: NavigationItem] = [:]
        for item in items { table[item.id] = item }
        if table[.root] == nil {
            table[.root] = NavigationItem(id: .root, parentID: nil, title: "Home", outputPath: nil)
        }
        self.items = table
        var children: [NavigationID: [NavigationID]] = [:]
        for item in table.values {
            guard let parent = item.parentID else { continue }
            children[table[parent] == nil ? .root : parent, default: []].append(item.id)
        }
        let rank = Dictionary(preferredOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Sort keys made once per entry, not once per comparison: lower-casing every title again in each
        // comparison was a tenth of a rebuild on a thousand pages.
        for (parent, ids) in children {
            let keyed = ids.map { id in
                (id: id, rank: rank[id.contentPath] ?? Int.max, order: table[id]?.order ?? Int.max,
                 title: table[id]?.title.lowercased() ?? "")
            }
            children[parent] = keyed.sorted { a, b in
                if a.rank != b.rank { return a.rank < b.rank }
                if a.order != b.order { return a.order < b.order }
                return a.title != b.title ? a.title < b.title : a.id < b.id
            }.map(\.id)
        }
        self.children = children
        var order: [NavigationID] = []
        func visit(_ id: NavigationID) {
            if table[id]?.outputPath != nil { order.append(id) }
            for child in children[id] ?? [] { visit(child) }
        }
        visit(.root)
        readingOrder = order
        readingIndex = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func item(_ id: NavigationID) -> NavigationItem? { items[id] }

    public func children(of id: NavigationID) -> [NavigationItem] {
        (children[id] ?? []).compactMap { items[$0] }
    }

    /// The children shown in the sidebar.
    public func listedChildren(of id: NavigationID) -> [NavigationItem] {
        children(of: id).filter(\.isListed)
    }

    /// Whether the sidebar shows entries under `id`: `listedChildren(of:)` without making the list.
    public func hasListedChildren(of id: NavigationID) -> Bool {
        (children[id] ?? []).contains { items[$0]?.isListed == true }
    }

    /// The chain from the root's child down to `id` itself.
    public func ancestry(of id: NavigationID) -> [NavigationItem] {
        var chain: [NavigationItem] = []
        var current = items[id]
        var seen: Set<NavigationID> = []
        while let item = current, item.id != .root, seen.insert(item.id).inserted {
            chain.append(item)
            current = item.parentID.flatMap { items[$0] }
        }
        return chain.reversed()
    }

    public func previous(of id: NavigationID) -> NavigationItem? {
        guard let index = readingIndex[id], index > 0 else { return nil }
        return items[readingOrder[index - 1]]
    }

    public func next(of id: NavigationID) -> NavigationItem? {
        guard let index = readingIndex[id], index + 1 < readingOrder.count else { return nil }
        return items[readingOrder[index + 1]]
    }

    /// The page an entry opens: its own, or its first descendant's (a folder without an index page).
    public func landingPage(of id: NavigationID) -> String? {
        if let path = items[id]?.outputPath { return path }
        for child in children[id] ?? [] {
            if let path = landingPage(of: child) { return path }
        }
        return nil
    }
}
