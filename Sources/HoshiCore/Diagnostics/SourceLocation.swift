/// A place in an input file, as editors expect it: 1-based line, 1-based column counted in UTF-8 bytes.
///
/// Printed as `path:line:col` (or `path:line`, or `path`) so that editors and terminals can jump to it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it or as discovery found it (relative paths stay relative).
    public var path: String
    /// 1-based line, or nil when only the file is known.
    public var line: Int?
    /// 1-based column in UTF-8 bytes, or nil when only the line is known.
    public var column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = line == nil ? nil : column
    }

    public var description: String {
        guard let line else { return path }
        guard let column else { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }
}
