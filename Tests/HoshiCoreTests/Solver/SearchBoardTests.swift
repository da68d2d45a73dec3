@testable import HoshiCore
import Testing

/// The search board's reading of eyes, which the solver uses to leave out moves that only fill its own eye.
struct SearchBoardTests {
    private func cell(_ board: SearchBoard, _ column: Int, _ row: Int) -> Int {
        board.index(of: Point(column: column, row: row))
    }

    /// A19 and C19 are eyes of white's one block (every neighbour is a stone of it or the edge); A17 has
    /// an empty neighbour; for black, no point here is an eye.
    @Test func aPointEnclosedByOneBlockIsItsEye() {
        let board = SearchBoard(board: SolverFixtures.board([
            ".O.OX",
            "OOOOX",
            "..XXX",
        ]), toMove: .white, koMaster: nil)
        #expect(board.isEyeOfOneBlock(cell(board, 0, 0), of: .white))
        #expect(board.isEyeOfOneBlock(cell(board, 2, 0), of: .white))
        #expect(!board.isEyeOfOneBlock(cell(board, 0, 2), of: .white))
        #expect(!board.isEyeOfOneBlock(cell(board, 0, 0), of: .black))
        #expect(!board.isEyeOfOneBlock(cell(board, 1, 2), of: .black))
    }

    /// B19 touches three white stones of three blocks: filling it connects them, so it is no eye of one
    /// block. A point next to a stone of the other colour is none either.
    @Test func aPointBetweenSeveralBlocksOrNextToTheOtherColourIsNoEyeOfOneBlock() {
        let board = SearchBoard(board: SolverFixtures.board([
            "O.O.X",
            ".O.OX",
            "..XX.",
        ]), toMove: .white, koMaster: nil)
        #expect(!board.isEyeOfOneBlock(cell(board, 1, 0), of: .white))
        #expect(!board.isEyeOfOneBlock(cell(board, 3, 0), of: .white))
        #expect(!board.isEyeOfOneBlock(cell(board, 4, 2), of: .black))
    }

    /// Every empty point of dense random positions, against a flood fill written here: an eye of one block
    /// when each neighbour on the board is a stone of that colour and they all lie in one block. Covers the
    /// shortcut through diagonal stones (neighbours joined next to the point) and the fill behind it.
    @Test func eyesOfOneBlockAgreeWithAFloodFillOnRandomPositions() {
        var random = SplitMix64(seed: 29)
        var eyes = 0, checked = 0
        for index in 0..<60 {
            // Mostly one colour (the other in turn), so that eyes and nearly-eyes are common.
            let (most, fewest): (Stone, Stone) = index % 2 == 0 ? (.black, .white) : (.white, .black)
            var position = Board(size: BoardSize(columns: 9, rows: 9)!)
            for point in position.size.points where random.below(10) < 7 {
                position.set(random.below(5) == 0 ? fewest : most, at: point)
            }
            let board = SearchBoard(board: position, toMove: .black, koMaster: nil)
            for point in position.size.points where position[point] == nil {
                for colour in [Stone.black, .white] {
                    let neighbours = position.size.neighbours(of: point)
                    var expected = neighbours.allSatisfy { position[$0] == colour }
                    if expected, let first = neighbours.first {
                        let block = blockPoints(from: first, on: position)
                        expected = neighbours.allSatisfy(block.contains)
                    }
                    #expect(board.isEyeOfOneBlock(board.index(of: point), of: colour) == expected, "\(point.sgf) for \(colour)")
                    checked += 1
                    if expected { eyes += 1 }
                }
            }
        }
        #expect(eyes > 50 && checked > eyes * 2)
    }

    private func blockPoints(from start: Point, on board: Board) -> Set<Point> {
        var block: Set<Point> = [start], frontier = [start]
        while let current = frontier.popLast() {
            for neighbour in board.size.neighbours(of: current) where board[neighbour] == board[start] && block.insert(neighbour).inserted {
                frontier.append(neighbour)
            }
        }
        return block
    }

    /// White's D19 captures C19 and leaves the shape of a ko: black may retake at C19 only by spending a
    /// ko threat, and white then has none to retake at D19. Taking the move back gives the threat back;
    /// positions with different threats left have different keys, and a ko master's threats never run out.
    @Test func retakingAKoSpendsAThreat() {
        let position = SolverFixtures.board([
            ".OX.X",
            "OOOXX",
            "XXXXX",
        ])
        let board = SearchBoard(board: position, toMove: .white, koThreats: KoThreats(black: 1, white: 0))
        let capture = cell(board, 3, 0), retake = cell(board, 2, 0)
        #expect(board.play(capture))
        let keyWithThreat = board.key
        #expect(board.play(retake))
        #expect(board.koThreats == KoThreats(black: 0, white: 0))
        #expect(!board.play(capture), "white has no threat to retake")
        board.undo()
        #expect(board.koThreats == KoThreats(black: 1, white: 0) && board.key == keyWithThreat)

        let spent = SearchBoard(board: position, toMove: .white, koThreats: KoThreats(black: 0, white: 0))
        #expect(spent.play(capture))
        #expect(spent.key != keyWithThreat)
        #expect(!spent.play(retake), "black has no threat to retake")

        let master = SearchBoard(board: position, toMove: .white, koMaster: .black)
        #expect(master.play(capture) && master.play(retake))
        #expect(master.koThreats == .master(.black))
    }
}
