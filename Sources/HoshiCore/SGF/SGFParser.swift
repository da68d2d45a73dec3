// MARK: - Scope
//
// The SGF reader's entry point. The phases, each its own type:
//   1. Encoding layer (here): UTF-16 files are transcoded to UTF-8, a UTF-8 BOM is skipped, and the
//      charset that decides the grammar's two-byte handling is found (`CA`, else UTF-8 if valid, else a guess).
//   2. Grammar (`SGFGrammar`): bytes to a raw forest with value byte ranges.
//   3. Building (here): each game's values decoded with its root's `CA`, so properties written before
//      `CA` are decoded too; duplicate properties in a node merged.
//   4. Checking (`PropertyChecker`): every known property read as its type; unreadable values reported.
// Not here: Go rules (`GamePositions`), writing (`SGFWriter`), file I/O (the caller passes bytes).

import Foundation  // memchr

/// Reads SGF files (FF[1] to FF[4]) into a `GameCollection`, with diagnostics instead of failure.
public enum SGFParser {
    /// Parses the bytes of an SGF file.
    ///
    /// - Parameters:
    ///   - bytes: the whole file, in any charset `SGFCharset.named` knows, or UTF-16 with or without BOM.
    ///   - path: used in diagnostics' locations only.
    /// - Returns: the games read (none for an empty or non-SGF file) and every diagnostic. Locations are
    ///   byte columns in the file, except in UTF-16 files, where they count bytes of the UTF-8 conversion.
    public static func parse(bytes: [UInt8], path: String = "<input>") -> SGFParseResult {
        var diagnostics: [Diagnostic] = []
        var data = bytes
        var isTranscoded = false

        // Offsets are stored as Int32 to keep the raw forest small.
        guard data.count < Int(Int32.max) / 2 else {
            diagnostics.append(.error("file is larger than 1 GB; not read", at: SourceLocation(path: path)))
            return SGFParseResult(collection: GameCollection(), diagnostics: diagnostics)
        }
        guard data.contains(where: { $0 > 0x20 }) else {
            diagnostics.append(.error("empty file; an SGF file starts with '(;'", at: SourceLocation(path: path)))
            return SGFParseResult(collection: GameCollection(), diagnostics: diagnostics)
        }
        if let littleEndian = utf16ByteOrder(of: data) {
            let body = hasUTF16ByteOrderMark(data) ? Array(data.dropFirst(2)) : data
            if let converted = body.withUnsafeBufferPointer({ CharsetDecoder.transcodeUTF16($0, littleEndian: littleEndian) }) {
                data = converted
                isTranscoded = true
            } else {
                diagnostics.append(.error("file looks like UTF-16 but is not valid UTF-16", at: SourceLocation(path: path)))
                return SGFParseResult(collection: GameCollection(), diagnostics: diagnostics)
            }
        }
        let source = SourceMap(path: path, bytes: data)
        var start = 0
        if data.count >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF { start = 3 }

        return data.withUnsafeBufferPointer { buffer in
            var context = BuildContext(buffer: buffer, source: source, isTranscoded: isTranscoded)
            defer { context.giveBackDecoders() }
            context.diagnostics = diagnostics
            context.chooseFileCharset(start: start)
            context.mayHaveControlCharacters = BuildContext.containsControl(buffer)

            var grammarDiagnostics: [Diagnostic] = []
            var grammar = SGFGrammar(bytes: buffer, start: start, charset: context.fileCharset) { severity, message, offset in
                grammarDiagnostics.append(Diagnostic(severity, message, at: source.location(ofOffset: offset)))
            }
            let foundGame = grammar.scan()
            context.diagnostics += grammarDiagnostics
            let forest = grammar.finish()
            guard foundGame, forest.nodes.count > 0 else {
                context.diagnostics.append(.error(
                    "not an SGF file: no game tree found (an SGF game starts with '(;')", at: SourceLocation(path: path)))
                return SGFParseResult(collection: GameCollection(), diagnostics: context.diagnostics)
            }
            let games = context.buildGames(from: forest, bytes: data)
            for game in games { context.diagnostics += PropertyChecker.check(game) }
            return SGFParseResult(collection: GameCollection(games: games), diagnostics: context.diagnostics)
        }
    }

