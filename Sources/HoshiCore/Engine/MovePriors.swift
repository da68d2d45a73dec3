/// The prior knowledge a new tree node starts with: virtual visits and wins derived from the same Go
/// knowledge the playouts use (captures, atari escapes, the line of an opening move, self-atari) and from
/// the 3x3 shape weights learned from the Edo games (`LearnedPatternTable`), which also carry the local
/// answers to the last move that a bonus for its eight neighbours gave before.
/// Every number comes from `EngineParameters`.
struct MovePriors {
    let parameters: EngineParameters

    /// The learned weight of the shape at `index` for `stone`; `prior` takes its share among the moves.
    func shapeWeight(of index: Int, for stone: Stone, on board: PlayoutBoard) -> Float {
        LearnedPatternTable.weight(at: index, for: stone, on: board)
    }

    /// Virtual (visits, wins) for `stone` playing the legal move `index` on `board`; `policy` reads ladders.
    /// `shapeShare` is the move's shape weight divided by the sum of the weights of all the moves of the
    /// position (0...1): Pachi's progressive bias, won visits growing with its square root.
    func prior(of index: Int, for stone: Stone, on board: PlayoutBoard, policy: PlayoutPolicy,
               shapeShare: Double) -> (visits: Double, wins: Double) {
        var visits = parameters.priorEvenVisits
        var wins = parameters.priorEvenVisits / 2
        func add(_ amount: Double, winning: Double) {
            visits += amount
            wins += amount * winning
        }
        if board.captures(index, stone) {
            add(parameters.priorCapture, winning: 1)
        } else if savesChainInAtari(index, for: stone, on: board, policy: policy) {
            add(parameters.priorEscape, winning: 1)
        }
        add(parameters.priorShapeShare * shapeShare.squareRoot(), winning: 1)
        if board.isSelfAtari(index, stone, minimumStones: 2) { add(parameters.priorSelfAtari, winning: 0) }
        if !hasStone(near: index, on: board) {
            switch board.edgeDistance(index) {
            case 0: add(parameters.priorFirstLine, winning: 0)
            case 1: add(parameters.priorSecondLine, winning: 0.25)
            case 2, 3: add(parameters.priorOpeningLine, winning: 1)
            default: break
            }
        }
        return (visits, wins)
    }

    /// The prior of a pass: weighed down so the search passes only when every move looks worse.
    var passPrior: (visits: Double, wins: Double) {
        (parameters.priorEvenVisits + parameters.priorPass, parameters.priorEvenVisits / 2)
    }

    private func savesChainInAtari(_ index: Int, for stone: Stone, on board: PlayoutBoard, policy: PlayoutPolicy) -> Bool {
        for neighbour in board.neighbours(of: index)
        where board.colour[neighbour] == stone.rawValue && board.liberties[board.head(neighbour)] == 1 {
            return policy.extensionEscapes(at: index, on: board, for: stone)
        }
        return false
    }

    /// Whether any stone lies within the 5x5 square centred on `index`.
    private func hasStone(near index: Int, on board: PlayoutBoard) -> Bool {
        let row = index / board.stride
        let column = index % board.stride
        for otherRow in max(1, row - 2)...min(board.size, row + 2) {
            for otherColumn in max(1, column - 2)...min(board.size, column + 2) {
                let value = board.colour[otherRow * board.stride + otherColumn]
                if value == Stone.black.rawValue || value == Stone.white.rawValue { return true }
            }
        }
        return false
    }
}
