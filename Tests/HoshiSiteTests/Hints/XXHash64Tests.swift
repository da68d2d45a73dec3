@testable import HoshiSite
import XCTest

/// XXH64 against the reference implementation: every value below was computed by libxxhash 0.8 (`XXH64`,
/// seed 0), on the bytes `(7 * i + 3) % 256` for i from 0, cut at each length, so every path (under 32
/// bytes, whole stripes, and the 8-, 4- and 1-byte rests) is taken.
final class XXHash64Tests: XCTestCase {
    private static let expected: [(length: Int, hash: UInt64)] = [
        (0, 0xef46_db37_51d8_e999), (1, 0x1f25_c8d0_bc1f_4bb6), (3, 0x31d2_363f_52e5_64c9), (4, 0x9bb6_4b7d_66ee_9fda),
        (7, 0x9a7b_1499_59ce_60d8), (8, 0xdab9_9d95_c6f9_0092), (9, 0x170b_b6bf_975b_4c02), (12, 0xd52e_4078_33af_5133),
        (31, 0xa2aa_5f33_cc4a_6119), (32, 0x23c3_c17e_f790_fd97), (33, 0x50a7_cfc7_ba58_8784), (40, 0xb620_306b_253d_76b6),
        (63, 0x5e3e_54b4_31c7_493c), (64, 0x0eb6_4b3e_f6ee_b01f), (65, 0xa383_b724_b2bd_12f1), (100, 0xa61f_8d4c_170f_e531),
    ]

    func testHashesMatchTheReferenceImplementation() {
        let bytes = (0..<100).map { UInt8((7 * $0 + 3) % 256) }
        for (length, hash) in Self.expected {
            let prefix = Array(bytes.prefix(length))
            XCTAssertEqual(prefix.withUnsafeBytes(XXHash64.hash), hash, "length \(length)")
            let digits = String(hash, radix: 16)
            XCTAssertEqual(XXHash64.hexDigest(prefix), String(repeating: "0", count: 16 - digits.count) + digits, "length \(length)")
            // Read where the bytes lie, at any alignment.
            XCTAssertEqual(XXHash64.hexDigest(([0] + prefix)[1...]), XXHash64.hexDigest(prefix), "slice of length \(length)")
        }
        XCTAssertEqual(XXHash64.hexDigest(Array("abc".utf8)), "44bc2cf5ad770999")
        XCTAssertEqual(XXHash64.hexDigest(Array(repeating: Array(0...255), count: 4).joined() + Array("xyz".utf8)), "e146cb31b65bc21a")
    }
}