    /// Parses SGF text already in memory (as UTF-8; a `CA` in it is ignored).
    public static func parse(text: String, path: String = "<input>") -> SGFParseResult {
        parse(bytes: Array(text.utf8), path: path)
    }

    // MARK: - Encoding layer

    private static func hasUTF16ByteOrderMark(_ data: [UInt8]) -> Bool {
        data.count >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF))
    }

    /// True for UTF-16LE, false for UTF-16BE, nil when the file is not UTF-16: a byte order mark, or an
    /// ASCII character next to a zero byte at the start.
    private static func utf16ByteOrder(of data: [UInt8]) -> Bool? {
        guard data.count >= 2 else { return nil }
        if data[0] == 0xFF && data[1] == 0xFE { return true }
        if data[0] == 0xFE && data[1] == 0xFF { return false }
        if data[0] == 0 && data[1] != 0 && data[1] < 0x80 { return false }
        if data[0] != 0 && data[0] < 0x80 && data[1] == 0 { return true }
        return nil
    }
}

/// State shared by the encoding and building phases of one parse.
private struct BuildContext {
    let buffer: UnsafeBufferPointer<UInt8>
    let source: SourceMap
    let isTranscoded: Bool
    var diagnostics: [Diagnostic] = []
    /// The charset for bytes outside any game's `CA`, and for the grammar.
    var fileCharset = SGFCharset.utf8
    private var decoders: [String: CharsetDecoder] = [:]

    init(buffer: UnsafeBufferPointer<UInt8>, source: SourceMap, isTranscoded: Bool) {
        self.buffer = buffer
        self.source = source
        self.isTranscoded = isTranscoded
    }

    // MARK: SGFCharset choice

