import Foundation
import HoshiCore

/// `hoshi-bench lights [--sizes 100,1000,10000] [--boards N]`: how fast Hoshi solves Lights Off.
///
/// Measurements:
/// - `5x5 solves`: optimal 5 x 5 solves per second on one core with `LightsFiveByFiveSolver` (random boards,
///   about three quarters of them unsolvable, which costs the same). Target: at least 100 million per second.
/// - `chase NxN`: milliseconds to solve the all-lit N x N board optimally (light chasing, elimination of the
///   N x N first-row system, null-space search) with `LightsSolver.solveOnce`. Each solution is verified by
///   replaying its presses on the board; a wrong solution throws instead of reporting a time. Targets:
///   N = 1,000 under 20 ms, N = 10,000 under 15 s (the fastest public solver we know of takes about 18 s
///   for 10,000 with AVX2 on a desktop CPU).
struct LightsOffBenchmark: Benchmark {
    static let name = "lights"

    /// A solution that did not turn the board off.
    struct VerificationFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(arguments: [String]) throws -> [Measurement] {
        var sizes = [100, 1000, 10_000]
        var boardCount = 1 << 20
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--sizes" where index + 1 < arguments.count:
                sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
                index += 1
            case "--boards" where index + 1 < arguments.count:
                boardCount = Int(arguments[index + 1]) ?? boardCount
                index += 1
            default:
                break
            }
            index += 1
        }
        var measurements = [fiveByFive(boardCount: boardCount)]
        for size in sizes {
            measurements.append(try chase(size: size))
        }
        return measurements
    }

    /// 5 x 5 solves per second over a fixed table of random boards, repeated for at least half a second.
    static func fiveByFive(boardCount: Int) -> Measurement {
        let solver = LightsFiveByFiveSolver()
        var random = SplitMix64(seed: 2026)
        let boards = (0..<boardCount).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x1FF_FFFF }
        var checksum: UInt32 = 0
        var solves = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        repeat {
            boards.withUnsafeBufferPointer { buffer in
                for board in buffer { checksum &+= solver.pressesIfSolvable(board) }
            }
            solves += boards.count
            elapsed = clock.now - start
        } while elapsed < .milliseconds(500)
        // Print the checksum so the optimiser cannot drop the loop.
        FileHandle.standardError.write(Data("lights: 5x5 checksum \(checksum)\n".utf8))
        return Measurement(benchmark: name, metric: "5x5 solves", value: Double(solves) / seconds(elapsed),
                           unit: "per second")
    }

    /// Solves the all-lit N x N board, verifies it, and returns the time in milliseconds.
    static func chase(size: Int) throws -> Measurement {
        let board = LightsBoard.allLit(width: size, height: size)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = LightsSolver.solveOnce(board)
        let elapsed = clock.now - start
        guard let solution = outcome.solution else {
            throw VerificationFailure(description: "the all-lit \(size)x\(size) board came out unsolvable")
        }
        guard board.applyingPresses(solution.presses, rule: .plain).isAllOff else {
            throw VerificationFailure(description: "the \(size)x\(size) solution does not turn the board off")
        }
        FileHandle.standardError.write(Data(("lights: \(size)x\(size) all-lit: \(solution.pressCount) presses, "
            + "minimal \(solution.isProvenMinimal ? "proven" : "not proven"), verified by replay\n").utf8))
        return Measurement(benchmark: name, metric: "chase \(size)x\(size)", value: seconds(elapsed) * 1000,
                           unit: "ms")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
