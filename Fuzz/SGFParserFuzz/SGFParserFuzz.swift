// libFuzzer target for the SGF reader: every input must parse without crashing, replay without crashing,
// and write back to text that parses again to as many games. Built with `-sanitize=fuzzer
// -DHOSHI_FUZZING` (see Fuzz/README.md); a plain `swift build` compiles the stub at the end instead, so
// the package builds without libFuzzer.

#if HOSHI_FUZZING
import HoshiCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func sgfParserFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let result = SGFParser.parse(bytes: bytes, path: "fuzz.sgf")
    for game in result.games {
        let positions = GamePositions(game: game)
        if let last = game.mainLine.last { _ = positions.board(at: last, in: game).diagram }
        _ = SGFTool.summary(of: game)
        for id in game.nodes.indices {
            _ = game.nodes[id].markup(on: game.boardSize)
            _ = game.nodes[id].comment
        }
    }
    if !result.games.isEmpty {
        let written = SGFWriter.write(result.collection)
        let reread = SGFParser.parse(text: written, path: "written.sgf")
        // The writer's output must read back as the same number of games.
        if reread.games.count != result.games.count { fatalError("round trip changed the number of games") }
    }
    return 0
}

// SwiftPM links an executable's top-level code as its `main`, which keeps libFuzzer's own main() out of
// the binary; so the top-level code hands over to libFuzzer's driver, which then behaves exactly like the
// stock fuzzer main (same flags, same corpus handling).

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argumentCount, &argumentValues) { data, size in sgfParserFuzzTestOneInput(data, size) })

#else

print("SGFParserFuzz does nothing in a normal build; see Fuzz/README.md to build it with libFuzzer.")

#endif
