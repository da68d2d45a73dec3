// MARK: - Scope
//
// The first layer of the SGF reader: bytes to a raw forest of nodes, properties and value byte ranges.
// Nothing here is Go-specific and nothing is decoded: values stay byte ranges in the file until the
// charset of their game is known (SGFParser). Like sgfmill's sgf_grammar, but it reports positions and
// recovers from the damage real files have instead of stopping at the first problem.

/// The raw result of `SGFGrammar.scan`: every node of the file in document order, with its parent.
/// A node with no parent is the root of a game. Properties and values are stored flat, each node owning a
/// contiguous run, because a file has hundreds of thousands of them.
///
/// Non-copyable, like the buffers it is made of: the scanner fills them, the parser annotates them, and
/// the file's `PropertyArena` takes the properties and values over, so a file's forest is never copied.
struct RawForest: ~Copyable {
    struct RawNode {
        var parent: Int32          // -1 for a root
        var offset: Int32          // byte offset of the `;` (or of the first property when `;` is missing)
        var firstProperty: Int32
        var propertyCount: Int32
        /// What the scanner noticed that the parser must look at (`needsDecoding`, `repeatsIdentifier`);
        /// 0 for the usual node, which the parser then skips.
        var flags: UInt8 = 0

        /// A value has a byte outside ASCII.
        static let needsDecoding: UInt8 = 1
        /// Two properties may share an identifier (a hash of the codes collided; the parser compares them).
        static let repeatsIdentifier: UInt8 = 2
    }

    struct RawProperty {
        /// The identifier's code: its slot in `PropertyTable` for one or two letters, else
        /// `PropertyTable.slotCount` + its index in `longIdentifiers`. No string per property.
        var identifier: Int32
        var offset: Int32
        var firstValue: Int32
        var valueCount: Int32
    }

    struct RawValue {
        var start: Int32           // first byte after `[`
        var end: Int32             // the closing `]` (or end of file)
        /// Index of the value's text in `PropertyArena.decodedTexts` when its bytes are not plain ASCII
        /// (set while building); -1 when the bytes are the text.
        var decoded: Int32 = -1
    }

    var nodes: ScratchBuffer<RawNode>
    var properties: ScratchBuffer<RawProperty>
    var values: ScratchBuffer<RawValue>
    /// Identifiers of three or more letters (private properties, mostly), each once.
    var longIdentifiers: [String] = []

    /// Empty buffers sized for a file of `byteCount` bytes: typical records spend 6 to 8 bytes per node
    /// (`;B[dd]` and a line break), so they are reserved once rather than grown a dozen times.
    init(byteCount: Int) {
        nodes = ScratchBuffer(capacity: byteCount / 8 + 4)
        properties = ScratchBuffer(capacity: byteCount / 7 + 4)
        values = ScratchBuffer(capacity: byteCount / 6 + 4)
    }
}

