/// Escaping for text placed into HTML by Swift code (templates escape their own variables).
public enum HTMLText {
    /// Escapes `& < > " '`, enough for element content and quoted attribute values.
    ///
    /// Works on UTF-8 bytes (every character it replaces is ASCII), and returns text with nothing to escape
    /// as it is: most words of code and headings have none.
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: needsEscaping) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 16)
        result.append(contentsOf: utf8[..<first])
        for byte in utf8[first...] {
            switch byte {
            case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
