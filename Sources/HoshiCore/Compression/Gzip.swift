/// Reads the gzip format (RFC 1952): one or more members, each a header, DEFLATE data (`Inflater`) and a
/// trailer whose CRC-32 and length are checked. Written from the RFCs because Foundation on Linux decodes
/// no gzip; used for KaTrain's stored analysis (`KaTrainAnalysis`).
public enum Gzip {
    /// The largest output `decompress` produces unless told otherwise: a guard against a few bytes that
    /// claim gigabytes (a decompression bomb).
    public static let defaultLimit = 16 * 1024 * 1024

    private enum Flag {
        static let headerChecksum: UInt8 = 0x02
        static let extra: UInt8 = 0x04
        static let name: UInt8 = 0x08
        static let comment: UInt8 = 0x10
        static let reserved: UInt8 = 0xE0
    }

    /// The bytes `data` holds, or why it is not gzip data of at most `limit` bytes once decoded.
    public static func decompress(_ data: [UInt8], limit: Int = defaultLimit) -> Result<[UInt8], DecompressionError> {
        var output: [UInt8] = []
        var offset = 0
        repeat {
            switch member(data, at: offset, limit: limit - output.count) {
            case .success(let (bytes, end)):
                output += bytes
                offset = end
            case .failure(let error):
                return .failure(error)
            }
        } while offset < data.count
        return .success(output)
    }

    /// One member starting at `start`: its bytes and where the next member starts.
    private static func member(_ data: [UInt8], at start: Int, limit: Int) -> Result<([UInt8], Int), DecompressionError> {
        func fail(_ message: String) -> Result<([UInt8], Int), DecompressionError> { .failure(DecompressionError(message)) }
        guard data.count - start >= 18 else { return fail("gzip data is shorter than a header and a trailer") }
        guard data[start] == 0x1F, data[start + 1] == 0x8B else { return fail("not gzip data (no 1f 8b signature)") }
        guard data[start + 2] == 8 else { return fail("gzip compression method \(data[start + 2]) is not DEFLATE (8)") }
        let flags = data[start + 3]
        guard flags & Flag.reserved == 0 else { return fail("gzip header sets reserved flags") }
        var offset = start + 10
        if flags & Flag.extra != 0 {
            guard offset + 2 <= data.count else { return fail("gzip extra field is cut short") }
            offset += 2 + (Int(data[offset]) | Int(data[offset + 1]) << 8)
        }
        for flag in [Flag.name, Flag.comment] where flags & flag != 0 {
            while offset < data.count, data[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & Flag.headerChecksum != 0 { offset += 2 }
        guard offset <= data.count else { return fail("gzip header is cut short") }
        let inflated: (output: [UInt8], end: Int)
        switch Inflater.inflate(data, from: offset, limit: limit) {
        case .success(let result): inflated = result
        case .failure(let error): return .failure(error)
        }
        let trailer = inflated.end
        guard trailer + 8 <= data.count else { return fail("gzip trailer (CRC-32 and length) is missing") }
        let crc = littleEndian(data, at: trailer)
        let length = littleEndian(data, at: trailer + 4)
        guard crc == CRC32.checksum(inflated.output) else { return fail("gzip CRC-32 does not match the data") }
        guard length == UInt32(truncatingIfNeeded: inflated.output.count) else {
            return fail("gzip length \(length) does not match the \(inflated.output.count) bytes decoded")
        }
        return .success((inflated.output, trailer + 8))
    }

    private static func littleEndian(_ data: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(data[offset + $1]) << (8 * $1) }
    }
}
