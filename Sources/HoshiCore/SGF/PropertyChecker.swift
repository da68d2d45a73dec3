/// Reads every known property of a game as its FF[4] type and reports what cannot be read, plus
/// structural problems the grammar cannot see (root properties elsewhere, `B` and `W` in one node).
///
/// It reports and changes nothing: the model keeps raw values, so a value Hoshi cannot read is still
/// written back unchanged. Unknown properties get one warning per identifier per game, except the common
/// private ones in `PropertyTable.knownExtensions`.
public enum PropertyChecker {
    public static func check(_ game: GameTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reportedUnknown = Set<String>()
        var size = BoardSize.standard
        let root = game.root

        func location(_ property: Property) -> SourceLocation? { game.location(ofOffset: property.sourceOffset) }
        func warn(_ message: String, _ property: Property) { diagnostics.append(.warning(message, at: location(property))) }

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

        // Index-based loops: copying nodes and properties out of their arrays would retain and release
        // their storage for every property of the file.
        let nodes = game.nodes
        for id in nodes.indices {
            var moveCount = 0
            for index in nodes[id].properties.indices {
                let identifier = nodes[id].properties[index].identifier
                guard let definition = PropertyTable.definition(of: identifier) else {
                    if !PropertyTable.knownExtensions.contains(identifier), reportedUnknown.insert(identifier).inserted {
                        warn("unknown property \(identifier) kept as is", nodes[id].properties[index])
                    }
                    continue
                }
                if definition.category == .root && id != game.rootID {
                    warn("root property \(identifier) outside the root node; ignored by Hoshi", nodes[id].properties[index])
                }
                if definition.category == .move && (identifier == "B" || identifier == "W") { moveCount += 1 }
                let valueCount = nodes[id].properties[index].valueCount
                if !definition.isList && valueCount > 1 {
                    warn("property \(identifier) has \(valueCount) values; only the first is used", nodes[id].properties[index])
                }
                if isGo || !definition.valueType.isPointType,
                   let (severity, message) = problem(with: nodes[id].properties[index], definition, size: size) {
                    diagnostics.append(Diagnostic(severity, message, at: location(nodes[id].properties[index])))
                }
            }
            if moveCount > 1, let property = nodes[id].property("W") {
                warn("node has both B and W; only the first is played", property)
            }
        }
        return diagnostics
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
    /// Whether values name points, which only mean something in Go (GM[1]).
    var isPointType: Bool {
        switch self {
        case .move, .pointList, .elist, .pointPairList, .labelList: return true
        default: return false
        }
    }
}
