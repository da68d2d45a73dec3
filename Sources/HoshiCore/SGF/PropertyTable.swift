/// The SGF properties Hoshi knows, with the type of their values (FF[4] spec, "Properties" and the Go
/// (GM[1]) section). Unknown properties are kept verbatim; this table only decides how known ones are read,
/// checked and merged.
///
/// One line per property: identifier, value type, category, and the English name in the comment.
public enum PropertyTable {
    /// How a property's values are spelled.
    public enum ValueType: Sendable, Hashable {
        case none            // `[]` only
        case number          // Number
        case real            // Real
        case double          // 1 (normal) or 2 (emphasised)
        case color           // B or W
        case simpleText      // SimpleText: line breaks become spaces
        case text            // Text: line breaks kept
        case move            // Move: a point, or `[]`/`tt` for a pass
        case pointList       // list of Point, compressed `aa:cc` allowed
        case elist           // list of Point or `[]`
        case pointPairList   // list of Point:Point (AR, LN)
        case labelList       // list of Point:SimpleText (LB)
        case boardSize       // Number or Number:Number (SZ)
        case application     // SimpleText:SimpleText (AP)
        case figure          // `[]` or Number:SimpleText (FG)
    }

    public enum Category: Sendable, Hashable {
        case move, setup, nodeAnnotation, moveAnnotation, markup, root, gameInfo, timing, miscellaneous
    }

    public struct Definition: Sendable, Hashable {
        public var valueType: ValueType
        public var category: Category
        /// Whether the property takes a list of values (duplicates in one node are merged).
        public var isList: Bool {
            switch valueType {
            case .pointList, .elist, .pointPairList, .labelList: return true
            default: return false
            }
        }
    }

    private static func entry(_ type: ValueType, _ category: Category) -> Definition {
        Definition(valueType: type, category: category)
    }

    /// Every property FF[4] defines for Go.
    public static let definitions: [String: Definition] = [
        "B": entry(.move, .move),                    // Black: a black move
        "W": entry(.move, .move),                    // White: a white move
        "KO": entry(.none, .move),                   // Ko: execute the move even if illegal
        "MN": entry(.number, .move),                 // set move number
        "AB": entry(.pointList, .setup),             // Add Black
        "AW": entry(.pointList, .setup),             // Add White
        "AE": entry(.pointList, .setup),             // Add Empty
        "PL": entry(.color, .setup),                 // Player to play
        "C": entry(.text, .nodeAnnotation),          // Comment
        "N": entry(.simpleText, .nodeAnnotation),    // Node name
        "GB": entry(.double, .nodeAnnotation),       // Good for Black
        "GW": entry(.double, .nodeAnnotation),       // Good for White
        "DM": entry(.double, .nodeAnnotation),       // Even position
        "UC": entry(.double, .nodeAnnotation),       // Unclear position
        "HO": entry(.double, .nodeAnnotation),       // Hotspot
        "V": entry(.real, .nodeAnnotation),          // Value (estimated score)
        "BM": entry(.double, .moveAnnotation),       // Bad move
        "DO": entry(.none, .moveAnnotation),         // Doubtful
        "IT": entry(.none, .moveAnnotation),         // Interesting
        "TE": entry(.double, .moveAnnotation),       // Tesuji (good move)
        "AR": entry(.pointPairList, .markup),        // Arrow
        "CR": entry(.pointList, .markup),            // Circle
        "DD": entry(.elist, .markup),                // Dim points
        "LB": entry(.labelList, .markup),            // Label
        "LN": entry(.pointPairList, .markup),        // Line
        "MA": entry(.pointList, .markup),            // Mark with X
        "SL": entry(.pointList, .markup),            // Selected points
        "SQ": entry(.pointList, .markup),            // Square
        "TR": entry(.pointList, .markup),            // Triangle
        "TB": entry(.elist, .markup),                // Territory Black
        "TW": entry(.elist, .markup),                // Territory White
        "AP": entry(.application, .root),            // Application: name:version
        "CA": entry(.simpleText, .root),             // SGFCharset
        "FF": entry(.number, .root),                 // File format
        "GM": entry(.number, .root),                 // Game (1 = Go)
        "ST": entry(.number, .root),                 // Style of showing variations
        "SZ": entry(.boardSize, .root),              // Size of the board
        "AN": entry(.simpleText, .gameInfo),         // Annotation (annotator)
        "BR": entry(.simpleText, .gameInfo),         // Black rank
        "BT": entry(.simpleText, .gameInfo),         // Black team
        "CP": entry(.simpleText, .gameInfo),         // Copyright
        "DT": entry(.simpleText, .gameInfo),         // Date
        "EV": entry(.simpleText, .gameInfo),         // Event
        "GN": entry(.simpleText, .gameInfo),         // Game name
        "GC": entry(.text, .gameInfo),               // Game comment
        "ON": entry(.simpleText, .gameInfo),         // Opening
        "OT": entry(.simpleText, .gameInfo),         // Overtime
        "PB": entry(.simpleText, .gameInfo),         // Player Black
        "PC": entry(.simpleText, .gameInfo),         // Place
        "PW": entry(.simpleText, .gameInfo),         // Player White
        "RE": entry(.simpleText, .gameInfo),         // Result
        "RO": entry(.simpleText, .gameInfo),         // Round
        "RU": entry(.simpleText, .gameInfo),         // Rules
        "SO": entry(.simpleText, .gameInfo),         // Source
        "TM": entry(.real, .gameInfo),               // Time limit in seconds
        "US": entry(.simpleText, .gameInfo),         // User (who entered the game)
        "WR": entry(.simpleText, .gameInfo),         // White rank
        "WT": entry(.simpleText, .gameInfo),         // White team
        "HA": entry(.number, .gameInfo),             // Handicap
        "KM": entry(.real, .gameInfo),               // Komi
        "BL": entry(.real, .timing),                 // Black time left
        "OB": entry(.number, .timing),               // Black moves left in overtime
        "OW": entry(.number, .timing),               // White moves left in overtime
        "WL": entry(.real, .timing),                 // White time left
        "FG": entry(.figure, .miscellaneous),        // SGFFigure
        "PM": entry(.number, .miscellaneous),        // Print move mode
        "VW": entry(.elist, .miscellaneous),         // View (part of the board shown)
    ]

