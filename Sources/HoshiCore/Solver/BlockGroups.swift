/// One colour's blocks on a board, joined into groups where blocks share a liberty (they connect by
/// playing there, or live together), as the solver reads "the group at stake" (`ProblemFrame`).
struct BlockGroups {
    /// Each block: its first stone on the board, its stones and its liberties.
    struct Block {
        let point: Point
        let stones: [Point]
        let liberties: [Int]
    }

    let blocks: [Block]
    /// Each block's group, as the index of a block standing for it.
    private let roots: [Int]
    /// The stones of each group, at the index of the block standing for it.
    private let groupStones: [Int]

    init(of stone: Stone, on board: Board) {
        let search = SearchBoard(board: board, toMove: stone, koMaster: nil)
        var seen: Set<Int> = []
        var blocks: [Block] = []
        for (point, colour) in board.stones where colour == stone {
            let cell = search.index(of: point)
            guard !seen.contains(cell) else { continue }
            let block = search.block(at: cell)
            seen.formUnion(block.stones)
            blocks.append(Block(point: point, stones: block.stones.map(search.point(ofIndex:)), liberties: block.liberties))
        }
        var parent = Array(blocks.indices)
        func root(_ block: Int) -> Int {
            var current = block
            while parent[current] != current {
                parent[current] = parent[parent[current]]
                current = parent[current]
            }
            return current
        }
        var blockAtLiberty: [Int: Int] = [:]
        for (index, block) in blocks.enumerated() {
            for liberty in block.liberties {
                if let other = blockAtLiberty[liberty] {
                    parent[root(index)] = root(other)
                } else {
                    blockAtLiberty[liberty] = index
                }
            }
        }
        let roots = blocks.indices.map(root)
        var groupStones = [Int](repeating: 0, count: blocks.count)
        for (index, block) in blocks.enumerated() { groupStones[roots[index]] += block.stones.count }
        self.blocks = blocks
        self.roots = roots
        self.groupStones = groupStones
    }

    /// Whether the blocks at these indices are of one group.
    func sameGroup(_ first: Int, _ second: Int) -> Bool { roots[first] == roots[second] }

    /// The stones of the group of the block at `index`.
    func stones(inGroupOf index: Int) -> Int { groupStones[roots[index]] }
}
