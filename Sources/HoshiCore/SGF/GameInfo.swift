/// The game-information properties of a record (FF[4] "Game info properties"), typed.
///
/// Read from one node, normally the root. Text fields are SimpleText, resolved; nil when absent. Values
/// that cannot be read as their type (a `KM` that is not a number) are nil here and reported by
/// `PropertyChecker`.
public struct GameInfo: Hashable, Sendable {
    public var blackPlayer: String?       // PB
    public var whitePlayer: String?       // PW
    public var blackRank: String?         // BR
    public var whiteRank: String?         // WR
    public var blackTeam: String?         // BT
    public var whiteTeam: String?         // WT
    public var result: String?            // RE
    public var komi: Double?              // KM
    public var handicap: Int?             // HA
    public var date: String?              // DT
    public var event: String?             // EV
    public var round: String?             // RO
    public var place: String?             // PC
    public var rules: String?             // RU
    public var timeLimit: Double?         // TM, seconds
    public var overtime: String?          // OT
    public var gameName: String?          // GN
    public var gameComment: String?       // GC (Text)
    public var opening: String?           // ON
    public var source: String?            // SO
    public var annotator: String?         // AN
    public var copyright: String?         // CP
    public var user: String?              // US
    public var application: Application?  // AP

    /// `AP[name:version]`.
    public struct Application: Hashable, Sendable {
        public var name: String
        public var version: String
    }

    public init() {}

    public init(node: Node) {
        func simple(_ identifier: String) -> String? { node.property(identifier)?.firstValue?.simpleText }
        blackPlayer = simple("PB")
        whitePlayer = simple("PW")
        blackRank = simple("BR")
        whiteRank = simple("WR")
        blackTeam = simple("BT")
        whiteTeam = simple("WT")
        result = simple("RE")
        komi = node.raw("KM").flatMap(SGFValue.interpretReal)
        handicap = node.raw("HA").flatMap(SGFValue.interpretNumber)
        date = simple("DT")
        event = simple("EV")
        round = simple("RO")
        place = simple("PC")
        rules = simple("RU")
        timeLimit = node.raw("TM").flatMap(SGFValue.interpretReal)
        overtime = simple("OT")
        gameName = simple("GN")
        gameComment = node.property("GC")?.firstValue?.text
        opening = simple("ON")
        source = simple("SO")
        annotator = simple("AN")
        copyright = simple("CP")
        user = simple("US")
        if let raw = node.raw("AP") {
            if let (name, version) = SGFValue.splitComposed(raw) {
                application = Application(name: SGFValue.interpretSimpleText(name), version: SGFValue.interpretSimpleText(version))
            } else {
                application = Application(name: SGFValue.interpretSimpleText(raw), version: "")
            }
        }
    }
}