    /// The definition of an identifier, without hashing: one- and two-letter identifiers (all of FF[4])
    /// index a table directly. Called for every property of every node.
    public static func definition(of identifier: String) -> Definition? {
        guard let slot = slot(of: identifier) else { return nil }
        return definitionsBySlot[slot]
    }

    /// The definition for an identifier code (see `PropertyArena`): codes below `slotCount` are slots.
    @inline(__always)
    static func definition(ofCode code: Int32) -> Definition? {
        code < slotCount ? definitionsBySlot[Int(code)] : nil
    }

    /// How many slots one- and two-letter identifiers use: `A`...`Z`, then `AA`...`ZZ`.
    static let slotCount: Int32 = 26 + 26 * 26

    /// A small number for a one- or two-letter identifier (nil for longer ones): cheaper to compare than
    /// strings in loops over every property of a game.
    static func slot(of identifier: String) -> Int? {
        var utf8 = identifier.utf8.makeIterator()
        guard let first = utf8.next(), first >= 0x41, first <= 0x5A else { return nil }
        guard let second = utf8.next() else { return Int(first - 0x41) }
        guard second >= 0x41, second <= 0x5A, utf8.next() == nil else { return nil }
        return slot(first, second)
    }

    /// The slot of the upper-case letters `first` and `second` (`second` nil for a one-letter identifier).
    @inline(__always)
    static func slot(_ first: UInt8, _ second: UInt8?) -> Int {
        guard let second else { return Int(first &- 0x41) }
        return 26 + Int(first &- 0x41) * 26 + Int(second &- 0x41)
    }

    /// The identifier a slot stands for.
    static func identifier(ofSlot slot: Int) -> String {
        if slot < 26 { return String(UnicodeScalar(UInt8(0x41 + slot))) }
        let pair = slot - 26
        return String(decoding: [UInt8(0x41 + pair / 26), UInt8(0x41 + pair % 26)], as: UTF8.self)
    }

    private static let definitionsBySlot: [Definition?] = {
        var table = [Definition?](repeating: nil, count: Int(slotCount))
        for (identifier, definition) in definitions {
            if let slot = slot(of: identifier) { table[slot] = definition }
        }
        return table
    }()

    // Codes of the identifiers the reader and replay look for (computed, so they fold to constants).
    static var charsetCode: Int32 { Int32(slot(UInt8(ascii: "C"), UInt8(ascii: "A"))) }
    static var blackMoveCode: Int32 { Int32(slot(UInt8(ascii: "B"), nil)) }
    static var whiteMoveCode: Int32 { Int32(slot(UInt8(ascii: "W"), nil)) }
    static var addBlackCode: Int32 { Int32(slot(UInt8(ascii: "A"), UInt8(ascii: "B"))) }
    static var addWhiteCode: Int32 { Int32(slot(UInt8(ascii: "A"), UInt8(ascii: "W"))) }
    static var addEmptyCode: Int32 { Int32(slot(UInt8(ascii: "A"), UInt8(ascii: "E"))) }
    static var moveNumberCode: Int32 { Int32(slot(UInt8(ascii: "M"), UInt8(ascii: "N"))) }
    static var koCode: Int32 { Int32(slot(UInt8(ascii: "K"), UInt8(ascii: "O"))) }

    /// Private properties common in real records that are not worth a warning. Kept verbatim like any
    /// unknown property.
    public static let knownExtensions: Set<String> = [
        "JD",   // Japanese-era date (historical records)
        "OH",   // old-style handicap (historical records)
        "LT",   // lose on time (Nihon Ki-in, IGS)
        "TC",   // time-control detail (Nihon Ki-in)
        "RD",   // record date (Nihon Ki-in)
        "MULTIGOGM", "GOGOD", "KGSDE", "KGSSC", "KGSSB", "KGSSW", // application data
        "SBKV", "LZ", "KT", "KTV", // stored engine analysis (Sabaki, Lizzie, KaTrain), read by `StoredAnalysis`
    ]
}