/// The grammar scanner (FF[4] "EBNF definition"):
///
///     Collection = GameTree { GameTree }
///     GameTree   = "(" Sequence { GameTree } ")"
///     Sequence   = Node { Node }
///     Node       = ";" { Property }
///     Property   = PropIdent PropValue { PropValue }
///     PropIdent  = UcLetter { UcLetter }
///     PropValue  = "[" CValueType "]"
///
/// White space is allowed between all tokens. Tolerated, with a diagnostic: text before the first `(` and
/// between or after games (warning when not white space); a missing `;` before a game's first node
/// (warning); lower-case letters in identifiers (FF[1]/FF[3] long names: kept as their upper-case letters,
/// no diagnostic); an unescaped `]` inside a value whose brackets otherwise balance (`US[Name[3d]]`,
/// warning); empty game trees `()` (warning); a missing final `)` (warning). Errors, with the rest of the
/// file still read: a property without a value, a value without a property, a node after variations (read
/// as one more variation), properties after a variation, stray characters, and a file that ends inside a
/// value (truncated; the partial value is kept).
struct SGFGrammar: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Which bytes start two-byte characters, so their second byte is never read as `\` or `]`.
    let charset: SGFCharset
    let report: (Diagnostic.Severity, String, Int) -> Void

    // The forest is built in non-copyable buffers rather than arrays: the scanner appends several
    // entries per node, and an array checks that its storage is not shared on every append.
    private var forest: RawForest
    private var position = 0
    private var longIdentifierCodes: [String: Int32] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, charset: SGFCharset, report: @escaping (Diagnostic.Severity, String, Int) -> Void) {
        self.bytes = bytes
        self.charset = charset
        self.report = report
        position = start
        forest = RawForest(byteCount: bytes.count)
    }

    /// What `scan` read, handed over.
    consuming func finish() -> RawForest { forest }

    // MARK: - Bytes

    private static let openParen = UInt8(ascii: "(")
    private static let closeParen = UInt8(ascii: ")")
    private static let semicolon = UInt8(ascii: ";")
    private static let openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]")
    private static let backslash = UInt8(ascii: "\\")

    @inline(__always) private static func isWhitespace(_ byte: UInt8) -> Bool { byte <= 0x20 }
    @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    private var atEnd: Bool { position >= bytes.count }

    private mutating func skipWhitespace() {
        while position < bytes.count && SGFGrammar.isWhitespace(bytes[position]) { position += 1 }
    }

    private func firstNonWhitespace(from start: Int) -> Int {
        var index = start
        while index < bytes.count && SGFGrammar.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// Whether a property starts at `index`: letters, optional white space, `[`.
    private func propertyStarts(at index: Int) -> Bool {
        var index = index
        guard index < bytes.count, SGFGrammar.isLetter(bytes[index]) else { return false }
        while index < bytes.count && SGFGrammar.isLetter(bytes[index]) { index += 1 }
        index = firstNonWhitespace(from: index)
        return index < bytes.count && bytes[index] == SGFGrammar.openBracket
    }

    /// Whether the `(` at `index` starts a game: `(`s and white space, then `;` or a property.
    private func gameStarts(at index: Int) -> Bool {
        var index = index
        while index < bytes.count && (bytes[index] == SGFGrammar.openParen || SGFGrammar.isWhitespace(bytes[index])) { index += 1 }
        guard index < bytes.count else { return false }
        return bytes[index] == SGFGrammar.semicolon || propertyStarts(at: index)
    }

    /// Whether what follows a `]` at `index - 1` can follow a value: end of file, another value, a node,
    /// a tree bracket or a property. Used to tell a stray `]` inside text from the real end.
    private func valueMayEnd(before index: Int) -> Bool {
        let next = firstNonWhitespace(from: index)
        guard next < bytes.count else { return true }
        switch bytes[next] {
        case SGFGrammar.openBracket, SGFGrammar.semicolon, SGFGrammar.openParen, SGFGrammar.closeParen: return true
        default: return propertyStarts(at: next)
        }
    }

    // MARK: - Collection

    private struct Frame {
        var parent: Int32       // node the tree hangs from, -1 for a game
        var last: Int32         // last node of this tree's sequence, -1 before the first
        var sawVariation: Bool
        var offset: Int
        var hadChild = false
    }

    /// Reads the whole file. Returns false when no game tree starts anywhere.
    mutating func scan() -> Bool {
        // Not an array: a frame is read and changed for every node, and an array checked its storage for
        // sharing on each change.
        var stack = ScratchBuffer<Frame>()
        var foundGame = false
        var strayStart: Int?

        func reportStray(_ grammar: inout SGFGrammar, upTo end: Int) {
            guard let start = strayStart else { return }
            strayStart = nil
            grammar.report(.error, "unexpected text '\(grammar.excerpt(start..<end))'; ignored", start)
        }

        while true {
            skipWhitespace()
            if stack.count == 0 {
                // Between games: look for the next `(` that starts one.
                let junkStart = position
                while position < bytes.count && !(bytes[position] == SGFGrammar.openParen && gameStarts(at: position)) { position += 1 }
                // (A file with no game at all gets one error from the parser instead.)
                if position > junkStart && (foundGame || !atEnd) {
                    let what = foundGame ? "text after a game tree" : "text before the first game tree"
                    report(.warning, "ignored \(what) ('\(excerpt(junkStart..<position))')", junkStart)
                }
                if atEnd { break }
                foundGame = true
                stack.append(Frame(parent: -1, last: -1, sawVariation: false, offset: position))
                position += 1
                continue
            }
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte != SGFGrammar.openParen && byte != SGFGrammar.closeParen && byte != SGFGrammar.semicolon
                && byte != SGFGrammar.openBracket && !SGFGrammar.isLetter(byte) {
                if strayStart == nil { strayStart = position }
                position += 1
                continue
            }
            reportStray(&self, upTo: position)
            let top = stack.count - 1
            switch byte {
            case SGFGrammar.openParen:
                let frame = stack[top]
                let hangFrom = frame.last >= 0 ? frame.last : frame.parent
                if frame.last >= 0 { stack[top].sawVariation = true }
                stack[top].hadChild = true
                if frame.last < 0 && frame.parent < 0 && stack.count == 1 {
                    report(.warning, "extra '(' around game trees; each inner tree read as a game", position)
                }
                stack.append(Frame(parent: hangFrom, last: -1, sawVariation: false, offset: position))
                position += 1
            case SGFGrammar.closeParen:
                let frame = stack.removeLast()
                if frame.last < 0 && !frame.hadChild {
                    report(.warning, "empty game tree '()' ignored", frame.offset)
                }
                position += 1
            case SGFGrammar.semicolon:
                let frame = stack[top]
                if frame.sawVariation {
                    report(.error, "node after variations; read as one more variation (move it into a '(...)')", position)
                }
                let parent = frame.last >= 0 ? frame.last : frame.parent
                stack[top].last = beginNode(parent: parent, offset: position)
                stack[top].sawVariation = false
                position += 1
                readProperties()
            case SGFGrammar.openBracket:
                report(.error, "property value without a property identifier; ignored", position)
                let valueCount = forest.values.count
                position += 1
                readValueBody()
                forest.values.truncate(to: valueCount)
            default:  // a letter
                let frame = stack[top]
                if frame.last < 0 && !frame.sawVariation {
                    report(.warning, "missing ';' before the first node of a game tree; add it", position)
                    let parent = frame.parent
                    stack[top].last = beginNode(parent: parent, offset: position)
                    readProperties()
                } else {
                    report(.error, "property outside a node (after a variation); ignored", position)
                    let propertyCount = forest.properties.count
                    let valueCount = forest.values.count
                    readProperty()
                    forest.properties.truncate(to: propertyCount)
                    forest.values.truncate(to: valueCount)
                }
            }
        }
        reportStray(&self, upTo: position)
        if stack.count > 0 && !truncatedInValue {
            report(.warning, "missing \(stack.count) ')' at end of file; add \(String(repeating: ")", count: stack.count))", max(bytes.count - 1, 0))
        }
        return foundGame
    }

    private(set) var truncatedInValue = false

    private mutating func beginNode(parent: Int32, offset: Int) -> Int32 {
        forest.nodes.append(RawForest.RawNode(parent: parent, offset: Int32(offset), firstProperty: Int32(forest.properties.count), propertyCount: 0))
        return Int32(forest.nodes.count - 1)
    }

    // MARK: - Node

    /// Reads a node's properties, and flags the node for the parser (see `RawNode.flags`). Repeated
    /// identifiers are noticed with a 64-bit set of identifier codes (modulo 64), so the usual node needs
    /// no comparisons at all.
    private mutating func readProperties() {
        var identifiersSeen: UInt64 = 0
        var flags: UInt8 = 0
        while true {
            skipWhitespace()
            guard position < bytes.count, SGFGrammar.isLetter(bytes[position]) else { break }
            let highBits = readProperty()
            guard highBits >= 0 else { continue }
            if highBits & 0x80 != 0 { flags |= RawForest.RawNode.needsDecoding }
            let bit = UInt64(1) << UInt64(forest.properties[forest.properties.count - 1].identifier & 63)
            if identifiersSeen & bit != 0 { flags |= RawForest.RawNode.repeatsIdentifier }
            identifiersSeen |= bit
            forest.nodes[forest.nodes.count - 1].propertyCount += 1
        }
        if flags != 0 { forest.nodes[forest.nodes.count - 1].flags |= flags }
    }

    /// Reads `Ident[value]...` at `position`. Returns -1 when no property was stored, else the bitwise
    /// or of its values' bytes (bit 0x80 set when one is not ASCII).
    @discardableResult
    private mutating func readProperty() -> Int {
        let start = position
        var upperCount = 0
        var hasLower = false
        var index = start
        while index < bytes.count && SGFGrammar.isLetter(bytes[index]) {
            if SGFGrammar.isUpper(bytes[index]) { upperCount += 1 } else { hasLower = true }
            index += 1
        }
        let identifierEnd = index
        position = firstNonWhitespace(from: index)
        guard position < bytes.count, bytes[position] == SGFGrammar.openBracket else {
            report(.error, "property '\(excerpt(start..<identifierEnd))' has no value; write at least '[]'", start)
            return -1
        }
        let firstValue = forest.values.count
        var highBits: UInt8 = 0
        while position < bytes.count && bytes[position] == SGFGrammar.openBracket {
            position += 1
            highBits |= readValueBody()
            let after = firstNonWhitespace(from: position)
            if after < bytes.count && bytes[after] == SGFGrammar.openBracket { position = after } else { break }
        }
        guard upperCount > 0 else {
            report(.error, "property identifier '\(excerpt(start..<identifierEnd))' has no upper-case letter; ignored", start)
            forest.values.truncate(to: firstValue)
            return -1
        }
        // FF[1]/FF[3] long names: the upper-case letters are the FF[4] identifier. One or two upper-case
        // letters, nearly every property, are coded here without the generic call.
        let identifier: Int32
        if !hasLower && upperCount <= 2 {
            identifier = Int32(PropertyTable.slot(bytes[start], upperCount == 2 ? bytes[start + 1] : nil))
        } else if hasLower {
            identifier = identifierCode(bytes[start..<identifierEnd].filter(SGFGrammar.isUpper))
        } else {
            identifier = identifierCode(UnsafeBufferPointer(rebasing: bytes[start..<identifierEnd]))
        }
        forest.properties.append(RawForest.RawProperty(
            identifier: identifier, offset: Int32(start),
            firstValue: Int32(firstValue), valueCount: Int32(forest.values.count - firstValue)))
        return Int(highBits)
    }

    /// The code of an identifier of upper-case letters: one- and two-letter identifiers (nearly all) are
    /// computed from the bytes without making a string.
    private mutating func identifierCode<Letters: Collection<UInt8>>(_ letters: Letters) -> Int32 {
        var iterator = letters.makeIterator()
        if letters.count <= 2, let first = iterator.next() {
            return Int32(PropertyTable.slot(first, iterator.next()))
        }
        let name = String(decoding: letters, as: UTF8.self)
        if let code = longIdentifierCodes[name] { return code }
        let code = PropertyTable.slotCount + Int32(forest.longIdentifiers.count)
        forest.longIdentifiers.append(name)
        longIdentifierCodes[name] = code
        return code
    }

    /// Reads a value after its `[` up to and past the closing `]`, and stores its byte range. Returns the
    /// bitwise or of the value's bytes, which tells the parser whether it has anything to decode.
    @discardableResult
    private mutating func readValueBody() -> UInt8 {
        let start = position
        var depth = 0
        var highBits: UInt8 = 0
        // Most files have no two-byte charset: decided once per value rather than per byte.
        let hasLeadBytes = charset.leadBytes != .none
        // The hottest loop of the scanner (comments are most of a file's bytes): it walks a local index,
        // which stays in a register, rather than the stored `position`.
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            highBits |= byte
            if byte == SGFGrammar.backslash || (hasLeadBytes && charset.isLeadByte(byte)) {
                if index + 1 < bytes.count { highBits |= bytes[index + 1] }
                index += 2
                continue
            }
            if byte == SGFGrammar.openBracket {
                depth += 1
            } else if byte == SGFGrammar.closeBracket {
                if depth > 0 && !valueMayEnd(before: index + 1) {
                    depth -= 1
                    report(.warning, "unescaped ']' inside a value; read as text (write '\\]')", index)
                } else {
                    forest.values.append(RawForest.RawValue(start: Int32(start), end: Int32(index)))
                    position = index + 1
                    return highBits
                }
            }
            index += 1
        }
        position = bytes.count
        truncatedInValue = true
        report(.error, "file ends inside a property value (truncated?); kept what was read", start > 0 ? start - 1 : 0)
        forest.values.append(RawForest.RawValue(start: Int32(start), end: Int32(bytes.count)))
        return highBits
    }

    /// Up to 30 bytes of the file, for messages, with line breaks shown as spaces.
    func excerpt(_ range: Range<Int>) -> String {
        let clipped = range.clamped(to: 0..<bytes.count)
        let limited = clipped.lowerBound..<min(clipped.upperBound, clipped.lowerBound + 30)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[limited]), as: UTF8.self)
        let flattened = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return limited.count < clipped.count ? flattened + "..." : flattened
    }
}
