@testable import HoshiCore
import Testing

/// The solver's first try in the frame narrowed to the defender's sphere (`solveInSphere`): a life it
/// proves must hold in the whole area, as the argument beside `solveInSphere` says.
struct NarrowedFrameTests {
    /// Open corners written for this test, white to live: each life the narrowed frame proves (the
    /// attacker winning every ko, seki a failure) is proven by a second search of the whole area with a
    /// larger budget, never disproven; and the narrowed frame proves at least one of them.
    @Test func aLifeProvenInTheSphereHoldsInTheWholeArea() throws {
        let corners = [
            ["......X...", "OOOOO.X...", "XXXXO.X...", "....OX....", "XXXXX....."],
            [".......X..", "OOOOOO.X..", "XXXXXO.X..", ".....OX...", "....XO....", "......X..."],
            ["......X.....", ".OOOOO.X....", ".OXXXXOX....", ".OX..XO.....", "..OX.XO.X...", "..OX..X.....", "..X........."],
        ]
        var provenNarrowed = 0
        for rows in corners {
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
