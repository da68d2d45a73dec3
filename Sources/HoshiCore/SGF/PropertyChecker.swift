/// Reads every known property of a game as its FF[4] type and reports what cannot be read, plus
/// structural problems the grammar cannot see (root properties elsewhere, `B` and `W` in one node).
///
/// It reports and changes nothing: the model keeps raw values, so a value Hoshi cannot read is still
/// written back unchanged. Unknown properties get one warning per identifier per game, except the common
/// private ones in `PropertyTable.knownExtensions`.
public enum PropertyChecker {
    public static func check(_ game: GameTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var size = BoardSize.standard
        let root = game.root

        func warn(_ message: String, _ property: Property) {
            diagnostics.append(.warning(message, at: game.location(ofOffset: property.sourceOffset)))
        }

        if let property = root.property("SZ"), let raw = property.firstRaw {
            if let readSize = SGFValue.interpretBoardSize(raw) {
                size = readSize
            } else {
                warn("SZ[\(raw)] is not a board size (1 to 52, or columns:rows); using 19x19", property)
            }
        }
        var isGo = true
        if let property = root.property("GM"), let raw = property.firstRaw, SGFValue.interpretNumber(raw) != 1 {
            warn("GM[\(raw)] is not Go (GM[1]); points and moves are not checked", property)
            isGo = false
        }

        // Hot: every property of the file. Most properties of a file's nodes are proven clean straight
        // from the arena (`cleanDefinition`); the others are looked at in detail (`PropertyReview`).
        var review = PropertyReview(game: game, size: size, isGo: isGo, diagnostics: diagnostics)
        game.forEachNode(inArena: { id, range, arena in
            var moveCount = 0
            for index in range {
                if let definition = cleanDefinition(arena.properties[index], in: arena, isRoot: id == game.rootID, isGo: isGo, size: size) {
                    if definition.valueType == .move { moveCount += 1 }  // `B` or `W`
                } else if review.reviewProperty(at: index - range.lowerBound, of: id) {
                    moveCount += 1
                }
            }
            review.reviewMoves(of: id, count: moveCount)
        }, owned: { id in
            var moveCount = 0
            for index in 0..<game.nodes[id].propertyCount where review.reviewProperty(at: index, of: id) { moveCount += 1 }
            review.reviewMoves(of: id, count: moveCount)
        })
        return review.diagnostics
    }

    /// The detailed checks of one game's properties, for those `cleanDefinition` does not clear.
    private struct PropertyReview {
        let game: GameTree
        let size: BoardSize
        let isGo: Bool
        var diagnostics: [Diagnostic]
        var reportedUnknown = Set<String>()

        init(game: GameTree, size: BoardSize, isGo: Bool, diagnostics: [Diagnostic]) {
            self.game = game
            self.size = size
            self.isGo = isGo
            self.diagnostics = diagnostics
        }

        private mutating func warn(_ message: String, _ property: Property) {
            diagnostics.append(.warning(message, at: game.location(ofOffset: property.sourceOffset)))
        }

        /// Checks the property at position `index` of node `id`; returns whether it is a move (`B`, `W`).
        mutating func reviewProperty(at index: Int, of id: Node.ID) -> Bool {
            let node = game.nodes[id]
            guard let definition = node.definition(ofPropertyAt: index) else {
                let identifier = node.identifier(ofPropertyAt: index)
                if !PropertyTable.knownExtensions.contains(identifier), reportedUnknown.insert(identifier).inserted {
                    warn("unknown property \(identifier) kept as is", node.property(at: index))
                }
                return false
            }
            if definition.category == .root && id != game.rootID {
                warn("root property \(node.identifier(ofPropertyAt: index)) outside the root node; ignored by Hoshi", node.property(at: index))
            }
            let valueCount = node.valueCount(ofPropertyAt: index)
            if !definition.isList && valueCount > 1 {
                warn("property \(node.identifier(ofPropertyAt: index)) has \(valueCount) values; only the first is used", node.property(at: index))
            }
            if isGo || !definition.valueType.isPointType, !definition.valueType.acceptsAnyText {
                let property = node.property(at: index)
                if let (severity, message) = problem(with: property, definition, size: size) {
                    diagnostics.append(Diagnostic(severity, message, at: game.location(ofOffset: property.sourceOffset)))
                }
            }
            return definition.valueType == .move
        }

        /// Reports a node with more than one move.
        mutating func reviewMoves(of id: Node.ID, count: Int) {
            if count > 1, let property = game.nodes[id].property("W") {
                warn("node has both B and W; only the first is played", property)
            }
        }
    }

    /// The definition of a property of a file's arena when the property certainly has nothing to report
    /// (the general checks above would find nothing); nil when it needs them.
    private static func cleanDefinition(_ stored: RawForest.RawProperty, in arena: PropertyArena,
                                        isRoot: Bool, isGo: Bool, size: BoardSize) -> PropertyTable.Definition? {
        guard let definition = PropertyTable.definition(ofCode: stored.identifier),
              definition.category != .root || isRoot,
              definition.isList || stored.valueCount <= 1
        else { return nil }
        if definition.valueType.acceptsAnyText || (!isGo && definition.valueType.isPointType) { return definition }
        for value in Int(stored.firstValue)..<Int(stored.firstValue + stored.valueCount) {
            guard arena.withASCIIBytes(ofValue: value, { isPlainValue($0, definition.valueType, size: size) }) == true else { return nil }
        }
        return definition
    }

