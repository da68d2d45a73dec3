import HoshiCore
import Yams

/// Reads YAML text that must be a mapping (`hoshi.yml`, front matter), reporting syntax errors and a
/// non-mapping document at their line in the file the YAML came from.
enum YAMLMappingReader {
    /// - Parameters:
    ///   - lineOffset: lines before the YAML text in its file (front matter starts after `---`).
    ///   - expectation: how the error for a non-mapping document names what was expected.
    /// - Returns: the mapping (nil for an empty document or on error) and the diagnostics.
    static func read(_ text: String, path: String, lineOffset: Int,
                     expectation: String) -> (mapping: Yams.Node.Mapping?, diagnostics: [Diagnostic]) {
        let root: Yams.Node?
        do {
            // The encoding named: Yams' default reads the process environment on every call, which cost
            // as much as parsing a page's front matter.
            root = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch {
            return (nil, [YAMLErrorReport.diagnostic(for: error, path: path, lineOffset: lineOffset)])
        }
        guard let root else { return (nil, []) }
        guard let mapping = root.mapping else {
            return (nil, [.error(expectation, at: root.location(in: path, lineOffset: lineOffset))])
        }
        return (mapping, [])
    }
}

extension Yams.Node {
    /// Where the node starts in its file, `lineOffset` lines after the YAML text's first line.
    func location(in path: String, lineOffset: Int = 0) -> SourceLocation {
        SourceLocation(path: path, line: mark.map { $0.line + lineOffset }, column: mark?.column)
    }
}

extension Set<String> {
    /// `; did you mean 'x'?` when a member is a plausible correction of `word`, else nothing: appended to
    /// unknown-key warnings.
    func didYouMean(_ word: String) -> String {
        closestMatch(to: word).map { "; did you mean '\($0)'?" } ?? ""
    }
}
