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
}
