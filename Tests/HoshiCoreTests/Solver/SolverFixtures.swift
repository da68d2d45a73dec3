import Foundation
import HoshiCore
import HoshiTestSupport

/// Problems written for the solver's tests: diagrams of a 19x19 board's top-left corner, and eye spaces
/// walled in (see `walled(space:)`).
enum SolverFixtures {
    /// A 19x19 board with `rows` drawn from its top-left corner: `X` black, `O` white, anything else empty.
    static func board(_ rows: [String]) -> Board {
        var board = Board(size: .standard)
        for (row, line) in rows.enumerated() {
            for (column, character) in line.enumerated() {
                switch character {
                case "X": board.set(.black, at: Point(column: column, row: row))
                case "O": board.set(.white, at: Point(column: column, row: row))
                default: continue
                }
            }
        }
        return board
    }

    /// White's group with exactly the eye space `space` (points near the top-left corner):
    /// white on every point within one line of the space (diagonals included) outside it, black on every
    /// point within one line of those. White has no liberty outside its eye space; black's wall is safe.
    static func walled(space: [Point]) -> Board {
        let spacePoints = Set(space)
        func around(_ points: Set<Point>) -> Set<Point> {
            var result: Set<Point> = []
            for point in points {
                for columnStep in -1...1 {
                    for rowStep in -1...1 {
                        let neighbour = Point(column: point.column + columnStep, row: point.row + rowStep)
                        if BoardSize.standard.contains(neighbour) && !points.contains(neighbour) { result.insert(neighbour) }
                    }
                }
            }
            return result
        }
        let white = around(spacePoints)
        let black = around(spacePoints.union(white))
        var board = Board(size: .standard)
        for point in white { board.set(.white, at: point) }
        for point in black { board.set(.black, at: point) }
        return board
    }

    /// The same, with the space's points as [column, row] pairs.
    static func walled(space: [[Int]]) -> Board {
        walled(space: space.map { Point(column: $0[0], row: $0[1]) })
    }

    /// `B19` for a point of a 19x19 board.
    static func vertex(_ point: Point) -> String { GTPVertex.format(point, size: 19) }

    /// GNU Go over GTP at level 10, for the owl comparisons; nil, with a message naming `caller`, when it
    /// is not installed (Debian package gnugo), so that the test leaves the comparison out.
    static func gnuGo(caller: String) throws -> GTPClient? {
        let gnugo = "/usr/games/gnugo"
        guard FileManager.default.isExecutableFile(atPath: gnugo) else {
            print("\(caller): GNU Go is not installed at \(gnugo) (Debian package gnugo); skipping the owl comparison")
            return nil
        }
        return try GTPClient(commandLine: "\(gnugo) --mode gtp --level 10", timeout: 60)
    }

    /// GNU Go's owl reading of `board` (without the frame) on the frame's target: `owl_attack` when the
    /// side to play kills, `owl_defend` when it lives. Whether it succeeds, its move, and the raw reply.
    static func owlAnswer(_ client: GTPClient, board: Board, frame: ProblemFrame) throws -> (succeeds: Bool, move: Point?, reply: String) {
        try client.send("boardsize 19")
        try client.send("clear_board")
        for (point, stone) in board.stones {
            try client.send("play \(GTPVertex.letter(stone)) \(vertex(point))")
        }
        let command = frame.goal == .kill ? "owl_attack" : "owl_defend"
        let reply = try client.send("\(command) \(vertex(frame.target))")
        let parts = reply.split(separator: " ")
        var move: Point?
        if parts.count > 1, case .point(let point)? = GTPVertex.parse(String(parts[1]), size: 19) { move = point }
        return (parts.first.map { $0 != "0" } ?? false, move, "\(command): \(reply)")
    }

    /// The problems of the shared corpus's classical collections (each file's problems as problem pages
    /// count them), files in name order; empty, with a message naming `caller`, when the corpus is absent.
    static func classicalProblems(caller: String) throws -> [(board: Board, toPlay: Stone, comment: String)] {
        let collections = TestPaths.sharedCorpus.appending(path: "sgf/problems-classical")
        let files = (try? FileManager.default.contentsOfDirectory(at: collections, includingPropertiesForKeys: nil)) ?? []
        if files.isEmpty { print("\(caller): \(collections.path) absent; checking the fixtures only") }
        var problems: [(board: Board, toPlay: Stone, comment: String)] = []
        for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "sgf" {
            let games = SGFParser.parse(text: try String(contentsOf: file, encoding: .utf8)).games
            problems += ProblemPosition.all(in: games).map { (board: $0.board, toPlay: $0.toPlay ?? .black, comment: $0.comment ?? "") }
        }
        return problems
    }
}
