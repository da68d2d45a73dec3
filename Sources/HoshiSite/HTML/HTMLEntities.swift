/// Recognises and decodes HTML character references: named (`&amp;`, `&nbsp;`), decimal (`&#233;`) and
/// hexadecimal (`&#xE9;`).
///
/// The sanitizer needs to know whether an `&` starts a valid reference (kept as it is) or is a bare ampersand
/// (escaped to `&amp;`); the plain-text extraction for the search index needs the decoded characters.
///
/// Only references that end in `;` count. HTML also accepts some legacy names without the semicolon
/// (`&copy`), but a help text that relies on that is more likely a bare `&` followed by a word.
enum HTMLEntities {
    /// Named references, name (without `&` and `;`) to the characters it stands for.
    static let namedCharacters: [String: String] = {
        var table: [String: String] = [:]
        for line in HTMLEntityTable.source.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.first else { continue }
            var characters = ""
            for field in fields.dropFirst() {
                guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                characters.unicodeScalars.append(scalar)
            }
            table[String(name)] = characters
        }
        return table
    }()

    /// Longest name in the table, so that a scan for `;` can stop early on a bare `&`.
    private static let longestNameLength = 32

    /// The number of bytes of the valid character reference that starts at `start`, or nil when the `&`
    /// there does not start one.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - start: index of an `&` in `bytes`.
    static func referenceLength(in bytes: [UInt8], at start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "&") else { return nil }
        var end = start + 1
        let limit = min(bytes.count, start + 2 + longestNameLength)
        while end < limit, bytes[end] != UInt8(ascii: ";") {
            let byte = bytes[end]
            let isNameByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "#")
            guard isNameByte else { return nil }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        return characters(forReferenceBody: body) == nil ? nil : end - start + 1
    }

    /// The characters a reference stands for; `body` is the text between `&` and `;` (`amp`, `#233`, `#xE9`).
    /// Nil for unknown names, malformed numbers, NUL, surrogates and values beyond U+10FFFF.
    static func characters(forReferenceBody body: String) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                let hex = digits.dropFirst()
                value = hex.isEmpty || hex.count > 6 ? nil : UInt32(hex, radix: 16)
            } else {
                value = digits.isEmpty || digits.count > 7 ? nil : UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return namedCharacters[body]
    }

    /// `text` with every valid character reference replaced by its characters; anything else stays.
    static func decodeReferences(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var result = ""
        var runStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let length = referenceLength(in: bytes, at: index) {
                result += String(decoding: bytes[runStart..<index], as: UTF8.self)
                let body = String(decoding: bytes[(index + 1)..<(index + length - 1)], as: UTF8.self)
                result += characters(forReferenceBody: body) ?? ""
                index += length
                runStart = index
            } else {
                index += 1
            }
        }
        result += String(decoding: bytes[runStart..<bytes.count], as: UTF8.self)
        return result
    }
}
