import HoshiCore

/// Reads Little Go's plain-text help format (its MANUAL and ChangeLog) into a ``ManualDocument``.
///
/// The format, as Little Go's `DocumentGenerator` reads it:
///
///     ****************            group separator (a line starting with ***)
///     Quick Help                  group title (the next line)
///     ****************            optional closing separator
///     ----------------            section separator (a line starting with ---)
///     FAQ                         section title
///     ----------------
///     Text before the first       section introduction: paragraphs and lists
///     subsection.
///     ================            subsection separator (a line starting with ===)
///     How do I pass?              subsection title (the next non-blank line)
///     ================            optional
///     - a bullet item             lists: "- " and "1. ", nested by indentation
///       continued                 continuation lines indented like the item text
///
/// - Lines split at `\n`; a trailing `\r` and a UTF-8 byte order mark are ignored.
/// - Without any `***` line the file is one untitled group (the ChangeLog). Lines before the first `***`
///   belong to the first group, and lines after a group title but before its first `---` to its first
///   section (this is where the real MANUAL's table of contents goes).
/// - A section titled exactly "Table of Contents" or "Purpose of this document" is dropped, unless it is the
///   last of its group (Little Go drops it only when a later `---` closes it).
/// - Body text is the author's HTML, sanitized by ``HTMLSanitizer``; addresses become links. Titles are plain
///   text, as Little Go never renders them as HTML.
/// - Paragraphs and lists: see ``ManualBodyRenderer``.
///
/// Reading never fails: every problem is a warning with its location (`path:line:column`, column in
/// UTF-8 bytes, not counting a byte order mark), and the rest is read as the author evidently meant. Pure:
/// no file access, no global state.
public enum ManualReader {
    /// Section titles Little Go does not show.
    static let droppedSectionTitles: Set<String> = ["Table of Contents", "Purpose of this document"]

    /// The document in `text` and the warnings about it.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - path: the file's name as the user should see it in warnings; not opened.
    public static func read(text: String, path: String) -> (document: ManualDocument, diagnostics: [Diagnostic]) {
        read(text: text, path: path, embed: nil)
    }

    /// Reads with `@diagram` lines drawn by `embed` (see `ManualBodyRenderer.Embedder`); without one they are text.
    static func read(text: String, path: String, embed: ManualBodyRenderer.Embedder?) -> (document: ManualDocument, diagnostics: [Diagnostic]) {
        let lines = ManualSourceLine.lines(of: text)
        var diagnostics: [Diagnostic] = []
        let groupScan = ManualSeparatorScanner(level: .group, path: path).scan(lines)
        diagnostics += groupScan.diagnostics

        var rawGroups: [(title: ManualSourceLine?, body: [ManualSourceLine])] = groupScan.blocks.map { ($0.title, $0.body) }
        if rawGroups.isEmpty {
            rawGroups = [(nil, groupScan.preamble)]
        } else {
            rawGroups[0].body = groupScan.preamble + rawGroups[0].body
        }

        var takenSlugs = IdentifierSet()
        var groups: [ManualGroup] = []
        for rawGroup in rawGroups {
            let title = rawGroup.title?.trimmedText
            let line = rawGroup.title?.number ?? 1
            let sections = readSections(
                rawGroup.body, groupTitle: title, groupLine: line, path: path, embed: embed, takenSlugs: &takenSlugs,
                diagnostics: &diagnostics)
            groups.append(ManualGroup(title: title, line: line, sections: sections))
        }
        return (ManualDocument(groups: groups), sortedByLocation(diagnostics))
    }

    // MARK: - Sections

    private static func readSections(
        _ lines: [ManualSourceLine], groupTitle: String?, groupLine: Int, path: String, embed: ManualBodyRenderer.Embedder?,
        takenSlugs: inout IdentifierSet, diagnostics: inout [Diagnostic]
    ) -> [ManualSection] {
        let scan = ManualSeparatorScanner(level: .section, path: path).scan(lines)
        diagnostics += scan.diagnostics
        guard !scan.blocks.isEmpty else {
            if let firstText = scan.preamble.first(where: { !$0.isBlank }) {
                let location = SourceLocation(path: path, line: firstText.number, column: firstText.indentation + 1)
                diagnostics.append(.warning(ManualReaderMessage.textOutsideSections, at: location))
            } else {
                let location = SourceLocation(path: path, line: groupLine, column: 1)
                diagnostics.append(.warning(ManualReaderMessage.noSections(groupTitle: groupTitle), at: location))
            }
            return []
        }
        var blocks = scan.blocks
        blocks[0].body = scan.preamble + blocks[0].body

        var sections: [ManualSection] = []
        for (index, block) in blocks.enumerated() {
            let isClosedByLaterSeparator = index < blocks.count - 1
            if isClosedByLaterSeparator, droppedSectionTitles.contains(block.title.text) { continue }
            sections.append(readSection(block, path: path, embed: embed, takenSlugs: &takenSlugs, diagnostics: &diagnostics))
        }
        return sections
    }

    private static func readSection(
        _ block: ManualSeparatorScanner.Block, path: String, embed: ManualBodyRenderer.Embedder?, takenSlugs: inout IdentifierSet,
        diagnostics: inout [Diagnostic]
    ) -> ManualSection {
        let title = block.title.trimmedText
        let scan = ManualSeparatorScanner(level: .subsection, path: path).scan(block.body)
        diagnostics += scan.diagnostics

        let introduction = ManualBodyRenderer.render(scan.preamble, path: path, embed: embed)
        diagnostics += introduction.diagnostics
        var takenIDs = IdentifierSet()
        var subsections: [ManualSubsection] = []
        for subsectionBlock in scan.blocks {
            let subsectionTitle = readSubsectionTitle(subsectionBlock.title, path: path, diagnostics: &diagnostics)
            let body = ManualBodyRenderer.render(subsectionBlock.body, path: path, embed: embed)
            diagnostics += body.diagnostics
            subsections.append(ManualSubsection(
                title: subsectionTitle.text,
                titleHTML: subsectionTitle.html,
                id: takenIDs.claim(AnchorIdentifier.slug(subsectionTitle.text, fallback: "untitled")),
                line: subsectionBlock.title.number,
                html: body.html,
                plainText: HTMLPlainText.text(fromHTML: body.html)))
        }
        return ManualSection(
            title: title,
            slug: takenSlugs.claim(AnchorIdentifier.slug(title, fallback: "untitled")),
            line: block.title.number,
            introductionHTML: introduction.html,
            introductionText: HTMLPlainText.text(fromHTML: introduction.html),
            subsections: subsections)
    }

    /// A subsection title is HTML in Little Go (it goes into the page), unlike group and section titles.
    private static func readSubsectionTitle(
        _ line: ManualSourceLine, path: String, diagnostics: inout [Diagnostic]
    ) -> (text: String, html: String) {
        let result = HTMLSanitizer(linksAddresses: false).sanitize(line.trimmedText)
        let titleColumn = line.indentation + 1
        for finding in result.findings {
            let location = SourceLocation(path: path, line: line.number, column: titleColumn + finding.offset)
            diagnostics.append(.warning(finding.message, at: location))
        }
        return (HTMLPlainText.text(fromHTML: result.html), result.html)
    }

    /// In file order; findings at the same place keep the order they were found in.
    private static func sortedByLocation(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let firstKey = (first.element.location?.line ?? 0, first.element.location?.column ?? 0, first.offset)
            let secondKey = (second.element.location?.line ?? 0, second.element.location?.column ?? 0, second.offset)
            return firstKey < secondKey
        }.map(\.element)
    }
}
