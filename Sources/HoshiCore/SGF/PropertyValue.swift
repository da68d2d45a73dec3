/// One value of a property as written between `[` and `]`, decoded to Unicode, escapes kept.
///
/// Keeping the escaped form (rather than the interpreted text) means the writer can reproduce a value
/// exactly and composed values (`LB[aa:a\:b]`) can still be split at the right colon. The `interpret...`
/// functions in `SGFValue` turn it into typed values.
public struct PropertyValue: Hashable, Sendable, CustomStringConvertible {
    /// The value between the brackets, escapes intact.
    public var raw: String

    public init(raw: String) {
        self.raw = raw
    }

    /// A value holding `text`, escaped so that it reads back as `text`.
    public init(text: String) {
        self.raw = SGFValue.escape(text)
    }

    /// The value as Text (escapes resolved, soft line breaks removed).
    public var text: String { SGFValue.interpretText(raw) }
    /// The value as SimpleText (as `text`, with line breaks turned into spaces).
    public var simpleText: String { SGFValue.interpretSimpleText(raw) }

    public var description: String { "[\(raw)]" }
}

/// One property of a node: a FF[4] identifier and one or more values.
///
/// The first value is stored apart from the others because nearly every property has exactly one: a game
/// of 300 moves would otherwise allocate 300 one-element arrays.
public struct Property: Hashable, Sendable, CustomStringConvertible {
    /// The FF[4] identifier: upper-case letters only. Long FF[1]/FF[3] names (`AddBlack`, `CoPyright`) are
    /// read as their upper-case letters (`AB`, `CP`).
    public var identifier: String
    /// The first value; nil only for a property made in code with no values.
    public private(set) var firstValue: PropertyValue?
    private var otherValues: [PropertyValue]
    /// Byte offset of the identifier in the file read (nil for properties made in code). Not part of
    /// equality, so a re-parsed tree equals the original.
    public var sourceOffset: Int?

    public init(_ identifier: String, _ values: [PropertyValue], sourceOffset: Int? = nil) {
        self.identifier = identifier
        self.firstValue = values.first
        self.otherValues = values.count > 1 ? Array(values.dropFirst()) : []
        self.sourceOffset = sourceOffset
    }

    /// A property with a single value spelled `raw`.
    public init(_ identifier: String, raw: String, sourceOffset: Int? = nil) {
        self.identifier = identifier
        self.firstValue = PropertyValue(raw: raw)
        self.otherValues = []
        self.sourceOffset = sourceOffset
    }

    /// All values in order.
    public var values: [PropertyValue] {
        get {
            guard let firstValue else { return [] }
            return otherValues.isEmpty ? [firstValue] : [firstValue] + otherValues
        }
        set {
            firstValue = newValue.first
            otherValues = newValue.count > 1 ? Array(newValue.dropFirst()) : []
        }
    }

    public var valueCount: Int { firstValue == nil ? 0 : 1 + otherValues.count }

    public static func == (lhs: Property, rhs: Property) -> Bool {
        lhs.identifier == rhs.identifier && lhs.firstValue == rhs.firstValue && lhs.otherValues == rhs.otherValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(firstValue)
        hasher.combine(otherValues)
    }

    /// The first value's raw text (most properties have exactly one).
    public var firstRaw: String? { firstValue?.raw }

    public var description: String { identifier + values.map(\.description).joined() }
}
