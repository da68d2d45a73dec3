import CCmarkGFM
import Foundation
import HoshiCore

/// Renders GitHub Flavored Markdown with libcmark-gfm. This is the only file that touches cmark pointers.
///
/// Beyond plain rendering it walks the syntax tree once to give headings stable ids, rewrite links to other
/// `.md` files into links to the pages they become, and record where each link was written.
public struct MarkdownRenderer: Sendable {
    /// Resolves a link target written in the source (`guide.md#setup`) to the URL it must become, or
    /// returns nil when the `.md` file is not part of the site.
    public typealias LinkResolver = @Sendable (_ path: String, _ fragment: String?) -> String?

    /// Turns a fenced block whose info string it knows into HTML (a Go diagram, say), with diagnostics;
    /// nil leaves the block to the highlighter. `line` and `column` are the fence's, in the file.
    public typealias BlockEmbedder = @Sendable (_ info: String, _ body: String, _ line: Int, _ column: Int)
        -> (html: String, diagnostics: [Diagnostic])?

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    /// Raw HTML is kept (authors embed diagrams), with GFM's tag filter removing script-capable tags.
    private static let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8

    /// cmark-gfm's extension registry is process-global; registering it once, lazily, is thread-safe
    /// through Swift's static initialisation.
    private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()

    public init() {
        _ = Self.registration
    }

    /// - Parameters:
    ///   - markdown: the body, without front matter.
    ///   - path: the source file, for diagnostics.
    ///   - lineOffset: lines that precede `markdown` in the file.
    ///   - resolveLink: maps `.md` targets to page URLs.
    public func render(_ markdown: Substring, path: String, lineOffset: Int,
                       resolveLink: @escaping LinkResolver, embedBlock: BlockEmbedder? = nil) -> MarkdownDocument {
        guard let parser = cmark_parser_new(Self.options) else {
            return MarkdownDocument(html: "", headings: [], links: [],
                                    diagnostics: [.error("cannot create a Markdown parser", at: SourceLocation(path: path))])
        }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var source = String(markdown)
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cmark_parser_feed(parser, characters.baseAddress, characters.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            return MarkdownDocument(html: "", headings: [], links: [],
                                    diagnostics: [.error("cannot parse Markdown", at: SourceLocation(path: path))])
        }
        defer { cmark_node_free(document) }

        var walker = TreeWalker(path: path, lineOffset: lineOffset, resolveLink: resolveLink)
        walker.walk(document)
        let extensions = cmark_parser_get_syntax_extensions(parser)
        for heading in walker.headingNodes {
            walker.attachIdentifier(to: heading.node, id: heading.id, extensions: extensions)
        }
        var embedDiagnostics: [Diagnostic] = []
        for codeBlock in walker.codeBlocks {
            let info = cmark_node_get_fence_info(codeBlock).map { String(cString: $0) } ?? ""
            let body = cmark_node_get_literal(codeBlock).map { String(cString: $0) } ?? ""
            let line = Int(cmark_node_get_start_line(codeBlock)) + lineOffset
            let column = Int(cmark_node_get_start_column(codeBlock))
            if let embedded = embedBlock?(info, body, line, column) {
                embedDiagnostics += embedded.diagnostics
                Self.replace(codeBlock, withHTML: embedded.html)
            } else {
                Self.highlight(codeBlock)
            }
        }
        let html = Self.renderHTML(document, extensions: extensions)
        var result = MarkdownDocument(html: html, headings: walker.headings, links: walker.links,
                                      diagnostics: walker.diagnostics + embedDiagnostics)
        result.searchSections = walker.searchSections
        return result
    }

    /// Replaces a fenced code block in a known language with its highlighted HTML, so pages need no
    /// highlighting script. Blocks in other languages keep cmark's plain rendering.
    private static func highlight(_ codeBlock: OpaquePointer) {
        let info = cmark_node_get_fence_info(codeBlock).map { String(cString: $0) } ?? ""
        guard let language = CodeLanguage(infoString: info), let literal = cmark_node_get_literal(codeBlock),
              let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        let code = SyntaxHighlighter(language: language).highlight(String(cString: literal))
        let className = language == .plainText ? "" : " class=\"language-\(language.rawValue)\""
        cmark_node_set_on_enter(replacement, "<pre><code\(className)>\(code)</code></pre>\n")
        cmark_node_set_on_exit(replacement, "")
        cmark_node_replace(codeBlock, replacement)
        cmark_node_free(codeBlock)
    }

    /// Puts exact HTML in a block's place (a custom block is cmark's way to carry it into the output).
    private static func replace(_ block: OpaquePointer, withHTML html: String) {
        guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(replacement, html)
        cmark_node_set_on_exit(replacement, "")
        cmark_node_replace(block, replacement)
        cmark_node_free(block)
    }

