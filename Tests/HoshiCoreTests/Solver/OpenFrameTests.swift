import Foundation
@testable import HoshiCore
import Testing

/// The board searched with the way out open (`ProblemFrame.openSearchedBoard`) against the problem's own
/// board: what is played where the solver plays must play out as on the real board.
struct OpenFrameTests {
    /// Random lines of moves on the points the solver plays (the region, and the area's stones, whose
    /// points captures empty), for both sides, on the whole frame and those narrowed to the defender's
    /// sphere and to the widened sphere (`LifeAndDeathSolver.widenedSphereSlack`): each move is legal on the open board exactly when it is on the problem's own board, and
    /// leaves the same stones on those points. The real board is the independent expectation: Go's rules
    /// applied with nothing filled.
    ///
    /// The closed board (`searchedBoard`) fails the same lines, which is why kills are not proven on it:
    /// its filled points take liberties from the stones beside them. Failed before (Cho Chikun,
    /// intermediate 715, Black to live): a black stone played beside a filled point was captured by a
    /// retake that is suicide on the real board, and the solver answered "ko" where the book lives.
    @Test func linesInPlayRunAsOnTheRealBoard() throws {
        var problems: [(board: Board, toPlay: Stone, comment: String)] = [
            (SolverFixtures.board([".O....", "...OX.", ".OOOX.", ".XXXX."]), Stone.black, "Black to kill"),
            (SolverFixtures.board(["..O..X...", "..OX..XXO", "..OX..XO.", "..OOXXXO.", "....OOO.."]), .white, "White to kill"),
            (SolverFixtures.board(["....X..X.", "...XOX.O.", "...XOXOOO", "...XOOOXX", "....XXX..", ".......X."]), .white, "White to live"),
        ]
        // Every ninth problem: some hundred positions of three collections.
        let classical = try SolverFixtures.classicalProblems(caller: "OpenFrameTests")
        problems += classical.indices.filter { $0 % 9 == 0 }.map { classical[$0] }
        var generator = SplitMix64(seed: 715)
        var frames = 0
        var closedMismatches = 0
        for (board, toPlay, comment) in problems {
            guard let frame = try? ProblemFrame(board: board, toPlay: toPlay, comment: comment) else { continue }
            for framed in [frame, frame.narrowedToSphere(), frame.narrowedToSphere(slack: LifeAndDeathSolver.widenedSphereSlack)].compactMap({ $0 }) {
                frames += 1
                let points = framed.region + board.stones.map(\.point).filter(framed.area.contains)
                for _ in 0..<24 {
                    let line = Self.randomLine(on: board, points: points, first: toPlay, using: &generator)
                    if let mismatch = Self.firstMismatch(of: line, real: board, framed: framed.openSearchedBoard, points: points) {
                        Issue.record("\(framed.isNarrowed ? "narrowed" : "whole") frame of \(comment): \(mismatch)")
                    }
                    if Self.firstMismatch(of: line, real: board, framed: framed.searchedBoard, points: points) != nil {
                        closedMismatches += 1
                    }
                }
            }
        }
        #expect(frames >= 6)
        #expect(closedMismatches > 0, "the closed board played every line as the real board: the lines test nothing")
    }

    /// Up to 40 moves legal on `board`, alternating from `first`, each on a random point of `points`.
    private static func randomLine(on board: Board, points: [Point], first: Stone, using generator: inout SplitMix64) -> [Move] {
        var board = board
        var line: [Move] = []
        var colour = first
        for _ in 0..<40 {
            let empty = points.filter { board[$0] == nil }
            guard !empty.isEmpty else { break }
            var played = false
            for _ in 0..<6 {
                let move = Move(colour, at: empty[Int(generator.next() % UInt64(empty.count))])
                let (after, result) = board.playing(move)
                guard !result.isSuicide, !result.wasOccupied else { continue }
                board = after
                line.append(move)
                played = true
                break
            }
            guard played else { break }
            colour = colour.opponent
        }
        return line
    }

    /// Where `line` first plays out differently on `framed` than on `real`: a move legal on one board
    /// only, or a point of `points` left holding something else. Nil when it never does.
    private static func firstMismatch(of line: [Move], real: Board, framed: Board, points: [Point]) -> String? {
        var real = real
        var framed = framed
        for (number, move) in line.enumerated() {
            let realResult = real.play(move)
            let framedResult = framed.play(move)
            let described = "move \(number + 1), \(move.stone == .black ? "B" : "W") \(move.point?.sgf ?? "pass")"
            guard realResult.isSuicide == framedResult.isSuicide else {
                return "\(described): suicide on \(realResult.isSuicide ? "the real board" : "the framed board") only"
            }
            if realResult.isSuicide { return nil }
            for point in points where real[point] != framed[point] {
                return "\(described): \(point.sgf) differs"
            }
        }
        return nil
    }
}
