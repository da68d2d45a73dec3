/// The languages fenced code blocks are highlighted in at build time, and the lexical rules for each.
///
/// The rules are deliberately small: enough to colour keywords, strings, comments, numbers and keys the way
/// readers expect, with no browser-side library and no risk of mangling the code (every character of the
/// input appears in the output, escaped).
enum CodeLanguage: String, CaseIterable, Sendable {
    case swift, shell, json, yaml, sgf, plainText

    /// The language of a fence's info string (` ```swift `), or nil for unknown languages, which are left
    /// as plain escaped text.
    init?(infoString: String) {
        let name = infoString.split(separator: " ").first.map { $0.lowercased() } ?? ""
        switch name {
        case "swift": self = .swift
        case "sh", "shell", "bash", "zsh", "console", "shell-session": self = .shell
        case "json", "jsonc": self = .json
        case "yaml", "yml": self = .yaml
        case "sgf": self = .sgf
        case "", "text", "txt", "plain", "plaintext": self = .plainText
        default: return nil
        }
    }

    /// Looked up once per word while highlighting: built once per language, not per call.
    var keywords: Set<String> {
        switch self {
        case .swift: Self.swiftKeywords
        case .shell: Self.shellKeywords
        case .json: Self.jsonKeywords
        case .yaml: Self.yamlKeywords
        case .sgf, .plainText: []
        }
    }

    private static let swiftKeywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is",
        "let", "mutating", "nil", "nonisolated", "open", "operator", "private", "protocol", "public",
        "repeat", "rethrows", "return", "self", "Self", "some", "static", "struct", "subscript", "super",
        "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
    private static let shellKeywords: Set<String> = [
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
        "function", "return", "export", "local", "set", "unset", "cd", "echo", "exit", "sudo",
    ]
    private static let jsonKeywords: Set<String> = ["true", "false", "null"]
    private static let yamlKeywords: Set<String> = ["true", "false", "null", "yes", "no", "on", "off"]

    /// What starts a comment running to the end of the line.
    var lineComment: String? {
        switch self {
        case .swift: "//"
        case .shell, .yaml: "#"
        case .json, .sgf, .plainText: nil
        }
    }
}
