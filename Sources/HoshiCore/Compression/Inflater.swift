/// Decodes DEFLATE data (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks. Every malformed or
/// truncated input is an error value, never a trap, and the output stops at a caller's limit.
enum Inflater {
    /// The bytes decoded from the DEFLATE stream starting at `start`, and the offset of the first byte
    /// after its last block.
    static func inflate(_ data: [UInt8], from start: Int, limit: Int) -> Result<(output: [UInt8], end: Int), DecompressionError> {
        var reader = BitReader(bytes: data, position: start)
        var output: [UInt8] = []
        do {
            var isFinal = false
            while !isFinal {
                isFinal = try reader.bits(1) == 1
                switch try reader.bits(2) {
                case 0: try copyStoredBlock(&reader, into: &output, limit: limit)
                case 1: try decodeBlock(&reader, literals: fixedLiterals, distances: fixedDistances, into: &output, limit: limit)
                case 2:
                    let (literals, distances) = try dynamicCodes(&reader)
                    try decodeBlock(&reader, literals: literals, distances: distances, into: &output, limit: limit)
                default: throw DecompressionError("DEFLATE block type 3 is reserved")
                }
            }
        } catch let error as DecompressionError {
            return .failure(error)
        } catch {
            return .failure(DecompressionError("\(error)"))
        }
        return .success((output, reader.position))
    }

    // MARK: - Blocks

    private static func copyStoredBlock(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw DecompressionError("DEFLATE stored block length does not match its complement") }
        guard reader.position + length <= reader.bytes.count else { throw DecompressionError("DEFLATE stored block is cut short") }
        guard output.count + length <= limit else { throw limitExceeded(limit) }
        output += reader.bytes[reader.position..<reader.position + length]
        reader.position += length
    }

    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                        4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Literals and length/distance pairs up to the end-of-block symbol (256).
    private static func decodeBlock(_ reader: inout BitReader, literals: HuffmanCode, distances: HuffmanCode,
                                    into output: inout [UInt8], limit: Int) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw limitExceeded(limit) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBases.count else { throw DecompressionError("DEFLATE length symbol \(symbol) is invalid") }
            let length = lengthBases[lengthIndex] + (try reader.bits(lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBases.count else { throw DecompressionError("DEFLATE distance symbol \(distanceSymbol) is invalid") }
            let distance = distanceBases[distanceSymbol] + (try reader.bits(distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else { throw DecompressionError("DEFLATE distance \(distance) reaches before the start of the data") }
            guard output.count + length <= limit else { throw limitExceeded(limit) }
            let from = output.count - distance
            for index in 0..<length { output.append(output[from + index]) }
        }
    }

    // MARK: - Codes

    private static let fixedLiterals = HuffmanCode(unchecked: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
        + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))
    private static let fixedDistances = HuffmanCode(unchecked: Array(repeating: 5, count: 30))

    /// The order in which a dynamic block lists its code-length code (RFC 1951 section 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// A dynamic block's header: the literal/length and distance codes.
    private static func dynamicCodes(_ reader: inout BitReader) throws -> (HuffmanCode, HuffmanCode) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw DecompressionError("DEFLATE dynamic block declares too many codes") }
        var codeLengthLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthCode = try HuffmanCode(lengths: codeLengthLengths)
        var lengths: [Int] = []
        let total = literalCount + distanceCount
        while lengths.count < total {
            let symbol = try codeLengthCode.decode(&reader)
            let repeated: Int
            let count: Int
            switch symbol {
            case 0...15:
                lengths.append(symbol)
                continue
            case 16:
                guard let previous = lengths.last else { throw DecompressionError("DEFLATE code lengths repeat before any length") }
                repeated = previous
                count = 3 + (try reader.bits(2))
            case 17:
                repeated = 0
                count = 3 + (try reader.bits(3))
            default:
                repeated = 0
                count = 11 + (try reader.bits(7))
            }
            guard lengths.count + count <= total else { throw DecompressionError("DEFLATE code lengths run past the codes declared") }
            lengths += Array(repeating: repeated, count: count)
        }
        guard lengths[256] != 0 else { throw DecompressionError("DEFLATE dynamic block has no end-of-block code") }
        return (try HuffmanCode(lengths: Array(lengths[..<literalCount])), try HuffmanCode(lengths: Array(lengths[literalCount...])))
    }

    private static func limitExceeded(_ limit: Int) -> DecompressionError {
        DecompressionError("compressed data decodes to more than \(limit) bytes")
    }
}

/// Reads DEFLATE's bit stream: least significant bit of each byte first.
struct BitReader {
    let bytes: [UInt8]
    /// The next byte not yet taken into `buffer`.
    var position: Int
    private var buffer: UInt64 = 0
    private var count = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// The next `width` bits (at most 16) as a number, the first read being the lowest.
    mutating func bits(_ width: Int) throws -> Int {
        while count < width {
            guard position < bytes.count else { throw DecompressionError("compressed data is cut short") }
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt64(width)) - 1))
        buffer >>= UInt64(width)
        count -= width
        return value
    }

    /// Drops the bits left in the current byte (fewer than 8: bytes are taken in only as needed).
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }
}

/// A canonical Huffman code (RFC 1951 section 3.2.2), decoded bit by bit: how many codes each length has
/// and the symbols in code order.
struct HuffmanCode {
    private var countsPerLength: [Int]
    private var symbols: [Int]

    /// The code of these code lengths (0: the symbol is unused); an error when the lengths ask for more codes
    /// than exist (over-subscribed).
    init(lengths: [Int]) throws {
        self.init(unchecked: lengths)
        var available = 1
        for length in 1...15 {
            available = available * 2 - countsPerLength[length]
            guard available >= 0 else { throw DecompressionError("DEFLATE Huffman code lengths are over-subscribed") }
        }
    }

    /// The code of lengths known to be valid (the fixed codes).
    init(unchecked lengths: [Int]) {
        var counts = Array(repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var offsets = Array(repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = Array(repeating: 0, count: lengths.count - counts[0])
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        counts[0] = 0
        self.countsPerLength = counts
        self.symbols = symbols
    }

    /// The next symbol; an error for a bit string that is no code (an incomplete code's gap).
    func decode(_ reader: inout BitReader) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try reader.bits(1)
            let count = countsPerLength[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw DecompressionError("DEFLATE data holds a bit string that is no Huffman code")
    }
}
