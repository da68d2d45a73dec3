import HoshiCore

/// Renders the body lines of one section introduction or subsection to safe HTML: paragraphs and nested
/// lists, as Little Go's help generator reads them, with warnings where it would crash.
///
/// Grammar (one line at a time; Little Go's rules):
/// - A blank line (only spaces or tabs) ends the paragraph, or ends all open lists.
/// - `^( *)(- |1\. )` is a list item, bullet or numbered. It ends an open paragraph. Indented deeper than
///   the current item, it opens a nested list, which must be of the same type and indented by the parent
///   marker's width (2 for `- `, 3 for `1. `). Indented like an open list's items, it is the next item of that
///   list, closing the lists nested deeper.
/// - Any other line, while lists are open, continues an item: the current one when indented by the sum of
///   the open lists' marker widths, an outer one when indented like that item's text.
/// - Otherwise lines form paragraphs; their text joins with spaces.
/// - Inside an open `<pre>` element, lines are literal (see ``ManualTextFragment``): blank lines and list
///   markers do not apply. Little Go does not do this; it joins `<pre>` lines with spaces.
///
/// Where Little Go crashes (an item indented to match no list, a nested list of the other type, a text
/// line indented to match no item, a `2.` item in a list) or renders an item into the wrong list (a `1.` item
/// in a bullet list), this renderer warns and does what the author evidently meant; see
/// ``ManualReaderMessage`` for each case. A list that starts indented takes that indentation as its own,
/// where Little Go would nest its next items (Little Go's ChangeLog has such a list).
///
/// Text is sanitized by ``HTMLSanitizer`` one paragraph or item part at a time, so tags balance per block.
struct ManualBodyRenderer {
    /// A list being rendered; its `<li>` for the current item is open.
    private struct OpenList {
        /// The type rendered: `<ul>` or `<ol>`.
        var kind: ManualListKind
        /// The type Little Go gives the list: that of the item that opened this level. It differs from `kind`
        /// after a `1.` item in a bullet list (or the reverse), which Hoshi renders as a list of its own.
        var sourceKind: ManualListKind
        /// Leading spaces of its items.
        var itemIndentation: Int
        /// Leading spaces of the current item's continuation lines and of a list nested in it, as Little Go
        /// computes them.
        var continuationIndentation: Int {
            itemIndentation + sourceKind.markerWidth
        }
    }

    /// Elements that, at the start of a paragraph, mean the author wrote a block: not wrapped in `<p>`.
    private static let blockOpeners = ["<pre>", "<p>", "<ul>", "<ol>"]

    /// Draws a directive line (`@diagram key=value ...`, a Hoshi extension of the format): given the words
    /// after the directive's name, the line number and their column, it returns trusted HTML and diagnostics.
    typealias Embedder = (_ words: Substring, _ line: Int, _ column: Int) -> (html: String, diagnostics: [Diagnostic])

    /// The directive a line must start with (after any indentation) to be embedded.
    static let diagramDirective = "@diagram "

    private let path: String
    private let embed: Embedder?
    private let sanitizer = HTMLSanitizer()
    private var html = ""
    private var diagnostics: [Diagnostic] = []
    private var lists: [OpenList] = []
    /// The text being collected, and whether it is a paragraph (else part of the current list item).
    private var fragment: ManualTextFragment?
    private var fragmentIsParagraph = false

    /// The HTML of `lines` and the warnings found in them; `path` is used in the warnings' locations.
    static func render(_ lines: [ManualSourceLine], path: String, embed: Embedder? = nil) -> (html: String, diagnostics: [Diagnostic]) {
        var renderer = ManualBodyRenderer(path: path, embed: embed)
        for line in lines { renderer.consume(line) }
        renderer.flushFragment()
        renderer.closeLists(downTo: 0)
        return (renderer.html, renderer.diagnostics)
    }

    private init(path: String, embed: Embedder?) {
        self.path = path
        self.embed = embed
    }

    // MARK: - Lines

    private mutating func consume(_ line: ManualSourceLine) {
        if fragment?.isInsidePre == true {
            fragment?.append(line, from: 0)
        } else if line.isBlank {
            flushFragment()
            closeLists(downTo: 0)
        } else if let embed, line.text.dropFirst(line.indentation).hasPrefix(Self.diagramDirective) {
            flushFragment()
            closeLists(downTo: 0)
            let start = line.indentation + Self.diagramDirective.utf8.count
            let words = line.text.utf8.dropFirst(start)
            let embedded = embed(Substring(words), line.number, start + 1)
            html += embedded.html
            diagnostics += embedded.diagnostics
        } else if let item = ManualListKind.item(in: line) {
            startItem(item.kind, indentation: item.indentation, line: line, textStart: item.textStart)
        } else if !lists.isEmpty, let misnumbered = ManualListKind.misnumberedItem(in: line) {
            warn(ManualReaderMessage.numberedItemNotOne(misnumbered.number), line: line, column: line.indentation + 1)
            startItem(.numbered, indentation: line.indentation, line: line, textStart: misnumbered.textStart)
        } else if lists.isEmpty {
            continueParagraph(line)
        } else {
            continueItem(line)
        }
    }

