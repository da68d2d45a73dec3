import Foundation
import HoshiCore
import Yams

/// The YAML block at the top of a Markdown file, between `---` lines.
///
/// Front matter is untrusted text like the body: the templates escape every field.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// Position among siblings in the navigation; pages without one follow, by title.
    public var order: Int?
    /// Drafts are read and checked but not published.
    public var isDraft = false

    public init() {}

    static let knownKeys: Set<String> = ["title", "description", "order", "draft"]
}

/// Splits a Markdown file into front matter and body, and reads the front matter.
public enum FrontMatterReader {
    public struct Result: Sendable {
        public var frontMatter: FrontMatter
        /// The Markdown after the closing `---`.
        public var body: Substring
        /// Lines before `body` in the file, so body line numbers can be mapped back to the file.
        public var bodyLineOffset: Int
        public var diagnostics: [Diagnostic]
    }

    public static func read(_ text: String, path: String) -> Result {
        // cmark accepts CRLF, but the delimiter search below is per line: normalise once.
        // Most files hold no carriage return at all: a byte test spares them Foundation's slower search.
        let hasCRLF = text.utf8.contains(UInt8(ascii: "\r")) && text.contains("\r\n")
        var text = Substring(hasCRLF ? text.replacingOccurrences(of: "\r\n", with: "\n") : text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        guard text.hasPrefix("---\n") else {
            return Result(frontMatter: FrontMatter(), body: text, bodyLineOffset: 0, diagnostics: [])
        }
        // Find the closing delimiter line: `---` or `...`.
        var lineNumber = 1
        var lineStart = text.index(after: text.firstIndex(of: "\n") ?? text.startIndex)
        var closing: (yamlEnd: String.Index, bodyStart: String.Index)?
        while lineStart < text.endIndex {
            lineNumber += 1
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line == "---" || line == "..." {
                closing = (lineStart, lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd)
                break
            }
            lineStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
        }
        guard let closing else {
            return Result(frontMatter: FrontMatter(), body: text, bodyLineOffset: 0, diagnostics: [
                .error("front matter opened by '---' is never closed; add a line '---' after it",
                       at: SourceLocation(path: path, line: 1, column: 1)),
            ])
        }
        let yamlStart = text.index(after: text.firstIndex(of: "\n") ?? text.startIndex)
        let yaml = String(text[yamlStart..<closing.yamlEnd])
        let (frontMatter, diagnostics) = parse(yaml, path: path)
        return Result(frontMatter: frontMatter, body: text[closing.bodyStart...],
                      bodyLineOffset: lineNumber, diagnostics: diagnostics)
    }

    /// Reads the YAML between the delimiters; line numbers are shifted by one for the opening `---`.
    static func parse(_ yaml: String, path: String) -> (FrontMatter, [Diagnostic]) {
        var frontMatter = FrontMatter()
        var (mapping, diagnostics) = YAMLMappingReader.read(yaml, path: path, lineOffset: 1,
                                                            expectation: "front matter must be a mapping of fields (key: value)")
        guard let mapping else { return (frontMatter, diagnostics) }
        func location(_ node: Yams.Node) -> SourceLocation { node.location(in: path, lineOffset: 1) }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard let scalar = value.scalar else {
                diagnostics.append(.error("front matter field '\(key)' must be a single value", at: location(value)))
                continue
            }
            switch key {
            case "title": frontMatter.title = scalar.string
            case "description": frontMatter.description = scalar.string
            case "order":
                if let order = Int(scalar.string) { frontMatter.order = order } else {
                    diagnostics.append(.error("'order' must be a whole number, got '\(scalar.string)'", at: location(value)))
                }
            case "draft":
                switch scalar.string.lowercased() {
                case "true", "yes": frontMatter.isDraft = true
                case "false", "no": frontMatter.isDraft = false
                default:
                    diagnostics.append(.error("'draft' must be true or false, got '\(scalar.string)'", at: location(value)))
                }
            default:
                let suggestion = FrontMatter.knownKeys.didYouMean(key)
                diagnostics.append(.warning("unknown front matter field '\(key)' is ignored\(suggestion)", at: location(keyNode)))
            }
        }
        return (frontMatter, diagnostics)
    }
}
