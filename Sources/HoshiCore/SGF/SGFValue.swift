import Foundation

/// Reading and writing SGF property values (FF[4] "Property value types"): `interpret...` turns a raw
/// value into a typed one, `escape`/`serialise...` go back. Nothing here reports diagnostics: callers decide
/// whether a nil result is a warning (`PropertyChecker`) or silently ignored.
public enum SGFValue {
    // MARK: - Text

    /// Text: `\` escapes the next character, `\` before a line break removes the break (a soft line break),
    /// other whitespace than line breaks becomes a space, and `\r\n`, `\n\r`, `\r` become `\n`.
    public static func interpretText(_ raw: String) -> String {
        interpret(raw, keepLineBreaks: true)
    }

    /// SimpleText: like Text, but line breaks become spaces too.
    public static func interpretSimpleText(_ raw: String) -> String {
        interpret(raw, keepLineBreaks: false)
    }

    private static func interpret(_ raw: String, keepLineBreaks: Bool) -> String {
        // Fast path, without copying the bytes: nothing to resolve.
        if !raw.utf8.contains(where: needsResolving) { return raw }
        var raw = raw
        return raw.withUTF8 { resolve($0, keepLineBreaks: keepLineBreaks) }
    }

    /// `interpretText`/`interpretSimpleText` of a value's bytes (UTF-8), without first making the raw
    /// string: what reading every comment of a file needs (`GameTree.forEachText`).
    static func interpret(bytes: UnsafeBufferPointer<UInt8>, keepLineBreaks: Bool) -> String {
        if !bytes.contains(where: needsResolving) { return String(decoding: bytes, as: UTF8.self) }
        return resolve(bytes, keepLineBreaks: keepLineBreaks)
    }

