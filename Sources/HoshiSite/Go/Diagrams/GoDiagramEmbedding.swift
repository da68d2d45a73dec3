import HoshiCore

/// The two ways documents embed a diagram, turned into HTML or a diagnostic at the line and column of the
/// setting at fault: a Markdown fenced block ```` ```sgf-diagram ```` and a MANUAL line `@diagram ...`.
enum GoDiagramEmbedding {
    /// A fenced block's settings, one `key: value` a line; `line` and `column` are the fence's.
    static func markdownBlock(_ body: String, line: Int, column: Int, path: String, documentFolder: String, pagePath: String,
                              diagrams: GoDiagramRenderer) -> (html: String, diagnostics: [Diagnostic]) {
        switch GoDiagramRequest.settings(ofBlock: body) {
        case .failure(let error):
            return failed(error.message, at: SourceLocation(path: path, line: line + 1 + error.lineOffset, column: error.column))
        case .success(let lines):
            return embed(lines.map(\.setting), documentFolder: documentFolder, pagePath: pagePath, diagrams: diagrams) { key in
                guard let entry = lines.first(where: { $0.setting.key == key }) else { return SourceLocation(path: path, line: line, column: column) }
                return SourceLocation(path: path, line: line + 1 + entry.line, column: entry.setting.column)
            }
        }
    }

    /// A MANUAL directive's `key=value` words; `column` is where they start on `line`.
    static func manualDirective(_ words: Substring, line: Int, column: Int, path: String, documentFolder: String, pagePath: String,
                                diagrams: GoDiagramRenderer) -> (html: String, diagnostics: [Diagnostic]) {
        switch GoDiagramRequest.settings(ofDirective: words, column: column) {
        case .failure(let error):
            return failed(error.message, at: SourceLocation(path: path, line: line, column: error.column))
        case .success(let settings):
            return embed(settings, documentFolder: documentFolder, pagePath: pagePath, diagrams: diagrams) { key in
                SourceLocation(path: path, line: line, column: settings.first { $0.key == key }?.column ?? column)
            }
        }
    }

    /// Parses and draws; `locate` gives the location of the setting with a key (nil or absent: the block's
    /// or directive's own).
    private static func embed(_ settings: [GoDiagramRequest.Setting], documentFolder: String, pagePath: String,
                              diagrams: GoDiagramRenderer,
                              locate: (_ key: String?) -> SourceLocation) -> (html: String, diagnostics: [Diagnostic]) {
        switch GoDiagramRequest.parse(settings) {
        case .failure(let error):
            return failed(error.message, at: locate(error.key))
        case .success(let request):
            switch diagrams.html(for: request, documentFolder: documentFolder, pagePath: pagePath) {
            case .success(let html): return (html, [])
            case .failure(let failure): return failed(failure.message, at: locate(failure.key))
            }
        }
    }

    private static func failed(_ message: String, at location: SourceLocation) -> (html: String, diagnostics: [Diagnostic]) {
        ("", [.error("diagram: \(message)", at: location)])
    }
}
