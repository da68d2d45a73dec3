/// A character set an SGF file may declare with `CA[...]`, and how to decode it.
///
/// SGF's structure (brackets, backslashes) is ASCII, but in Shift_JIS, Big5 and GBK the second byte of a
/// two-byte character can be 0x5C (`\`) or 0x5D (`]`). The grammar therefore has to know which bytes start
/// a two-byte character (`isLeadByte`) so it skips the pair instead of reading an escape or the end of a
/// value. Decoding to Unicode happens after the structure is known (`CharsetDecoder`).
public struct SGFCharset: Hashable, Sendable, CustomStringConvertible {
    /// The name Hoshi reports (e.g. `Shift_JIS`).
    public var name: String
    /// The name iconv knows, nil for UTF-8 (decoded natively).
    var iconvName: String?
    /// Which bytes begin a two-byte character whose second byte may be ASCII.
    var leadBytes: LeadBytes

    enum LeadBytes: Hashable, Sendable {
        case none
        case shiftJIS   // 0x81–0x9F, 0xE0–0xFC
        case chinese    // GBK/GB18030/Big5/UHC: 0x81–0xFE
    }

    public static let utf8 = SGFCharset(name: "UTF-8", iconvName: nil, leadBytes: .none)

    public var description: String { name }

    @inline(__always)
    func isLeadByte(_ byte: UInt8) -> Bool {
        switch leadBytes {
        case .none: return false
        case .shiftJIS: return (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte)
        case .chinese: return (0x81...0xFE).contains(byte)
        }
    }

    /// The charset a `CA` value names, nil when Hoshi does not know it. Names are matched ignoring case,
    /// `-` and `_`. Supersets are used where they decode the same text plus more: GB2312 and GBK as
    /// GB18030, Shift_JIS as Windows-31J (CP932, which maps 0x5C to `\` rather than `¥`), EUC-KR as UHC.
    public static func named(_ label: String) -> SGFCharset? {
        let key = String(label.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
        switch key {
        case "utf8", "utf8bom": return .utf8
        case "ascii", "usascii": return .utf8
        case "shiftjis", "sjis", "mskanji", "cp932", "windows31j", "xsjis":
            return SGFCharset(name: "Shift_JIS", iconvName: "CP932", leadBytes: .shiftJIS)
        case "gb2312", "euccn", "gbk", "cp936", "gb18030", "xgbk", "hz":
            return SGFCharset(name: label.uppercased(), iconvName: "GB18030", leadBytes: .chinese)
        case "big5", "cp950", "big5hkscs":
            return SGFCharset(name: "Big5", iconvName: "BIG5-HKSCS", leadBytes: .chinese)
        case "euckr", "ksc5601", "ksc56011987", "cp949", "uhc":
            return SGFCharset(name: "EUC-KR", iconvName: "CP949", leadBytes: .chinese)
        case "eucjp": return SGFCharset(name: "EUC-JP", iconvName: "EUC-JP", leadBytes: .none)
        case "iso2022jp": return SGFCharset(name: "ISO-2022-JP", iconvName: "ISO-2022-JP", leadBytes: .none)
        case "latin1", "iso88591", "l1": return SGFCharset(name: "ISO-8859-1", iconvName: "ISO-8859-1", leadBytes: .none)
        case "macintosh", "macroman", "mac": return SGFCharset(name: "macintosh", iconvName: "MACINTOSH", leadBytes: .none)
        case "koi8r": return SGFCharset(name: "KOI8-R", iconvName: "KOI8-R", leadBytes: .none)
        case "utf16", "utf16le", "utf16be", "ucs2":
            // The whole file is transcoded before parsing; by then it is UTF-8.
            return .utf8
        default:
            break
        }
        if key.hasPrefix("iso8859"), let part = Int(key.dropFirst(7)), (1...16).contains(part) {
            return SGFCharset(name: "ISO-8859-\(part)", iconvName: "ISO-8859-\(part)", leadBytes: .none)
        }
        if key.hasPrefix("windows125") || key.hasPrefix("cp125"), let digit = key.last, digit.isNumber {
            return SGFCharset(name: "Windows-125\(digit)", iconvName: "WINDOWS-125\(digit)", leadBytes: .none)
        }
        return nil
    }

    /// Charsets tried, in order, when a file has no `CA` and is not valid UTF-8.
    /// EUC-KR is tried strictly (both bytes 0xA1 or above), not as its UHC superset, whose extra
    /// syllables would match almost any Shift_JIS text.
    static let guessCandidates: [SGFCharset] = ["Shift_JIS", "GB18030", "Big5"].compactMap(SGFCharset.named)
        + [SGFCharset(name: "EUC-KR", iconvName: "EUC-KR", leadBytes: .chinese)]
    /// The last resort: every byte decodes.
    static let windows1252 = SGFCharset(name: "Windows-1252", iconvName: "WINDOWS-1252", leadBytes: .none)
}
