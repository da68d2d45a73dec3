import Foundation  // NSLock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// All C in the SGF reader is in this file: iconv from the C library, which knows the East Asian charsets
// Foundation on Linux does not.

/// Decodes byte strings in one charset to Swift strings. A decoder serves one parse at a time: it owns an
/// iconv handle, closed in `deinit`, whose conversion state is reset before each value.
final class CharsetDecoder {
    /// The iconv name of the charset, nil for UTF-8 (validated, not converted).
    private let iconvName: String?
    private var handle: iconv_t?
    /// ISO-2022-JP text is all 7-bit, so the "ASCII needs no conversion" shortcut does not apply.
    private let isSevenBitEncoding: Bool

    /// Nil when iconv does not know the charset.
    init?(_ charset: SGFCharset) {
        iconvName = charset.iconvName
        isSevenBitEncoding = charset.iconvName == "ISO-2022-JP"
        if let name = charset.iconvName {
            let opened = iconv_open("UTF-8", name)
            guard let opened, Int(bitPattern: opened) != -1 else { return nil }
            handle = opened
        }
    }

    deinit {
        if let handle { iconv_close(handle) }
    }

    // MARK: - Reuse across parses

    /// Decoders no parse is using, by iconv name. Opening an iconv handle loads the C library's conversion
    /// module (a file look-up and symbol resolution each time), which cost more than reading a small file;
    /// so a parse takes its decoders from here and gives them back when it is done.
    private static let idle = LockedValue<[String: [CharsetDecoder]]>([:])

    /// A decoder for `charset`, an idle one if there is one; nil when iconv does not know the charset.
    static func take(_ charset: SGFCharset) -> CharsetDecoder? {
        if let name = charset.iconvName {
            if let decoder = idle.withLock({ $0[name]?.popLast() }) { return decoder }
        }
        return CharsetDecoder(charset)
    }

    /// Makes decoders a parse has finished with available to later parses.
    static func giveBack(_ decoders: some Sequence<CharsetDecoder>) {
        idle.withLock { idle in
            for decoder in decoders {
                if let name = decoder.iconvName { idle[name, default: []].append(decoder) }
            }
        }
    }

    /// The text, or nil if the bytes are not valid in the charset.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if !isSevenBitEncoding && bytes.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let handle else { return CharsetDecoder.validUTF8String(bytes) }
        return CharsetDecoder.convert(bytes, with: handle)
    }

    /// Like `decode`, but never fails: undecodable bytes become U+FFFD.
    func decodeLossily(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let text = decode(bytes) { return text }
        guard handle != nil else { return String(decoding: bytes, as: UTF8.self) }
        var result = ""
        var start = 0
        // Decode the longest decodable prefixes, replacing one byte at a time where decoding fails.
        while start < bytes.count {
            var end = bytes.count
            var decoded: String?
            while end > start {
                if let text = decode(UnsafeBufferPointer(rebasing: bytes[start..<end])) { decoded = text; break }
                end = end - start > 64 ? start + (end - start) / 2 : end - 1
            }
            if let decoded {
                result += decoded
                start = end
            } else {
                result += "\u{FFFD}"
                start += 1
            }
        }
        return result
    }

    private static func convert(_ bytes: UnsafeBufferPointer<UInt8>, with handle: iconv_t) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        // Reset the conversion state (stateful encodings such as ISO-2022-JP).
        iconv(handle, nil, nil, nil, nil)
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        var inputLeft = bytes.count
        var outputLeft = output.count
        let succeeded: Bool = output.withUnsafeMutableBufferPointer { out in
            guard let outputBase = out.baseAddress else { return false }
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
            var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
            let status = iconv(handle, &input, &inputLeft, &outputPointer, &outputLeft)
            guard status != -1 && inputLeft == 0 else { return false }
            // Flush any shift sequence.
            let flushed = iconv(handle, nil, nil, &outputPointer, &outputLeft)
            return flushed != -1
        }
        guard succeeded else { return nil }
        return String(decoding: output[0..<(output.count - outputLeft)], as: UTF8.self)
    }

    /// The text of UTF-8 bytes, nil when they are not valid UTF-8. (`String(validating:)` needs macOS 15.)
    static func validUTF8String(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isValidUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Called on every file that declares no charset: decode scalar by scalar only from the first
        // non-ASCII byte.
        let start = asciiPrefixLength(bytes)
        var iterator = UnsafeBufferPointer(rebasing: bytes[start...]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// How many bytes at the start are ASCII. SGF is mostly ASCII, so this reads eight bytes at a time.
    static func asciiPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        var length = 0
        while length + 8 <= bytes.count && base.loadUnaligned(fromByteOffset: length, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            length += 8
        }
        while length < bytes.count && bytes[length] < 0x80 { length += 1 }
        return length
    }

    /// Converts a whole file from UTF-16 (`littleEndian` or big) to UTF-8 bytes, nil if it is not UTF-16.
    static func transcodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, littleEndian: Bool) -> [UInt8]? {
        guard let converter = CharsetDecoder(SGFCharset(name: "UTF-16", iconvName: littleEndian ? "UTF-16LE" : "UTF-16BE", leadBytes: .none)),
              let handle = converter.handle, let text = convert(bytes, with: handle)
        else { return nil }
        return Array(text.utf8)
    }
}
