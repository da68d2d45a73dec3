@testable import HoshiSite
import HoshiCore
import XCTest

/// An entry's name read eight digits at a time gives the numbers the digits spell, and refuses every byte
/// that is no lowercase hexadecimal digit, wherever it stands.
final class EntryDigestTests: XCTestCase {
    private static let digits = "0123456789abcdef"

    func testDigitsReadBackAsWritten() throws {
        for text in [String(repeating: "0", count: 64), String(repeating: "f", count: 64), String(repeating: Self.digits, count: 4),
                     SHA256.hexDigest("hoshi"), SHA256.hexDigest("")] {
            let digest = try XCTUnwrap(EntryDigest(text), text)
            XCTAssertEqual(digest.hexDigits, text)
        }
        // Each digit counts in its own place, and the order is the digits' order.
        let ones = (0..<64).map { place in
            EntryDigest(String(repeating: "0", count: place) + "1" + String(repeating: "0", count: 63 - place))
        }
        XCTAssertEqual(Set(ones.compactMap { $0 }).count, 64)
        XCTAssertEqual(ones.compactMap { $0 }, ones.compactMap { $0 }.sorted().reversed())
    }

    func testEveryOtherByteAnywhereIsRefused() {
        let valid = Array(String(repeating: Self.digits, count: 4).utf8)
        let accepted = Set(Self.digits.utf8)
        for byte in UInt8.min...UInt8.max where !accepted.contains(byte) {
            for place in [0, 7, 8, 15, 31, 32, 56, 63] {
                var bytes = valid
                bytes[place] = byte
                XCTAssertNil(bytes.withUnsafeBufferPointer(EntryDigest.init(hexDigits:)), "byte \(byte) at \(place)")
            }
        }
        for length in [0, 63, 65] {
            XCTAssertNil(EntryDigest(String(repeating: "a", count: length)), "\(length) digits")
        }
    }

    /// The count of distinct digests is the size of the set of their texts: repeats within and across the
    /// first byte's groups, digests that differ only in their last digit, all equal, and none.
    func testDistinctCountIsTheSetsSize() throws {
        let texts = (0..<3000).map { SHA256.hexDigest("position \($0 % 1700)") }
            + (0..<16).map { String(repeating: "a", count: 63) + String(Array(Self.digits)[$0]) }
            + Array(repeating: String(repeating: "a", count: 64), count: 5)
        let digests = try texts.map { try XCTUnwrap(EntryDigest($0)) }
        XCTAssertEqual(EntryDigest.distinctCount(of: digests), Set(texts).count)
        XCTAssertEqual(Set(texts).count, 1700 + 16)
        XCTAssertEqual(EntryDigest.distinctCount(of: Array(repeating: digests[0], count: 10)), 1)
        XCTAssertEqual(EntryDigest.distinctCount(of: []), 0)
    }
}
