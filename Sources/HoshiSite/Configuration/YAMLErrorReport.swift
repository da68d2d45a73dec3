import HoshiCore
import Yams

/// Turns Yams' errors into diagnostics at the right line of the file the YAML came from.
enum YAMLErrorReport {
    /// - Parameter lineOffset: lines before the YAML text in its file (front matter starts after `---`).
    static func diagnostic(for error: Error, path: String, lineOffset: Int) -> Diagnostic {
        guard let yamlError = error as? YamlError else {
            return .error("invalid YAML: \(error)", at: SourceLocation(path: path))
        }
        switch yamlError {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .error("invalid YAML: \(detail)",
                          at: SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column))
        case let .reader(problem, _, _, _):
            return .error("invalid YAML: \(problem)", at: SourceLocation(path: path, line: lineOffset + 1))
        case let .duplicatedKeysInMapping(duplicates, context):
            return .error("duplicate key \(duplicates.joined(separator: ", ")) in YAML",
                          at: SourceLocation(path: path, line: context.mark.line + lineOffset, column: context.mark.column))
        default:
            return .error("invalid YAML: \(yamlError)", at: SourceLocation(path: path, line: lineOffset + 1))
        }
    }
}
