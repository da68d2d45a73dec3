import Foundation
import HoshiCore
import Mustache

/// Renders pages through the theme's Mustache templates (layouts with blocks, partials).
///
/// Contexts are plain dictionaries: swift-mustache reads them faster than it reflects over structs.
public struct TemplateRenderer: Sendable {
    private let library: MustacheLibrary
    private let names: Set<String>

    /// Compiles every template of the theme; syntax errors come back as diagnostics at their line and column.
    public init(theme: Theme) throws(TemplateErrors) {
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for (name, file) in theme.templates.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: file.data, as: UTF8.self)
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error(
                    "template syntax error: \(Self.describe(error.error))",
                    at: SourceLocation(path: file.displayPath, line: error.context.lineNumber,
                                       column: max(1, error.context.columnNumber))))
            } catch {
                diagnostics.append(.error("template syntax error: \(error)", at: SourceLocation(path: file.displayPath)))
            }
        }
        guard diagnostics.isEmpty else { throw TemplateErrors(diagnostics: diagnostics) }
        self.library = library
        names = Set(theme.templates.keys)
    }

    public func hasTemplate(_ name: String) -> Bool { names.contains(name) }

    public func render(_ context: [String: Any], template name: String) -> String? {
        library.render(context, withTemplate: name)
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "closing tag does not match the open section"
        case .unfinishedName: return "tag is not closed with '}}'"
        case .expectedSectionEnd: return "section is never closed; add its '{{/name}}'"
        case .invalidSetDelimiter: return "malformed set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "transforms cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "only block overrides may appear inside a parent tag"
        case .textInsideInheritSection: return "text inside a parent tag must sit within a block override"
        case .invalidConfigVariableSyntax: return "malformed configuration tag"
        case .unrecognisedConfigVariable: return "unknown configuration tag"
        }
    }
}

/// All template syntax errors of a theme, reported together.
public struct TemplateErrors: Error {
    public var diagnostics: [Diagnostic]
}
