/// The two list types of the MANUAL format and what distinguishes them.
enum ManualListKind: Sendable {
    /// `- item`, rendered `<ul>`.
    case bullet
    /// `1. item` (every item is written `1.`), rendered `<ol>`.
    case numbered

    /// How far an item's continuation lines, and a nested list's items, are indented past the item's own
    /// indentation: the width of the marker (`- ` is 2, `1. ` is 3).
    var markerWidth: Int {
        switch self {
        case .bullet: 2
        case .numbered: 3
        }
    }

    var htmlElement: String {
        switch self {
        case .bullet: "ul"
        case .numbered: "ol"
        }
    }

    /// For messages.
    var noun: String {
        switch self {
        case .bullet: "bullet"
        case .numbered: "numbered"
        }
    }

    /// The kind, indentation and text start (0-based byte offset) of a list item line: `^( *)(- |1\. )`.
    /// Nil for any other line.
    static func item(in line: ManualSourceLine) -> (kind: ManualListKind, indentation: Int, textStart: Int)? {
        let bytes = Array(line.text.utf8)
        let indentation = line.indentation
        let rest = bytes[indentation...]
        if rest.starts(with: [UInt8(ascii: "-"), UInt8(ascii: " ")]) {
            return (.bullet, indentation, indentation + 2)
        }
        if rest.starts(with: [UInt8(ascii: "1"), UInt8(ascii: "."), UInt8(ascii: " ")]) {
            return (.numbered, indentation, indentation + 3)
        }
        return nil
    }

    /// For a line like `2. text` or `  10. text`: the number as written and the text start. Nil for `1. `
    /// (a real item) and for lines that do not look numbered.
    static func misnumberedItem(in line: ManualSourceLine) -> (number: String, textStart: Int)? {
        let bytes = Array(line.text.utf8)
        var index = line.indentation
        let digitsStart = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        guard index > digitsStart, index - digitsStart <= 3, index + 1 < bytes.count,
              bytes[index] == UInt8(ascii: "."), bytes[index + 1] == UInt8(ascii: " ") else { return nil }
        let number = String(decoding: bytes[digitsStart..<index], as: UTF8.self)
        return number == "1" ? nil : (number, index + 2)
    }
}
