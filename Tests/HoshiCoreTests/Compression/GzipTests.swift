import Foundation
@testable import HoshiCore
import XCTest

/// `Gzip` and `Inflater` against Python's `gzip` and `zlib` (the reference implementation, zlib, behind
/// them): random and text data at levels 0 (stored blocks), 1, 6 and 9, the fixed-Huffman strategy, an
/// empty input and two concatenated members; then truncated, corrupted and oversized inputs, which must be
/// errors and never a crash.
final class GzipTests: XCTestCase {
    static let python = "/usr/bin/python3"

    /// Runs Python with `arguments` (`-c` and a script, or a script's path), `input` on its standard input,
    /// and returns its standard output.
    static func runPython(_ arguments: [String], input: Data = Data()) throws -> Data {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: python), "python3 is needed to compress the test data")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let output = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data
    }

    /// Cases as Python writes them: one JSON object per line, the name, the original and the compressed
    /// bytes in base64.
    static let cases = """
        import base64, gzip, json, random, zlib
        rng = random.Random(19)
        text = " ".join(rng.choice(["black", "white", "ko", "atari", "seki", "komi", "tesuji", "joseki"]) for _ in range(20000)).encode()
        noise = bytes(rng.randrange(256) for _ in range(70000))
        runs = b"".join(bytes([rng.randrange(4)]) * rng.randrange(1, 300) for _ in range(800))
        def fixed(data):
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31, 9, zlib.Z_FIXED)
            return compressor.compress(data) + compressor.flush()
        cases = []
        for name, data in [("text", text), ("noise", noise), ("runs", runs), ("empty", b""), ("byte", b"x")]:
            for level in (0, 1, 6, 9):
                cases.append((f"{name} level {level}", data, gzip.compress(data, compresslevel=level)))
            cases.append((f"{name} fixed Huffman", data, fixed(data)))
        cases.append(("two members", text[:500] + noise[:500], gzip.compress(text[:500]) + gzip.compress(noise[:500], compresslevel=0)))
        cases.append(("short text fixed Huffman", text[:1500], fixed(text[:1500])))
        import io
        buffer = io.BytesIO()
        with gzip.GzipFile(filename="game.json", mode="wb", fileobj=buffer, mtime=0) as file:
            file.write(text[:3000])
        cases.append(("file name in header", text[:3000], buffer.getvalue()))
        for name, data, packed in cases:
            print(json.dumps([name, base64.b64encode(data).decode(), base64.b64encode(packed).decode()]))
        """

    private func pythonCases() throws -> [(name: String, original: [UInt8], compressed: [UInt8])] {
        let output = try Self.runPython(["-c", Self.cases])
        return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
            return (fields[0], Array(try XCTUnwrap(Data(base64Encoded: fields[1]))), Array(try XCTUnwrap(Data(base64Encoded: fields[2]))))
        }
    }

    func testDecodesWhatPythonCompresses() throws {
        let cases = try pythonCases()
        XCTAssertEqual(cases.count, 28)
        for (name, original, compressed) in cases {
            switch Gzip.decompress(compressed) {
            case .success(let decoded): XCTAssertTrue(decoded == original, "\(name): \(decoded.count) bytes, expected \(original.count)")
            case .failure(let error): XCTFail("\(name): \(error.message)")
            }
        }
    }

    /// Every prefix of a member (header, blocks, trailer cut anywhere) is an error. (Two members cut between
    /// them are a whole gzip file, so the test cuts single members.)
    func testTruncatedInputIsAnErrorAtEveryLength() throws {
        for (name, _, compressed) in try pythonCases() where ["file name in header", "short text fixed Huffman", "byte fixed Huffman", "byte level 0"].contains(name) {
            for length in 0..<compressed.count {
                guard case .failure = Gzip.decompress(Array(compressed[..<length])) else {
                    return XCTFail("\(name) cut to \(length) of \(compressed.count) bytes decoded")
                }
            }
        }
    }

    /// A changed trailer names what does not match; changed bytes in the compressed body are caught by the
    /// DEFLATE structure or the CRC-32 (a change the decoder cannot see would decode the original exactly).
    func testCorruptInputIsAnError() throws {
        let cases = try pythonCases()
        let (_, original, compressed) = try XCTUnwrap(cases.first { $0.name == "file name in header" })
        var badChecksum = compressed
        badChecksum[compressed.count - 8] ^= 0x01
        XCTAssertEqual(Self.message(Gzip.decompress(badChecksum)), "gzip CRC-32 does not match the data")
        var badLength = compressed
        badLength[compressed.count - 4] ^= 0x01
        XCTAssertTrue(Self.message(Gzip.decompress(badLength))?.hasPrefix("gzip length") == true)
        var badMagic = compressed
        badMagic[0] = 0x1E
        XCTAssertEqual(Self.message(Gzip.decompress(badMagic)), "not gzip data (no 1f 8b signature)")
        XCTAssertNotNil(Self.message(Gzip.decompress(compressed + [0x1F])), "trailing garbage after the member")
        // The body starts after the 10-byte header and the file name with its NUL (FNAME is set): the name is
        // not covered by any check (no FHCRC), so a changed name rightly decodes the same data. Seeded, so the
        // same corruptions every run.
        let nameEnd = try XCTUnwrap(compressed[10...].firstIndex(of: 0))
        var failures = 0
        var generator = SplitMix64(seed: 19)
        for _ in 0..<400 {
            var corrupt = compressed
            let index = Int.random(in: (nameEnd + 1)..<(compressed.count - 8), using: &generator)
            corrupt[index] ^= UInt8.random(in: 1...255, using: &generator)
            switch Gzip.decompress(corrupt) {
            case .failure: failures += 1
            case .success(let decoded): XCTAssertTrue(decoded == original, "a corrupt body decoded to other bytes with a matching CRC-32")
            }
        }
        XCTAssertGreaterThan(failures, 390)
        XCTAssertEqual(Self.message(Gzip.decompress([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x07] + Array(repeating: 0, count: 8))),
                       "DEFLATE block type 3 is reserved")
    }

    /// Four megabytes of zeros compress to about four kilobytes; a limit below stops the decoder there.
    func testOutputLimitStopsADecompressionBomb() throws {
        let output = try Self.runPython(["-c", "import gzip, sys; sys.stdout.buffer.write(gzip.compress(bytes(4_000_000), 9))"])
        XCTAssertLessThan(output.count, 10_000)
        XCTAssertEqual(Self.message(Gzip.decompress(Array(output), limit: 1_000_000)), "compressed data decodes to more than 1000000 bytes")
        guard case .success(let decoded) = Gzip.decompress(Array(output), limit: 4_000_000) else { return XCTFail("within the limit") }
        XCTAssertEqual(decoded.count, 4_000_000)
        XCTAssertTrue(decoded.allSatisfy { $0 == 0 })
    }

    /// The check value of CRC-32 (CRC-32/ISO-HDLC in the catalogue of parametrised CRCs) for "123456789".
    func testCRC32OfTheStandardCheckString() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }

    private static func message(_ result: Result<[UInt8], DecompressionError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }
}
