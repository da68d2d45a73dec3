/// Writes game collections as canonical FF[4] SGF in UTF-8.
///
/// Canonical means: the root starts with `FF[4]` and `CA[UTF-8]` (replacing any earlier values, since
/// the text is now UTF-8), identifiers in their FF[4] short form, every `]` and `\` in values escaped,
/// properties in their original order (unknown ones included, verbatim), one node per line and one
/// variation per `(`. Reading the output back gives a tree equal to the one written, except for `FF` and
/// `CA` in the root.
public enum SGFWriter {
    /// The SGF text of a collection.
    public static func write(_ collection: GameCollection) -> String {
        var output: [UInt8] = []
        for game in collection.games { write(game, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The SGF text of one game.
    public static func write(_ game: GameTree) -> String {
        var output: [UInt8] = []
        write(game, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The root's properties as written: `FF[4]` and `CA[UTF-8]` first, then the others in order.
    public static func canonicalRootProperties(_ root: Node) -> [Property] {
        [Property("FF", raw: "4"), Property("CA", raw: "UTF-8")]
            + root.properties.filter { $0.identifier != "FF" && $0.identifier != "CA" }
    }

    private static func write(_ game: GameTree, to output: inout [UInt8]) {
        // Iterative, because lines can be tens of thousands of nodes deep.
        enum Step {
            case open(Node.ID)
            case close
        }
        var steps: [Step] = [.open(game.rootID)]
        while let step = steps.popLast() {
            switch step {
            case .close:
                output.append(UInt8(ascii: ")"))
                output.append(UInt8(ascii: "\n"))
            case .open(let start):
                output.append(UInt8(ascii: "("))
                var id = start
                while true {
                    let node = game.nodes[id]
                    output.append(UInt8(ascii: ";"))
                    let properties = id == game.rootID ? canonicalRootProperties(node) : node.properties
                    for property in properties {
                        output.append(contentsOf: property.identifier.utf8)
                        for value in property.values {
                            output.append(UInt8(ascii: "["))
                            output.append(contentsOf: SGFValue.canonicalRaw(value.raw).utf8)
                            output.append(UInt8(ascii: "]"))
                        }
                    }
                    output.append(UInt8(ascii: "\n"))
                    if node.childCount == 1, let only = node.firstChild {
                        id = only
                        continue
                    }
                    steps.append(.close)
                    for child in node.children.reversed() { steps.append(.open(child)) }
                    break
                }
            }
        }
    }
}
