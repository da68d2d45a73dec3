/// Makes an author's HTML fragment safe to paste into a page: an allow-list of elements and attributes,
/// valid character references kept, everything else shown as text.
///
/// Help texts (Little Go's MANUAL, and Markdown's inline HTML) are written by people, not attackers, but a
/// site must not run script from its content, and a stray `<` must not swallow the rest of a page.
///
/// What it does, in one pass over the fragment:
/// - Elements `a em strong b i code pre br p ul ol li span sup sub` pass (names lower-cased); any other
///   element's tag (`<script>`, `<img onerror=…>`, `</div>`) is escaped and so shown as text.
/// - Attributes: only `href` on `a`, and only when its target is `http:`, `https:`, `mailto:` or relative
///   (no scheme). Others are dropped. The target is re-escaped, so quotes cannot break out.
/// - `</br>` counts as `<br>`, as in browsers. `<br/>` is written `<br>`.
/// - Tags are balanced within the fragment: an end tag without a start tag is dropped, elements left open are
///   closed at the end, and an end tag closes the elements opened inside it.
/// - Text: `<` and `>` are escaped, `&` too unless it starts a valid character reference.
/// - Comments (`<!-- … -->`) are removed.
/// - Optionally, addresses in text outside `<a>` become links (``HTMLAutoLinker``).
///
/// Not checked: whether block elements sit where HTML allows them (`<ul>` inside `<em>`), and whether `<a>`
/// is nested in `<a>`. Each problem is reported as a ``Finding`` with its byte offset in the fragment, so
/// the caller can turn it into a located diagnostic.
struct HTMLSanitizer: Sendable {
    /// A problem found in the fragment; `offset` is the UTF-8 byte offset of the tag or text concerned.
    struct Finding: Hashable, Sendable {
        var offset: Int
        var message: String
    }

    /// The safe HTML and what was changed to make it safe.
    struct Result: Hashable, Sendable {
        var html: String
        var findings: [Finding]
    }

    /// Elements that pass; everything else is shown as text.
    static let allowedElements: Set<String> = [
        "a", "em", "strong", "b", "i", "code", "pre", "br", "p", "ul", "ol", "li", "span", "sup", "sub",
    ]

    /// Elements without content or end tag.
    static let voidElements: Set<String> = ["br"]

    /// URL schemes allowed in `href`; a target without a scheme (relative) is allowed too.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Whether addresses in text become links.
    var linksAddresses: Bool

    init(linksAddresses: Bool = true) {
        self.linksAddresses = linksAddresses
    }

    /// The safe form of `fragment`.
    func sanitize(_ fragment: String) -> Result {
        var run = SanitizerRun(bytes: Array(fragment.utf8), linksAddresses: linksAddresses)
        run.sanitize()
        return Result(html: run.output, findings: run.findings)
    }
}

// MARK: - One pass

/// The state of sanitizing one fragment: input position, output, and the stack of open elements.
private struct SanitizerRun {
    let bytes: [UInt8]
    let linksAddresses: Bool
    var output = ""
    var findings: [HTMLSanitizer.Finding] = []
    /// Open elements, innermost last, with the offset of their start tag (for "not closed" findings).
    var openElements: [(name: String, offset: Int)] = []
    /// Start of the text run not yet written.
    var textStart = 0

    init(bytes: [UInt8], linksAddresses: Bool) {
        self.bytes = bytes
        self.linksAddresses = linksAddresses
    }