    private mutating func continueParagraph(_ line: ManualSourceLine) {
        if fragment == nil {
            fragment = ManualTextFragment()
            fragmentIsParagraph = true
        }
        fragment?.append(line, from: 0)
    }

    private mutating func startItem(_ kind: ManualListKind, indentation: Int, line: ManualSourceLine, textStart: Int) {
        flushFragment()
        let column = indentation + 1
        if let current = lists.last, indentation > current.itemIndentation {
            if kind != current.sourceKind {
                warn(ManualReaderMessage.nestedMixedListTypes(item: kind, list: current.sourceKind), line: line, column: column)
            } else if indentation != current.continuationIndentation {
                warn(ManualReaderMessage.nestedItemIndentation(
                    actual: indentation, expected: current.continuationIndentation, list: current.sourceKind),
                    line: line, column: column)
            }
            openList(kind, sourceKind: kind, indentation: indentation)
        } else if !lists.isEmpty {
            let innerIndentation = lists[lists.count - 1].itemIndentation
            while lists.count > 1, lists[lists.count - 1].itemIndentation > indentation { closeLists(downTo: lists.count - 1) }
            let current = lists[lists.count - 1]
            if current.itemIndentation < indentation {
                warn(ManualReaderMessage.itemIndentationBetweenLevels(
                    actual: indentation, outer: current.itemIndentation, inner: innerIndentation), line: line, column: column)
            }
            if kind != current.sourceKind {
                warn(ManualReaderMessage.mixedListTypes(item: kind, list: current.sourceKind), line: line, column: column)
            }
            if kind != current.kind {
                closeLists(downTo: lists.count - 1)
                openList(kind, sourceKind: current.sourceKind, indentation: current.itemIndentation)
            } else {
                html += "</li><li>"
            }
        } else {
            openList(kind, sourceKind: kind, indentation: indentation)
        }
        var itemText = ManualTextFragment()
        itemText.append(line, from: textStart)
        fragment = itemText
        fragmentIsParagraph = false
    }

    /// A text line while lists are open: continues the current item, or an outer one, or (with a warning)
    /// whatever its indentation suggests.
    private mutating func continueItem(_ line: ManualSourceLine) {
        let indentation = line.indentation
        if let level = lists.lastIndex(where: { $0.continuationIndentation == indentation }) {
            if level < lists.count - 1 {
                flushFragment()
                closeLists(downTo: level + 1)
            }
        } else {
            let expected = lists[lists.count - 1].continuationIndentation
            warn(ManualReaderMessage.continuationIndentation(actual: indentation, expected: expected), line: line, column: indentation + 1)
            if indentation <= lists[0].itemIndentation {
                flushFragment()
                closeLists(downTo: 0)
                continueParagraph(line)
                return
            }
            let level = lists.lastIndex(where: { $0.itemIndentation < indentation }) ?? 0
            if level < lists.count - 1 {
                flushFragment()
                closeLists(downTo: level + 1)
            }
        }
        if fragment == nil {
            fragment = ManualTextFragment()
            fragmentIsParagraph = false
        }
        fragment?.append(line, from: 0)
    }

    // MARK: - Output

    private mutating func openList(_ kind: ManualListKind, sourceKind: ManualListKind, indentation: Int) {
        html += "<\(kind.htmlElement)><li>"
        lists.append(OpenList(kind: kind, sourceKind: sourceKind, itemIndentation: indentation))
    }

    /// Closes open lists until `count` remain.
    private mutating func closeLists(downTo count: Int) {
        while lists.count > count, let list = lists.popLast() {
            html += "</li></\(list.kind.htmlElement)>"
        }
    }

    /// Sanitizes the collected text and writes it, as a paragraph or into the open list item.
    private mutating func flushFragment() {
        guard let fragment else { return }
        self.fragment = nil
        let result = sanitizer.sanitize(fragment.text)
        for finding in result.findings {
            let position = fragment.location(ofOffset: finding.offset)
            diagnostics.append(.warning(finding.message, at: SourceLocation(path: path, line: position.line, column: position.column)))
        }
        let isBlock = Self.blockOpeners.contains { result.html.hasPrefix($0) }
        if fragmentIsParagraph, !isBlock, !result.html.isEmpty {
            html += "<p>\(result.html)</p>"
        } else {
            html += result.html
        }
    }

    private mutating func warn(_ message: String, line: ManualSourceLine, column: Int) {
        diagnostics.append(.warning(message, at: SourceLocation(path: path, line: line.number, column: column)))
    }
}
