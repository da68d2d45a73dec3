import HoshiCore
import XCTest

/// The GTP client against a real GNU Go process and against programs that misbehave.
final class GTPClientTests: XCTestCase {
    private let gnugo = "/usr/games/gnugo"

    func testTalksToGNUGo() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gnugo),
                          "GNU Go is not installed at \(gnugo) (Debian package gnugo); skipping the live client test")
        let client = try GTPClient(commandLine: "\(gnugo) --mode gtp --level 1", timeout: 30)
        defer { client.close() }
        XCTAssertEqual(try client.send("name"), "GNU Go")
        XCTAssertEqual(try client.send("protocol_version"), "2")
        try client.send("boardsize 9")
        try client.send("clear_board")
        try client.send("play b E5")
        let reply = try client.send("genmove w")
        XCTAssertNotNil(GTPVertex.parse(reply, size: 9), reply)
        XCTAssertThrowsError(try client.send("play b E5")) { error in
            XCTAssertEqual(error as? GTPClient.Failure, .refused(command: "play b E5", message: "illegal move"))
        }
    }

    func testAnEngineThatDiesIsReportedClearly() throws {
        let client = try GTPClient(commandLine: "/bin/sh -c 'read line; echo oops >&2; exit 3'", timeout: 5)
        XCTAssertThrowsError(try client.send("name")) { error in
            guard case .engineDied(let command, let detail)? = error as? GTPClient.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(command, "name")
            XCTAssertTrue("\(error)".contains("engine died before answering 'name'"), "\(error)")
            _ = detail
        }
    }

    func testGarbageIsReportedClearly() throws {
        let client = try GTPClient(commandLine: "/bin/sh -c 'read line; printf \"hello\\n\\n\"; sleep 5'", timeout: 5)
        defer { client.close() }
        XCTAssertThrowsError(try client.send("name")) { error in
            XCTAssertEqual(error as? GTPClient.Failure, .garbage(command: "name", reply: "hello"))
        }
    }

    func testASilentEngineTimesOut() throws {
        let client = try GTPClient(commandLine: "/bin/sh -c 'sleep 5'", timeout: 0.3)
        defer { client.close() }
        XCTAssertThrowsError(try client.send("genmove b")) { error in
            XCTAssertEqual(error as? GTPClient.Failure, .timeout(command: "genmove b", seconds: 0.3))
        }
    }

    func testACommandThatCannotStartIsAnError() throws {
        let client = try GTPClient(commandLine: "/nonexistent/engine --gtp", timeout: 5)
        XCTAssertThrowsError(try client.send("name"))
    }
}
