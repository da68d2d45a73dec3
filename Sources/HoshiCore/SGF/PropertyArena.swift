/// The properties of every node read from one file, stored flat and shared by the file's nodes.
///
/// Why: a file has hundreds of thousands of properties. Giving each node its own array of `Property`
/// values, each with strings, made reading, checking, replaying and freeing a file mostly memory
/// management. Here a node read from a file is a range of `properties`; identifiers are small integer
/// codes; a value is a byte range of the file, turned into a `String` only when asked for. Values that are
/// not plain ASCII are decoded (with their game's charset) once, while the file is read, so charset
/// diagnostics come when they always did; their text is kept in `decodedTexts`.
///
/// Immutable once built. Nodes changed in code keep their own `[Property]` instead (see `Node`).
///
/// The bytes, properties and values are kept in buffers the arena allocates and frees itself, not in
/// arrays: reading an array stored in a class retains and releases its storage on each access, and these
/// are read once per property in every hot loop. Unchecked `Sendable`: the buffers are written only in
/// `init`.
final class PropertyArena: @unchecked Sendable {
    /// The file as read (UTF-8 after transcoding a UTF-16 file).
    let bytes: UnsafeBufferPointer<UInt8>
    let properties: UnsafeBufferPointer<RawForest.RawProperty>
    let values: UnsafeBufferPointer<RawForest.RawValue>
    let decodedTexts: [String]
    /// Identifiers of three or more letters; code `PropertyTable.slotCount + i` is `longIdentifiers[i]`.
    let longIdentifiers: [String]

    /// Takes over the properties and values the scanner allocated (see `ScratchBuffer.handOver`).
    init(bytes: [UInt8], properties: UnsafeMutableBufferPointer<RawForest.RawProperty>,
         values: UnsafeMutableBufferPointer<RawForest.RawValue>, longIdentifiers: [String], decodedTexts: [String]) {
        self.bytes = PropertyArena.copy(bytes)
        self.properties = UnsafeBufferPointer(properties)
        self.values = UnsafeBufferPointer(values)
        self.decodedTexts = decodedTexts
        self.longIdentifiers = longIdentifiers
    }

    deinit {
        bytes.deallocate()
        properties.deallocate()
        values.deallocate()
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(buffer)
    }

    // MARK: - Identifiers

    func identifier(ofCode code: Int32) -> String {
        code < PropertyTable.slotCount
            ? PropertyTable.identifier(ofSlot: Int(code))
            : longIdentifiers[Int(code - PropertyTable.slotCount)]
    }

    /// The code of an identifier in this file; nil when no property in the file has it.
    func code(of identifier: String) -> Int32? {
        if let slot = PropertyTable.slot(of: identifier) { return Int32(slot) }
        return longIdentifiers.firstIndex(of: identifier).map { PropertyTable.slotCount + Int32($0) }
    }

    // MARK: - Values

    /// The raw text of a value (escapes intact).
    func raw(ofValue index: Int) -> String {
        let value = values[index]
        if value.decoded >= 0 { return decodedTexts[Int(value.decoded)] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)]), as: UTF8.self)
    }

    /// Calls `body` with a value's bytes when they are its text (plain ASCII), so hot paths can read moves
    /// and points without making strings; nil for decoded values.
    @inline(__always)
    func withASCIIBytes<Result>(ofValue index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let value = values[index]
        guard value.decoded < 0 else { return nil }
        return body(UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)]))
    }

    // MARK: - Properties

    /// A property as a `Property` value, strings built.
    func property(at index: Int) -> Property {
        let stored = properties[index]
        let identifier = identifier(ofCode: stored.identifier)
        let first = Int(stored.firstValue)
        if stored.valueCount == 1 {
            return Property(identifier, raw: raw(ofValue: first), sourceOffset: Int(stored.offset))
        }
        let values = (first..<first + Int(stored.valueCount)).map { PropertyValue(raw: raw(ofValue: $0)) }
        return Property(identifier, values, sourceOffset: Int(stored.offset))
    }
}
