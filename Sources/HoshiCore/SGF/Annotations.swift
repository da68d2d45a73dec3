/// A judgement of the move played in a node (FF[4] "Move annotation properties").
public enum MoveAnnotation: Hashable, Sendable {
    case bad(emphasised: Bool)        // BM
    case doubtful                     // DO
    case interesting                  // IT
    case tesuji(emphasised: Bool)     // TE
}

/// A judgement of the position in a node (FF[4] "Node annotation properties").
public enum PositionAnnotation: Hashable, Sendable {
    case goodForBlack(emphasised: Bool)   // GB
    case goodForWhite(emphasised: Bool)   // GW
    case even(emphasised: Bool)           // DM
    case unclear(emphasised: Bool)        // UC
    case hotspot(emphasised: Bool)        // HO
}

/// `FG`: a printed figure starts at this node. Both parts nil for `FG[]`.
public struct SGFFigure: Hashable, Sendable {
    public var flags: Int?
    public var name: String?
}

/// Marks drawn on the board for one node (FF[4] "Markup properties"); points outside the board dropped.
public struct BoardMarkup: Hashable, Sendable {
    public struct Label: Hashable, Sendable {
        public var point: Point
        public var text: String

        public init(point: Point, text: String) {
            self.point = point
            self.text = text
        }
    }

    public struct Line: Hashable, Sendable {
        public var from: Point
        public var to: Point
    }

    public var triangles: [Point] = []      // TR
    public var circles: [Point] = []        // CR
    public var squares: [Point] = []        // SQ
    public var crosses: [Point] = []        // MA
    public var selected: [Point] = []       // SL
    public var dimmed: [Point] = []         // DD
    public var labels: [Label] = []         // LB
    public var arrows: [Line] = []          // AR
    public var lines: [Line] = []           // LN
    public var blackTerritory: [Point] = [] // TB
    public var whiteTerritory: [Point] = [] // TW
    /// `VW`: the part of the board to show; nil when the node does not say, empty for "whole board again".
    public var view: [Point]?

    public init() {}

    public var isEmpty: Bool { self == BoardMarkup() }
}