    @inline(__always)
    private static func needsResolving(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\\") || byte < 0x20 }

    /// Resolves escapes, soft line breaks and white space, written straight into the new string: the
    /// result is never longer than the value.
    private static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, keepLineBreaks: Bool) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    let next = bytes[index]
                    if next == 0x0A || next == 0x0D {
                        index += lineBreakLength(bytes, at: index)
                    } else {
                        output[count] = next
                        count += 1
                        index += 1
                    }
                } else if byte == 0x0A || byte == 0x0D {
                    output[count] = keepLineBreaks ? 0x0A : 0x20
                    count += 1
                    index += lineBreakLength(bytes, at: index)
                } else if byte == 0x09 || byte == 0x0B || byte == 0x0C {
                    output[count] = 0x20
                    count += 1
                    index += 1
                } else {
                    output[count] = byte
                    count += 1
                    index += 1
                }
            }
            return count
        }
    }

    /// `\r\n` and `\n\r` are one line break.
    private static func lineBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index + 1 < bytes.count else { return 1 }
        let pair = (bytes[index], bytes[index + 1])
        return pair == (0x0D, 0x0A) || pair == (0x0A, 0x0D) ? 2 : 1
    }

    /// The raw spelling of `text`: `\` and `]` escaped, and `:` too when the text is part of a composed value.
    public static func escape(_ text: String, inComposedValue: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "]") || (inComposedValue && $0 == UInt8(ascii: ":")) })
        else { return text }
        var output = ""
        for character in text.unicodeScalars {
            if character == "\\" || character == "]" || (inComposedValue && character == ":") { output.append("\\") }
            output.unicodeScalars.append(character)
        }
        return output
    }

    /// The raw value with every unescaped `]` escaped: what the writer emits. Values recovered from files
    /// with a stray `]` (`US[Name[3d]]`) hold one; everything else comes back unchanged.
    public static func canonicalRaw(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "]")) || raw.utf8.last == UInt8(ascii: "\\") else { return raw }
        var output: [UInt8] = []
        var escaped = false
        for byte in raw.utf8 {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "]") {
                output.append(UInt8(ascii: "\\"))
            }
            output.append(byte)
        }
        if escaped { output.removeLast() }  // a trailing lone backslash would escape the closing bracket
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Composed values

    /// Splits `a:b` at the first colon that is not escaped; nil when there is none.
    public static func splitComposed(_ raw: String) -> (first: String, second: String)? {
        var escaped = false
        var utf8 = raw.utf8.makeIterator()
        var offset = 0
        while let byte = utf8.next() {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: ":") {
                let bytes = Array(raw.utf8)
                return (String(decoding: bytes[..<offset], as: UTF8.self), String(decoding: bytes[(offset + 1)...], as: UTF8.self))
            }
            offset += 1
        }
        return nil
    }

    // MARK: - Numbers

    /// Number: optional sign and digits. Surrounding spaces are tolerated.
    public static func interpretNumber(_ raw: String) -> Int? {
        Int(raw.trimmingSpaces)
    }

    /// Real: a decimal number. A comma as decimal separator (`KM[6,5]`) is accepted.
    public static func interpretReal(_ raw: String) -> Double? {
        let trimmed = raw.trimmingSpaces
        if let value = Double(trimmed), value.isFinite { return value }
        if let value = Double(trimmed.replacingOccurrences(of: ",", with: ".")), value.isFinite { return value }
        return nil
    }

    /// Double: 1 normal, 2 emphasised.
    public static func interpretDouble(_ raw: String) -> Int? {
        switch raw.trimmingSpaces {
        case "1": return 1
        case "2": return 2
        default: return nil
        }
    }

    /// Color: `B` or `W` (lower case accepted).
    public static func interpretColor(_ raw: String) -> Stone? {
        switch raw.trimmingSpaces {
        case "B", "b": return .black
        case "W", "w": return .white
        default: return nil
        }
    }

    /// `SZ`: `19` or `19:13` (columns:rows).
    public static func interpretBoardSize(_ raw: String) -> BoardSize? {
        if let (columns, rows) = splitComposed(raw) {
            guard let columns = interpretNumber(columns), let rows = interpretNumber(rows) else { return nil }
            return BoardSize(columns: columns, rows: rows)
        }
        guard let side = interpretNumber(raw) else { return nil }
        return BoardSize(columns: side, rows: side)
    }

    // MARK: - Points and moves

    /// How a point value was read.
    public enum PointReading: Hashable, Sendable {
        case point(Point)
        /// `[]`, or `tt` on a board of at most 19x19 (the FF[3] pass).
        case pass
        /// Human coordinates such as `R16`: column letter A–T without I, row counted from the bottom.
        case humanCoordinates(Point)
        /// Letters that name no point on this board, or a value that is not a point at all.
        case invalid
    }

    /// Reads a Point or Move value on a board of `size`.
    ///
    /// SGF coordinates: first letter column, second row, `a` = 0 at the top left, `A` = 26. `tt` is a pass
    /// only when `allowPass` and the board is at most 19x19 (where `t` is off the board).
    public static func interpretPoint(_ raw: String, size: BoardSize, allowPass: Bool) -> PointReading {
        let utf8 = raw.utf8
        if utf8.isEmpty { return allowPass ? .pass : .invalid }
        if utf8.count == 2 {
            let first = utf8[utf8.startIndex]
            let second = utf8[utf8.index(after: utf8.startIndex)]
            if let column = Point.coordinate(ofSGFLetter: first), let row = Point.coordinate(ofSGFLetter: second) {
                let point = Point(column: column, row: row)
                if size.contains(point) { return .point(point) }
                if allowPass, Point.isFF3Pass(first, second, on: size) { return .pass }
                return .invalid
            }
        }
        if let point = interpretHumanCoordinates(raw, size: size) { return .humanCoordinates(point) }
        return .invalid
    }

    /// `Q16` style: a column letter (A–Z skipping I, case-insensitive) and a row number from the bottom.
    static func interpretHumanCoordinates(_ raw: String, size: BoardSize) -> Point? {
        let bytes = Array(raw.utf8)
        guard bytes.count >= 2, bytes.count <= 3 else { return nil }
        var letter = bytes[0]
        if letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") { letter -= 32 }
        guard letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z"), letter != UInt8(ascii: "I") else { return nil }
        let column = Int(letter - UInt8(ascii: "A")) - (letter > UInt8(ascii: "I") ? 1 : 0)
        guard let number = Int(String(decoding: bytes[1...], as: UTF8.self)), number >= 1 else { return nil }
        let point = Point(column: column, row: size.rows - number)
        return size.contains(point) ? point : nil
    }

    /// A list of points, with compressed rectangles `aa:cc` expanded (FF[4] "Compressed point lists").
    /// Returns the points in order (a point listed twice appears twice) and how many values could not be read.
    public static func interpretPointList(_ values: [PropertyValue], size: BoardSize) -> (points: [Point], invalid: Int) {
        var points: [Point] = []
        points.reserveCapacity(values.count)
        var invalid = 0
        for value in values {
            if value.raw.isEmpty { continue }  // elist: `[]` means none
            if value.raw.utf8.count != 2, let (from, to) = splitComposed(value.raw) {
                guard case .point(let first) = interpretPoint(from, size: size, allowPass: false),
                      case .point(let second) = interpretPoint(to, size: size, allowPass: false)
                else { invalid += 1; continue }
                for row in min(first.row, second.row)...max(first.row, second.row) {
                    for column in min(first.column, second.column)...max(first.column, second.column) {
                        points.append(Point(column: column, row: row))
                    }
                }
            } else {
                switch interpretPoint(value.raw, size: size, allowPass: false) {
                case .point(let point), .humanCoordinates(let point): points.append(point)
                case .pass, .invalid: invalid += 1
                }
            }
        }
        return (points, invalid)
    }

    /// `point:point` pairs (AR, LN).
    public static func interpretPointPairs(_ values: [PropertyValue], size: BoardSize) -> [(from: Point, to: Point)] {
        values.compactMap { value in
            guard let (first, second) = splitComposed(value.raw),
                  case .point(let from) = interpretPoint(first, size: size, allowPass: false),
                  case .point(let to) = interpretPoint(second, size: size, allowPass: false)
            else { return nil }
            return (from, to)
        }
    }

    /// `point:text` labels (LB).
    public static func interpretLabels(_ values: [PropertyValue], size: BoardSize) -> [(point: Point, text: String)] {
        values.compactMap { value in
            guard let (first, second) = splitComposed(value.raw),
                  case .point(let point) = interpretPoint(first, size: size, allowPass: false)
            else { return nil }
            return (point, interpretSimpleText(second))
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last, first <= 0x20 || last <= 0x20 else { return self }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start] <= 0x20 { start = utf8.index(after: start) }
        while end > start, utf8[utf8.index(before: end)] <= 0x20 { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}
