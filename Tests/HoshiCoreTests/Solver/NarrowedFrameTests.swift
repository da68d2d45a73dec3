@testable import HoshiCore
import Testing

/// The solver's first try in the frame narrowed to the defender's sphere (`decideInSphere`): a life it
/// proves must hold in the whole area, as the argument beside `decideInSphere` says.
struct NarrowedFrameTests {
    /// Open corners written for these tests, white's group at the top left and room outside it.
    static let openCorners = [
        ["......X...", "OOOOO.X...", "XXXXO.X...", "....OX....", "XXXXX....."],
        [".......X..", "OOOOOO.X..", "XXXXXO.X..", ".....OX...", "....XO....", "......X..."],
        ["......X.....", ".OOOOO.X....", ".OXXXXOX....", ".OX..XO.....", "..OX.XO.X...", "..OX..X.....", "..X........."],
    ]

    /// The open corners, white to live: each life the narrowed frame proves (the
    /// attacker winning every ko, seki a failure) is proven by a second search of the whole area with a
    /// larger budget, never disproven; and the narrowed frame proves at least one of them.
    @Test func aLifeProvenInTheSphereHoldsInTheWholeArea() throws {
        var provenNarrowed = 0
        for rows in Self.openCorners {
            let frame = try ProblemFrame(board: SolverFixtures.board(rows), toPlay: .white, comment: "White to live")
            // A corner whose sphere is its whole reach is searched once, in the whole area.
            guard let narrowed = frame.narrowedToSphere() else { continue }
            let inSphere = FrameSearch.make(narrowed, sekiIsFailure: true, koMaster: .black, nodes: 100_000).search.solve()
            guard inSphere == .white else { continue }
            provenNarrowed += 1
            let whole = FrameSearch.make(frame, sekiIsFailure: true, koMaster: .black, nodes: 2_000_000).search.solve()
            #expect(whole == .white, "\(rows): alive in the sphere, \(String(describing: whole)) in the whole area")
        }
        #expect(provenNarrowed > 0)
    }
}

/// The other bound of the first try: a goal the sphere refutes in the frame that favours the side to play
/// (closed to kill, with the way out open to live) is not reached in the whole area, closed, where the
/// solver confirms its failures. Checked against a second search of the whole area, for every assumption
/// the solver searches, on open corners written for this test (each to kill and to live), wherever both
/// searches finish within their budgets.
struct NarrowedFrameRefutationTests {
    @Test func aGoalRefutedInTheSphereIsNotReachedInTheWholeArea() throws {
        let corners = NarrowedFrameTests.openCorners + [
            ["..O.X...", "OOO.OX..", "XXOO.X..", ".XXOX...", "..XX...."],
            [".O..X...", ".O.OX...", "OXOOX...", "XXXX...."],
        ]
        var compared = 0
        for rows in corners {
            for (toPlay, comment) in [(Stone.black, "Black to kill"), (Stone.white, "White to live")] {
                let frame = try ProblemFrame(board: SolverFixtures.board(rows), toPlay: toPlay, comment: comment)
                guard let narrowed = frame.narrowedToSphere() else { continue }
                let kills = frame.goal == SolverGoal.kill
                for assumption in LifeAndDeathSolver.Assumption.searched(for: frame.goal, by: toPlay).assumptions {
                    let inSphere = FrameSearch.make(narrowed, sekiIsFailure: assumption.sekiIsFailure, koMaster: assumption.koMaster,
                                                    opensWayOut: !kills, nodes: 20_000).search.solve()
                    guard inSphere == toPlay.opponent else { continue }
                    let whole = FrameSearch.make(frame, sekiIsFailure: assumption.sekiIsFailure, koMaster: assumption.koMaster,
                                                 nodes: 300_000).search.solve()
                    guard let whole else { continue }
                    compared += 1
                    #expect(whole == toPlay.opponent, "\(rows), \(comment), ko to \(assumption.koMaster), seki fails: \(assumption.sekiIsFailure): refuted in the sphere, reached in the whole area")
                }
            }
        }
        #expect(compared >= 3, "only \(compared) refutations could be checked")
    }
}
