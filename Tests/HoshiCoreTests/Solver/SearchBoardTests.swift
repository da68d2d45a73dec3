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