    /// Whether a value is the plain spelling of its type, which `problem(with:)` accepts: a two-letter
    /// point (or a pass: empty, or `tt` on boards up to 19x19), a short whole or decimal number, `1` or
    /// `2`, a colour letter, or nothing for `none`. Moves and the timing properties (`BL`, `WL`, `OB`,
    /// `OW`) of nearly every node are read here without building strings.
    private static func isPlainValue(_ bytes: UnsafeBufferPointer<UInt8>, _ type: PropertyTable.ValueType, size: BoardSize) -> Bool {
        switch type {
        case .move: return Point(plainSGF: bytes, on: size) != nil || Point.isPass(plainSGF: bytes, on: size)
        case .pointList, .elist: return bytes.isEmpty || Point(plainSGF: bytes, on: size) != nil
        case .none: return bytes.isEmpty
        case .double: return bytes.count == 1 && (bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "2"))
        case .color: return bytes.count == 1 && "BWbw".utf8.contains(bytes[0])
        case .number: return isPlainDecimal(bytes, allowsFraction: false)
        case .real: return isPlainDecimal(bytes, allowsFraction: true)
        default: return false
        }
    }

    /// `-?[0-9]+`, or with `allowsFraction` also `-?[0-9]+.[0-9]+`, at most 15 bytes: what `Int(_:)` and
    /// `Double(_:)` read without fail (and finite).
    private static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>, allowsFraction: Bool) -> Bool {
        guard bytes.count <= 15 else { return false }
        var digitsBefore = 0
        var digitsAfter = 0
        var sawPoint = false
        for (offset, byte) in bytes.enumerated() {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            } else if byte == UInt8(ascii: "-") && offset == 0 {
                continue
            } else if byte == UInt8(ascii: ".") && allowsFraction && !sawPoint && digitsBefore > 0 {
                sawPoint = true
            } else {
                return false
            }
        }
        return digitsBefore > 0 && (!sawPoint || digitsAfter > 0)
    }

    /// What is wrong with a property's values, if anything.
    private static func problem(with property: Property, _ definition: PropertyTable.Definition, size: BoardSize)
        -> (Diagnostic.Severity, String)? {
        let identifier = property.identifier
        let raw = property.firstValue?.raw ?? ""

        switch definition.valueType {
        case .none:
            if !raw.isEmpty { return (.warning, "\(identifier) takes no value; '\(raw)' ignored") }
        case .number:
            if SGFValue.interpretNumber(raw) == nil { return (.warning, "\(identifier)[\(raw)] is not a whole number") }
        case .real:
            if SGFValue.interpretReal(raw) == nil { return (.warning, "\(identifier)[\(raw)] is not a number") }
        case .double:
            if SGFValue.interpretDouble(raw) == nil { return (.warning, "\(identifier)[\(raw)] should be 1 or 2; read as 1") }
        case .color:
            if SGFValue.interpretColor(raw) == nil { return (.warning, "\(identifier)[\(raw)] is not B or W") }
        case .simpleText, .text, .application, .figure, .boardSize:
            break  // any text is valid; SZ is checked with the root
        case .move:
            switch SGFValue.interpretPoint(raw, size: size, allowPass: true) {
            case .point, .pass: break
            case .humanCoordinates(let point):
                return (.warning, "\(identifier)[\(raw)] uses board coordinates; read as \(identifier)[\(point.sgf)] (write that)")
            case .invalid:
                return (.error, "\(identifier)[\(raw)] is not a point on the \(size) board; the move is skipped")
            }
        case .pointList, .elist:
            let invalid = SGFValue.interpretPointList(property.values, size: size).invalid
            if invalid > 0 { return (.warning, "\(identifier) has \(invalid) value(s) that are not points on the \(size) board; ignored") }
        case .pointPairList:
            if SGFValue.interpretPointPairs(property.values, size: size).count < property.valueCount {
                return (.warning, "\(identifier) has values that are not point:point pairs; ignored")
            }
        case .labelList:
            if SGFValue.interpretLabels(property.values, size: size).count < property.valueCount {
                return (.warning, "\(identifier) has values that are not point:text labels; ignored")
            }
        }
        return nil
    }
}

extension PropertyTable.ValueType {
    /// Whether every value is valid (text), so there is nothing to check.
    var acceptsAnyText: Bool {
        switch self {
        case .simpleText, .text, .application, .figure, .boardSize: return true
        default: return false
        }
    }

    /// Whether values name points, which only mean something in Go (GM[1]).
    var isPointType: Bool {
        switch self {
        case .move, .pointList, .elist, .pointPairList, .labelList: return true
        default: return false
        }
    }
}
