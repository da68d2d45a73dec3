/// Converts byte offsets in a UTF-8 buffer into 1-based lines and columns.
///
/// Readers keep byte offsets while they scan (cheap) and ask for line and column only when they report
/// something, so a clean file never pays for position bookkeeping.
public struct LineIndex: Sendable {
    /// Byte offset at which each line starts; line 1 starts at 0.
    private let lineStarts: [Int]

    public init(bytes: some Collection<UInt8>) {
        var starts = [0]
        var offset = 0
        for byte in bytes {
            offset += 1
            if byte == UInt8(ascii: "\n") { starts.append(offset) }
        }
        lineStarts = starts
    }

    public init(text: String) {
        self.init(bytes: text.utf8)
    }

    /// The 1-based line and column (in bytes) of a byte offset.
    public func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    public func location(ofOffset offset: Int, in path: String) -> SourceLocation {
        let (line, column) = position(ofOffset: offset)
        return SourceLocation(path: path, line: line, column: column)
    }
}