    fileprivate static func renderHTML(_ node: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let rendered = cmark_render_html(node, options, extensions) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

/// One pass over the syntax tree collecting headings, links and plain text.
private struct TreeWalker {
    let path: String
    let lineOffset: Int
    let resolveLink: MarkdownRenderer.LinkResolver
    var headings: [DocumentHeading] = []
    var headingNodes: [(node: OpaquePointer, id: String)] = []
    var codeBlocks: [OpaquePointer] = []
    var links: [SourceLink] = []
    var diagnostics: [Diagnostic] = []
    /// The text before the first level-2/3 heading, then one entry per such heading.
    var searchSections = [SearchSection(id: nil, title: "", text: "")]
    /// The level-1, 2 or 3 heading being walked: its text is a title, not part of a section's text.
    var titleHeading: OpaquePointer?
    var identifiers = IdentifierSet(reserved: AnchorIdentifier.reservedByTheme)

    init(path: String, lineOffset: Int, resolveLink: @escaping MarkdownRenderer.LinkResolver) {
        self.path = path
        self.lineOffset = lineOffset
        self.resolveLink = resolveLink
    }

    mutating func walk(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_EXIT, titleHeading != nil, cmark_iter_get_node(iterator) == titleHeading { titleHeading = nil }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                let title = Self.text(of: node)
                let id = identifiers.claim(AnchorIdentifier.slug(title))
                headings.append(DocumentHeading(level: Int(cmark_node_get_heading_level(node)), title: title,
                                                id: id, line: Int(cmark_node_get_start_line(node)) + lineOffset))
                headingNodes.append((node, id))
                let level = cmark_node_get_heading_level(node)
                if level <= 3 { titleHeading = node }
                if level == 2 || level == 3 { searchSections.append(SearchSection(id: id, title: title, text: "")) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                rewriteLink(node)
            case CMARK_NODE_CODE_BLOCK:
                codeBlocks.append(node)
                if let literal = cmark_node_get_literal(node) {
                    appendText(String(cString: literal))
                }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) {
                    appendText(String(cString: literal))
                }
            default:
                break
            }
        }
    }

    /// Adds text, outside titles, to the current search section's.
    private mutating func appendText(_ text: String) {
        if titleHeading == nil {
            searchSections[searchSections.count - 1].text += text
            searchSections[searchSections.count - 1].text += " "
        }
    }

    private mutating func rewriteLink(_ node: OpaquePointer) {
        guard let rawURL = cmark_node_get_url(node) else { return }
        var url = String(cString: rawURL)
        let line = Int(cmark_node_get_start_line(node)) + lineOffset
        let column = Int(cmark_node_get_start_column(node))
        var isReported = false
        if let target = ContentLinkTarget(url) {
            if let resolved = resolveLink(target.path, target.fragment) {
                url = resolved
                cmark_node_set_url(node, resolved)
            } else if target.isMarkdown {
                diagnostics.append(.error("link to '\(target.path)' does not match any Markdown page of the site",
                                          at: SourceLocation(path: path, line: line, column: column)))
                isReported = true
            }
        }
        links.append(SourceLink(url: url, line: line, column: column, isReported: isReported))
    }

    /// Gives a heading its id by replacing it with a custom block holding its own rendering, with the id
    /// added to the opening tag. cmark has no attribute API, and a custom block is the sanctioned way to put
    /// exact HTML into its output.
    func attachIdentifier(to heading: OpaquePointer, id: String, extensions: UnsafeMutablePointer<cmark_llist>?) {
        let rendered = MarkdownRenderer.renderHTML(heading, extensions: extensions)
        let level = cmark_node_get_heading_level(heading)
        let openingTag = "<h\(level)>"
        guard rendered.hasPrefix(openingTag), let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        let withIdentifier = "<h\(level) id=\"\(id)\">" + rendered.dropFirst(openingTag.count)
        cmark_node_set_on_enter(replacement, withIdentifier)
        cmark_node_set_on_exit(replacement, "")
        cmark_node_replace(heading, replacement)
        cmark_node_free(heading)
    }

    /// The plain text of a node's inline content (text, code spans, line breaks as spaces).
    static func text(of node: OpaquePointer) -> String {
        var result = ""
        guard let iterator = cmark_iter_new(node) else { return result }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(child) { result += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                result += " "
            default:
                break
            }
        }
        // Most headings start and end with an ASCII character other than a space or a tab, the only
        // ASCII members of `.whitespaces`: those are kept as they are, without Foundation's slower trim.
        func needsNoTrim(_ end: Unicode.Scalar?) -> Bool { end.map { $0.isASCII && $0 != " " && $0 != "\t" } ?? false }
        if needsNoTrim(result.unicodeScalars.first), needsNoTrim(result.unicodeScalars.last) { return result }
        return result.trimmingCharacters(in: .whitespaces)
    }
}

/// A link written as a relative path to a content file, such as `../guide.md#install` or `../MANUAL`.
///
/// Links to files that become pages (Markdown, manuals) are rewritten to those pages; other relative links
/// (images, downloads) stay as written and are checked against the output like every link.
struct ContentLinkTarget {
    var path: String
    var fragment: String?

    var isMarkdown: Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    init?(_ url: String) {
        guard !url.isEmpty, !url.hasPrefix("#"), !url.hasPrefix("/"), !LinkChecker.isExternal(url) else { return nil }
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts[0])
        path = LinkChecker.percentDecoded(pathPart)
        fragment = parts.count > 1 ? String(parts[1]) : nil
    }
}