    mutating func sanitize() {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if let end = commentEnd(at: index) {
                flushText(upTo: index)
                index = end
                textStart = end
            } else if let tag = HTMLTagScanner.scanTag(in: bytes, at: index) {
                flushText(upTo: index)
                handle(tag)
                index = tag.end
                textStart = tag.end
            } else {
                index += 1
            }
        }
        flushText(upTo: bytes.count)
        for element in openElements.reversed() {
            findings.append(.init(offset: element.offset, message: "<\(element.name)> is not closed; closed at the end of the block"))
            output += "</\(element.name)>"
        }
        openElements.removeAll()
    }

    // MARK: Text

    /// Escapes the text between `textStart` and `end`, links addresses in it, and writes it.
    mutating func flushText(upTo end: Int) {
        guard textStart < end else { return }
        var escaped = ""
        var index = textStart
        var runStart = textStart
        while index < end {
            let byte = bytes[index]
            let replacement: String?
            switch byte {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"):
                replacement = HTMLEntities.referenceLength(in: bytes, at: index).map { _ in nil } ?? "&amp;"
            default: replacement = nil
            }
            if let replacement {
                escaped += String(decoding: bytes[runStart..<index], as: UTF8.self)
                escaped += replacement
                runStart = index + 1
            }
            index += 1
        }
        escaped += String(decoding: bytes[runStart..<end], as: UTF8.self)
        let insideLink = openElements.contains { $0.name == "a" }
        output += linksAddresses && !insideLink ? HTMLAutoLinker.link(escaped) : escaped
        textStart = end
    }

    /// Writes the source of a rejected tag as visible text.
    mutating func writeAsText(_ tag: HTMLTagScanner.Tag) {
        output += HTMLText.escape(String(decoding: bytes[tag.start..<tag.end], as: UTF8.self))
    }

    // MARK: Tags

    mutating func handle(_ tag: HTMLTagScanner.Tag) {
        // Browsers read </br> as <br>; the real MANUAL has one.
        let isEndTag = tag.isEndTag && tag.name != "br"
        guard HTMLSanitizer.allowedElements.contains(tag.name) else {
            let shown = isEndTag ? "</\(tag.name)>" : "<\(tag.name)>"
            let escapedForm = isEndTag ? "&lt;/\(tag.name)&gt;" : "&lt;\(tag.name)&gt;"
            let allowed = HTMLSanitizer.allowedElements.sorted().joined(separator: " ")
            findings.append(.init(offset: tag.start, message: "HTML element \(shown) is not allowed and is shown as text; write \(escapedForm) if you meant the text (allowed elements: \(allowed))"))
            writeAsText(tag)
            return
        }
        if isEndTag {
            close(tag)
        } else {
            open(tag)
        }
    }

    mutating func open(_ tag: HTMLTagScanner.Tag) {
        var written = "<\(tag.name)"
        for attribute in tag.attributes {
            if tag.name == "a", attribute.name == "href" {
                if let target = HTMLSanitizer.safeLinkTarget(attribute.value) {
                    written += " href=\"\(HTMLText.escape(target))\""
                } else {
                    findings.append(.init(offset: attribute.offset, message: "link target \"\(attribute.value)\" removed; only http, https, mailto and relative links are allowed"))
                }
            } else {
                findings.append(.init(offset: attribute.offset, message: "attribute \"\(attribute.name)\" on <\(tag.name)> removed; only href on <a> is allowed"))
            }
        }
        written += ">"
        output += written
        if !HTMLSanitizer.voidElements.contains(tag.name) {
            openElements.append((tag.name, tag.start))
        }
    }

    mutating func close(_ tag: HTMLTagScanner.Tag) {
        if HTMLSanitizer.voidElements.contains(tag.name) { return }
        guard let position = openElements.lastIndex(where: { $0.name == tag.name }) else {
            findings.append(.init(offset: tag.start, message: "</\(tag.name)> has no matching <\(tag.name)> and is removed"))
            return
        }
        for element in openElements[(position + 1)...].reversed() {
            findings.append(.init(offset: element.offset, message: "<\(element.name)> is not closed before </\(tag.name)>; closed there"))
            output += "</\(element.name)>"
        }
        output += "</\(tag.name)>"
        openElements.removeSubrange(position...)
    }

    /// The end (exclusive) of a comment starting at `start`; an unterminated comment runs to the end.
    func commentEnd(at start: Int) -> Int? {
        let opener = Array("<!--".utf8)
        guard start + opener.count <= bytes.count, Array(bytes[start..<(start + opener.count)]) == opener else {
            return nil
        }
        var index = start + opener.count
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
               bytes[index + 2] == UInt8(ascii: ">") {
                return index + 3
            }
            index += 1
        }
        return bytes.count
    }
}

// MARK: - Link targets

extension HTMLSanitizer {
    /// `value` (an `href` as written, possibly with character references) decoded, when it is safe to link
    /// to; nil for `javascript:`, `data:` and every other scheme not in ``allowedSchemes``.
    ///
    /// Browsers ignore tabs, newlines and control characters inside a scheme (`java&#9;script:` runs), so
    /// those are removed before the scheme is read.
    static func safeLinkTarget(_ value: String) -> String? {
        let decoded = HTMLEntities.decodeReferences(in: value)
        let cleaned = String(String.UnicodeScalarView(decoded.unicodeScalars.filter { $0.value > 0x20 || $0 == " " }))
            .trimmingSpaces()
        guard let colon = cleaned.firstIndex(of: ":") else { return cleaned }
        let beforeColon = cleaned[..<colon]
        // A "/", "?" or "#" before the colon makes it part of a relative path, not a scheme.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return cleaned }
        return allowedSchemes.contains(beforeColon.lowercased()) ? cleaned : nil
    }
}

extension String {
    /// Without leading and trailing spaces (U+0020 only).
    fileprivate func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