    /// The first `CA[...]` value in the file (not preceded by a letter), found without parsing.
    ///
    /// Most files declare no charset, so this reads every byte: `memchr` (vectorised by the C library)
    /// jumps from one `C` to the next rather than a byte loop.
    func firstDeclaredCharset() -> (label: String, offset: Int)? {
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        var index = 0
        while index + 3 < count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "C")), count - index) else { return nil }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            guard index + 3 < count else { return nil }
            if buffer[index + 1] == UInt8(ascii: "A") && buffer[index + 2] == UInt8(ascii: "[")
                && (index == 0 || !isLetter(buffer[index - 1])) {
                var end = index + 3
                while end < count && buffer[end] != UInt8(ascii: "]") && end - index < 64 { end += 1 }
                let label = String(decoding: UnsafeBufferPointer(rebasing: buffer[(index + 3)..<end]), as: UTF8.self)
                return (label.trimmingSpaces, index)
            }
            index += 1
        }
        return nil
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    mutating func chooseFileCharset(start: Int) {
        if isTranscoded { return }
        if let declared = firstDeclaredCharset(), let charset = SGFCharset.named(declared.label) {
            fileCharset = charset
            return
        }
        if CharsetDecoder.isValidUTF8(UnsafeBufferPointer(rebasing: buffer[start...])) { return }
        fileCharset = guessCharset(start: start)
        diagnostics.append(.warning(
            "file has no usable CA[] and is not UTF-8; guessed \(fileCharset.name) (add CA[\(fileCharset.name)])",
            at: SourceLocation(path: source.path)))
    }

    /// Tries each candidate charset on the whole file and keeps the one whose text looks most like
    /// East Asian writing (kana, hangul, ideographs; half-width katakana counts against). Windows-1252 when
    /// none decodes.
    private mutating func guessCharset(start: Int) -> SGFCharset {
        var best: (charset: SGFCharset, score: Int)?
        let body = UnsafeBufferPointer(rebasing: buffer[start...])
        for candidate in SGFCharset.guessCandidates {
            guard let decoder = decoder(for: candidate), let text = decoder.decode(body) else { continue }
            var score = 0
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x3040...0x30FF, 0xAC00...0xD7AF: score += 2
                case 0x4E00...0x9FFF: score += 1
                case 0xFF61...0xFF9F, 0xE000...0xF8FF: score -= 3
                case 0x80...0x2FFF: score -= 1
                default: break
                }
            }
            if score > (best?.score ?? 0) { best = (candidate, score) }
        }
        return best?.charset ?? SGFCharset.windows1252
    }

    mutating func decoder(for charset: SGFCharset) -> CharsetDecoder? {
        // Keyed by the iconv name: "EUC-KR" is decoded as UHC when declared but strictly when guessed.
        let key = charset.iconvName ?? "UTF-8"
        if let decoder = decoders[key] { return decoder }
        guard let decoder = CharsetDecoder.take(charset) else { return nil }
        decoders[key] = decoder
        return decoder
    }

    /// Ends the parse's use of its decoders (see `CharsetDecoder.take`).
    mutating func giveBackDecoders() {
        CharsetDecoder.giveBack(decoders.values)
        decoders = [:]
    }

    // MARK: Building

    /// Decodes every game's values and builds the trees. Nodes share one `PropertyArena` for the file; a
    /// node with a repeated identifier gets its own merged properties instead.
    mutating func buildGames(from forest: consuming RawForest, bytes: [UInt8]) -> [GameTree] {
        var decodedTexts: [String] = []
        var merged: [Int: [Property]] = [:]
        var gameRanges: [Range<Int>] = []
        var rootIndex = 0
        while rootIndex < forest.nodes.count {
            var end = rootIndex + 1
            while end < forest.nodes.count && forest.nodes[end].parent >= 0 { end += 1 }
            decodeGame(&forest, nodes: rootIndex..<end, into: &decodedTexts, merged: &merged)
            gameRanges.append(rootIndex..<end)
            rootIndex = end
        }
        reportUnlistedControlCharacters()
        let nodes = forest.nodes
        let arena = PropertyArena(bytes: bytes, properties: forest.properties.handOver(), values: forest.values.handOver(),
                                  longIdentifiers: forest.longIdentifiers, decodedTexts: decodedTexts)
        var games: [GameTree] = []
        games.reserveCapacity(gameRanges.count)
        for range in gameRanges {
            var ownProperties: [[Property]] = []
            // Written in place: appending checked the array's storage for sharing once per node.
            let entries = [NodeList.Entry](unsafeUninitializedCapacity: range.count) { buffer, initializedCount in
                for rawIndex in range {
                    let rawNode = nodes[rawIndex]
                    let parent = rawNode.parent >= 0 ? rawNode.parent - Int32(range.lowerBound) : -1
                    var entry = NodeList.Entry(parent: parent, first: rawNode.firstProperty, count: rawNode.propertyCount,
                                               sourceOffset: Int(rawNode.offset))
                    if !merged.isEmpty, let properties = merged[rawIndex] {
                        entry = NodeList.Entry(parent: parent, first: -1, count: Int32(ownProperties.count), sourceOffset: Int(rawNode.offset))
                        ownProperties.append(properties)
                    }
                    buffer.initializeElement(at: rawIndex - range.lowerBound, to: entry)
                }
                initializedCount = range.count
            }
            games.append(GameTree(nodes: NodeList(linking: entries, ownProperties: ownProperties, arena: arena), source: source))
        }
        return games
    }

    private func bytes(of value: RawForest.RawValue) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[Int(value.start)..<Int(value.end)])
    }

    /// The charset a game's values are decoded with: its root's `CA`, else the file's.
    private mutating func charset(ofGameRootedAt root: RawForest.RawNode, in forest: borrowing RawForest) -> SGFCharset {
        if isTranscoded { return .utf8 }
        let first = Int(root.firstProperty)
        guard let index = (first..<first + Int(root.propertyCount)).first(where: { forest.properties[$0].identifier == PropertyTable.charsetCode }),
              case let property = forest.properties[index], property.valueCount > 0
        else { return fileCharset }
        let label = String(decoding: bytes(of: forest.values[Int(property.firstValue)]), as: UTF8.self).trimmingSpaces
        let location = source.location(ofOffset: Int(property.offset))
        guard let charset = SGFCharset.named(label) else {
            diagnostics.append(.warning("unknown charset CA[\(label)]; text read as \(fileCharset.name)", at: location))
            return fileCharset
        }
        guard decoder(for: charset) != nil else {
            diagnostics.append(.warning("charset \(charset.name) is not available on this system; text read as \(fileCharset.name)", at: location))
            return fileCharset
        }
        return charset
    }

    /// Reports the game's control characters when the file has any, then decodes the values that are not
    /// plain ASCII (their text goes to `decodedTexts`) and merges repeated properties of a node (into
    /// `merged`, by raw node index), each kind of finding in file order.
    private mutating func decodeGame(_ forest: inout RawForest, nodes range: Range<Int>,
                                     into decodedTexts: inout [String], merged: inout [Int: [Property]]) {
        let charset = charset(ofGameRootedAt: forest.nodes[range.lowerBound], in: forest)
        sevenBitCharsetInUse = charset.name == "ISO-2022-JP"
        // Opened on the first value to decode: most games have none.
        var decoder: CharsetDecoder?
        var isDecoderOpened = false
        var reportedBadText = false
        // A loop of its own, so the one below stays as short as it is for the usual file, which has none.
        if mayHaveControlCharacters {
            for rawIndex in range {
                let rawNode = forest.nodes[rawIndex]
                reportControlCharacters(ofProperties: Int(rawNode.firstProperty)..<Int(rawNode.firstProperty + rawNode.propertyCount), in: forest)
            }
        }
        for rawIndex in range {
            let rawNode = forest.nodes[rawIndex]
            let propertyRange = Int(rawNode.firstProperty)..<Int(rawNode.firstProperty + rawNode.propertyCount)
            // The usual node, a move and maybe a few other properties with plain ASCII values and no
            // identifier twice, has nothing to decode or merge: the scanner saw that (`flags`). Otherwise,
            // one look at the bytes from its first value to its last (brackets and identifiers are ASCII
            // too) rather than one per value.
            if rawNode.flags == 0 && !sevenBitCharsetInUse { continue }
            if isPlainASCII(valueBytes(ofProperties: propertyRange, in: forest))
                && !hasRepeatedIdentifier(propertyRange, in: forest) {
                continue
            }
            // Once a repeated identifier is found, the node's properties are built and merged.
            var isMerging = false
            var properties: [Property] = []
            for propertyIndex in propertyRange {
                let rawProperty = forest.properties[propertyIndex]
                let valueRange = Int(rawProperty.firstValue)..<Int(rawProperty.firstValue + rawProperty.valueCount)
                for valueIndex in valueRange where !isPlainASCII(bytes(of: forest.values[valueIndex])) {
                    if !isDecoderOpened {
                        decoder = self.decoder(for: charset)
                        isDecoderOpened = true
                    }
                    let text = decode(forest.values[valueIndex], charset, decoder, reportedBadText: &reportedBadText)
                    forest.values[valueIndex].decoded = Int32(decodedTexts.count)
                    decodedTexts.append(text)
                }
                if !isMerging,
                   (propertyRange.lowerBound..<propertyIndex).contains(where: { forest.properties[$0].identifier == rawProperty.identifier }) {
                    isMerging = true
                    properties = (propertyRange.lowerBound..<propertyIndex).map { property(forest, $0, decodedTexts) }
                }
                if isMerging { merge(property(forest, propertyIndex, decodedTexts), into: &properties) }
            }
            if isMerging { merged[rawIndex] = properties }
        }
    }

    /// A property of the forest as a `Property`, once its values are decoded.
    private func property(_ forest: borrowing RawForest, _ index: Int, _ decodedTexts: [String]) -> Property {
        let rawProperty = forest.properties[index]
        let identifier = rawProperty.identifier < PropertyTable.slotCount
            ? PropertyTable.identifier(ofSlot: Int(rawProperty.identifier))
            : forest.longIdentifiers[Int(rawProperty.identifier - PropertyTable.slotCount)]
        var values: [PropertyValue] = []
        for valueIndex in Int(rawProperty.firstValue)..<Int(rawProperty.firstValue + rawProperty.valueCount) {
            let value = forest.values[valueIndex]
            values.append(PropertyValue(raw: value.decoded >= 0 ? decodedTexts[Int(value.decoded)] : String(decoding: bytes(of: value), as: UTF8.self)))
        }
        return Property(identifier, values, sourceOffset: Int(rawProperty.offset))
    }

    private var sevenBitCharsetInUse = false

    /// The bytes from the first value of some properties to the end of their last: every value and the
    /// brackets and identifiers between (properties store their values in order).
    private func valueBytes(ofProperties range: Range<Int>, in forest: borrowing RawForest) -> UnsafeBufferPointer<UInt8> {
        let firstValue = range.isEmpty ? 0 : Int(forest.properties[range.lowerBound].firstValue)
        let endValue = range.isEmpty ? 0 : Int(forest.properties[range.upperBound - 1].firstValue + forest.properties[range.upperBound - 1].valueCount)
        guard firstValue < endValue else { return UnsafeBufferPointer(rebasing: buffer[0..<0]) }
        let start = Int(forest.values[firstValue].start)
        let end = Int(forest.values[endValue - 1].end)
        return UnsafeBufferPointer(rebasing: buffer[start..<end])
    }

    /// Whether two of a node's properties have the same identifier (a node has a handful: pairs are compared).
    private func hasRepeatedIdentifier(_ range: Range<Int>, in forest: borrowing RawForest) -> Bool {
        for index in range.dropFirst() {
            let identifier = forest.properties[index].identifier
            if (range.lowerBound..<index).contains(where: { forest.properties[$0].identifier == identifier }) { return true }
        }
        return false
    }

    private func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !sevenBitCharsetInUse else { return false }
        return CharsetDecoder.asciiPrefixLength(bytes) == bytes.count
    }

    /// One value's text in the game's charset.
    private mutating func decode(_ rawValue: RawForest.RawValue, _ charset: SGFCharset, _ decoder: CharsetDecoder?,
                                 reportedBadText: inout Bool) -> String {
        let valueBytes = bytes(of: rawValue)
        // Most values (moves, numbers, names in Latin letters) are ASCII, the same in every charset Hoshi
        // reads except the 7-bit ISO-2022-JP.
        if isPlainASCII(valueBytes) { return String(decoding: valueBytes, as: UTF8.self) }
        if let text = decoder?.decode(valueBytes) { return text }
        // Not valid in the game's charset. Files re-saved as UTF-8 that kept their old CA[] are common, so
        // UTF-8 comes first; then Windows-1252, which decodes almost any byte.
        var decoded: (text: String, charset: SGFCharset)?
        for fallback in [SGFCharset.utf8, SGFCharset.windows1252] where fallback != charset {
            if let text = self.decoder(for: fallback)?.decode(valueBytes) {
                decoded = (text, fallback)
                break
            }
        }
        if !reportedBadText {
            reportedBadText = true
            let outcome = decoded.map { "read as \($0.charset.name)" } ?? "undecodable bytes replaced by U+FFFD"
            diagnostics.append(.warning(
                "text is not valid \(charset.name) (the charset of this game); \(outcome) (check CA[])",
                at: source.location(ofOffset: Int(rawValue.start))))
        }
        return decoded?.text ?? decoder?.decodeLossily(valueBytes) ?? String(decoding: valueBytes, as: UTF8.self)
    }

    // MARK: Control characters

    /// How many control characters a file lists before only counting them: a file padded with NUL bytes
    /// would otherwise print one line per byte. As many as `GameReplay` lists of each rule finding.
    static let controlCharactersListed = 10

    /// Whether the file has a control byte anywhere (see `isControl`); set before building, and only
    /// then are the values looked at one by one.
    var mayHaveControlCharacters = false

    /// A C0 control other than tab, line feed and carriage return, or DEL: what a text value should not
    /// hold (NUL from C writers, stray 0x01 from old servers). Bit `byte` of the mask is set for each C0
    /// control reported.
    @inline(__always) static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 ? (0xFFFF_D9FF as UInt32) >> UInt32(byte) & 1 != 0 : byte == 0x7F
    }

    /// Whether any byte is a control (`isControl`), in or out of values.
    ///
    /// Why a pass of its own rather than a test in the grammar's value loop: that loop is the reader's
    /// hottest, and a test per byte there cost a quarter of its time, for files that almost never have
    /// one. This loop has no branch and no early exit, so the compiler runs it 16 or 32 bytes at a time.
    static func containsControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for byte in bytes {
            let isLow: UInt8 = byte < 0x20 ? 1 : 0
            let isAllowed: UInt8 = (byte == 0x09 ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0)
            let isDelete: UInt8 = byte == 0x7F ? 1 : 0
            found |= (isLow & ~isAllowed) | isDelete
        }
        return found != 0
    }

    /// Warns about each control character in a node's values (see `isControl`), at its byte, in
    /// file order. Bytes are walked as the grammar walks them: a byte after `\` is read as itself, the
    /// second byte of a two-byte character is skipped. In an ISO-2022-JP game, escape bytes switch its
    /// character sets: they are not in the text.
    private mutating func reportControlCharacters(ofProperties range: Range<Int>, in forest: borrowing RawForest) {
        let hasLeadBytes = fileCharset.leadBytes != .none
        for propertyIndex in range {
            let property = forest.properties[propertyIndex]
            for valueIndex in Int(property.firstValue)..<Int(property.firstValue + property.valueCount) {
                let value = forest.values[valueIndex]
                var index = Int(value.start)
                while index < Int(value.end) {
                    let byte = buffer[index]
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if hasLeadBytes && fileCharset.isLeadByte(byte) {
                        index += 2
                        continue
                    }
                    if index < Int(value.end) {
                        let character = buffer[index]
                        if BuildContext.isControl(character) && !(character == 0x1B && sevenBitCharsetInUse) {
                            reportControlCharacter(character, at: index)
                        }
                    }
                    index += 1
                }
            }
        }
    }

    private var controlCharacterCount = 0
    private var firstUnlistedControlCharacter: SourceLocation?

    private mutating func reportControlCharacter(_ byte: UInt8, at offset: Int) {
        controlCharacterCount += 1
        if controlCharacterCount <= BuildContext.controlCharactersListed {
            let code = String(byte, radix: 16, uppercase: true)
            diagnostics.append(.warning(
                "control character U+\(String(repeating: "0", count: 4 - code.count))\(code) in a property value; it is dropped from pages",
                at: source.location(ofOffset: offset)))
        } else if controlCharacterCount == BuildContext.controlCharactersListed + 1 {
            firstUnlistedControlCharacter = source.location(ofOffset: offset)
        }
    }

    /// One line for the control characters beyond `controlCharactersListed`: how many, at the first.
    private mutating func reportUnlistedControlCharacters() {
        let unlisted = controlCharacterCount - BuildContext.controlCharactersListed
        guard unlisted > 0 else { return }
        let what = unlisted == 1 ? "1 more control character in a property value"
            : "\(unlisted) more control characters in property values"
        diagnostics.append(.warning("\(what) in this file, from here on; not listed", at: firstUnlistedControlCharacter))
    }

    // MARK: Merging

    /// Adds a property to a node's list, merging it with an earlier one of the same identifier: lists are
    /// joined, Text is joined with a blank line, other properties keep their first value.
    private mutating func merge(_ property: Property, into properties: inout [Property]) {
        if properties.isEmpty {
            properties.append(property)
            return
        }
        guard let index = properties.firstIndex(where: { $0.identifier == property.identifier }) else {
            properties.append(property)
            return
        }
        let location = property.sourceOffset.map { source.location(ofOffset: $0) }
        let definition = PropertyTable.definition(of: property.identifier)
        if properties[index].values == property.values {
            diagnostics.append(.warning("duplicate property \(property.identifier) in one node; the repeat is ignored", at: location))
        } else if definition == nil || definition?.isList == true {
            properties[index].values += property.values
            diagnostics.append(.warning("duplicate property \(property.identifier) in one node; values merged", at: location))
        } else if definition?.valueType == .text, let first = properties[index].firstValue, let second = property.firstValue {
            properties[index].values = [PropertyValue(raw: first.raw + "\n\n" + second.raw)]
            diagnostics.append(.warning("duplicate property \(property.identifier) in one node; texts joined", at: location))
        } else {
            diagnostics.append(.warning(
                "duplicate property \(property.identifier) in one node; kept \(properties[index].firstValue?.description ?? "[]"), ignored \(property.firstValue?.description ?? "[]")",
                at: location))
        }
    }
}
