import Foundation

/// Builds the ``SearchIndex`` of a site's pages: every word of titles, headings and text, pointing at the
/// page, or at the level-2/3 section or MANUAL subsection that holds it.
///
/// Pages are taken in the order given, so the same site always yields the same file (and fingerprint).
/// The 404 page is left out.
public struct SearchIndexBuilder: Sendable {
    public var parameters: SearchIndexParameters

    public init(parameters: SearchIndexParameters = SearchIndexParameters()) {
        self.parameters = parameters
    }

    public func build(_ pages: [Page]) -> SearchIndex {
        var analyses = SearchIndexAnalyses()
        return build(pages, analyses: &analyses)
    }

    /// The index, analysing only the pages that `analyses` (from an earlier build with the same parameters)
    /// does not hold as they are now; `analyses` is left holding this build's pages.
    func build(_ pages: [Page], analyses kept: inout SearchIndexAnalyses) -> SearchIndex {
        let indexed = pages.filter { $0.layout != "404" }
        // Per page, in parallel: entries, snippet text and terms. Numbering and postings follow in order.
        var analyses = indexed.map { page in kept.byPath[page.outputPath].flatMap { $0.page == page ? $0.analysis : nil } }
        let stale = analyses.indices.filter { analyses[$0] == nil }
        analyses.withUnsafeMutableBufferPointer { buffer in
            let store = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: stale.count) { index in
                store.value[stale[index]] = analyse(indexed[stale[index]])
            }
        }
        for index in stale {
            guard let analysis = analyses[index] else { continue }
            let numbers = analysis.terms.map { kept.vocabulary.number(of: $0) }
            analysis.targetTermNumbers = analysis.targetTermPositions.map { $0.map { numbers[$0] } }
            analysis.terms = []
            analysis.targetTermPositions = []
        }
        let present = analyses.compactMap { $0 }
        // Each page's target entries name its page number: made again only when it changed.
        for (number, analysis) in present.enumerated() where analysis.targetsNumber != number {
            analysis.numberedTargets = analysis.targetEntries.map { "[\(number),\($0)]" }.joined(separator: ",\n")
            analysis.targetsNumber = number
        }
        for index in stale {
            if let analysis = analyses[index] { kept.byPath[indexed[index].outputPath] = (indexed[index], analysis) }
        }
        if kept.byPath.count != present.count {
            let paths = Set(indexed.map(\.outputPath))
            kept.byPath = kept.byPath.filter { paths.contains($0.key) }
        }
        kept.postings.update(present, termCount: kept.vocabulary.count)
        let targets = present.map(\.numberedTargets).filter { !$0.isEmpty }.joined(separator: ",\n")
        // JavaScript compares strings by UTF-16 units; the page script binary-searches in this order.
        let sorted = kept.vocabulary.sortedNumbers().filter { kept.postings.holds($0) }
        let stopWords = parameters.stopWords.sorted().joined(separator: " ")
        // Postings are written in characters that need no escaping (`CompactEncoding.postings`).
        let script = """
            var hoshiSearchIndex = {"version":1,
            "pages":[\(present.map(\.pageEntry).joined(separator: ",\n"))],
            "targets":[\(targets)],
            "terms":\(CompactEncoding.javaScriptString(CompactEncoding.frontCoded(sorted.map(kept.vocabulary.units(of:))))),
            "postings":"\(sorted.map { kept.postings.encoded($0) }.joined(separator: ","))",
            "stopWords":\(CompactEncoding.javaScriptString(stopWords)),
            "texts":\(CompactEncoding.javaScriptString(SearchIndex.textFolder))};

            """
        var index = SearchIndex(script: script, termCount: sorted.count, targetCount: kept.postings.targetCount)
        // Pages with the same texts share one file.
        var named: Set<String> = []
        index.textFiles = present.compactMap { analysis in
            named.insert(analysis.textFile.path).inserted ? analysis.textFile : nil
        }
        return index
    }

    /// What one page contributes to the index, whatever its number. A class, so the analyses kept between
    /// rebuilds are handed around without copying; `build` completes new ones in place.
    final class PageAnalysis {
        var pageEntry: String
        /// Each target's entry after its page number (`0,"Setup","First …"`).
        var targetEntries: [String]
        /// The page's distinct indexed terms, as analysed: the shared vocabulary, which numbers terms one
        /// at a time for the whole site, looks up each once per page rather than once per target.
        var terms: [String]
        /// Each target's distinct terms, as positions in `terms`.
        var targetTermPositions: [[Int]]
        /// Each target's distinct terms by their numbers in ``SearchVocabulary`` (`terms` and
        /// `targetTermPositions` are emptied once numbered).
        var targetTermNumbers: [[Int]] = []
        /// The page's snippet text file, named after its content.
        var textFile: SearchIndex.TextFile
        /// `targetEntries` with the page number `targetsNumber`, as the index lists them.
        var numberedTargets = ""
        var targetsNumber: Int?

        init(pageEntry: String, targetEntries: [String], terms: PageTerms, textFile: SearchIndex.TextFile) {
            self.pageEntry = pageEntry
            self.targetEntries = targetEntries
            self.terms = terms.terms
            self.targetTermPositions = terms.targetPositions
            self.textFile = textFile
        }
    }

    private func analyse(_ page: Page) -> PageAnalysis {
        var targetEntries: [String] = []
        var terms = PageTerms(stopWords: parameters.stopWords)
        var texts: [String] = []
        for section in Self.sections(of: page) {
            let title = section.id == nil ? "" : section.title
            // Collapsed once for both the excerpt and the snippet text.
            let collapsed = Self.collapsingWhitespace(section.text)
            targetEntries.append("\(Self.identifierEntry(section)),"
                + "\(CompactEncoding.javaScriptString(title)),\(CompactEncoding.javaScriptString(excerpt(ofCollapsed: collapsed)))")
            texts.append(CompactEncoding.javaScriptString(Self.snippetText(ofCollapsed: collapsed)))
            var words = SearchTokenizer.terms(in: section.title)
            words += SearchTokenizer.terms(in: section.text)
            if section.id == nil, let description = page.description { words += SearchTokenizer.terms(in: description) }
            terms.addTarget(words)
        }
        let textFile = SearchIndex.TextFile(texts: texts.joined(separator: ",\n"))
        return PageAnalysis(
            pageEntry: "[\(CompactEncoding.javaScriptString(page.outputPath)),\(CompactEncoding.javaScriptString(page.title)),"
                + "\"\(textFile.name)\"]",
            targetEntries: targetEntries, terms: terms, textFile: textFile)
    }

    /// One page's indexed terms, in order of first sight, and each target's as positions among them: a
    /// term is hashed once per occurrence and stop words are looked up once per page.
    struct PageTerms {
        private let stopWords: Set<String>
        /// Each word seen to its position in `terms`, or nil for a stop word.
        private var positions: [String: Int?] = [:]
        private(set) var terms: [String] = []
        private(set) var targetPositions: [[Int]] = []
        /// Per position, the last target that holds the term: a target lists each term once.
        private var lastTarget: [Int] = []

        init(stopWords: Set<String>) {
            self.stopWords = stopWords
        }

        /// Adds the next target, whose words (with repeats) are `words`.
        mutating func addTarget(_ words: [String]) {
            let target = targetPositions.count
            var held: [Int] = []
            for word in words {
                let position: Int?
                if let known = positions[word] {
                    position = known
                } else {
                    position = stopWords.contains(word) ? nil : terms.count
                    positions[word] = position
                    if position != nil {
                        terms.append(word)
                        lastTarget.append(-1)
                    }
                }
                guard let position, lastTarget[position] != target else { continue }
                lastTarget[position] = target
                held.append(position)
            }
            targetPositions.append(held)
        }
    }

    /// The page's sections, always starting with one for the page itself (its title, and the text before
    /// the first section), so every page can be found by its title.
    static func sections(of page: Page) -> [SearchSection] {
        guard !page.searchSections.isEmpty else {
            return [SearchSection(id: nil, title: page.title, text: "")]
        }
        var sections = page.searchSections
        if sections[0].id == nil {
            sections[0].title = page.title
        } else {
            sections.insert(SearchSection(id: nil, title: page.title, text: ""), at: 0)
        }
        return sections
    }

    /// The section's anchor as written in the index: `0` when it is what `slug` in search.js makes of an
    /// ASCII title (most headings; saves a tenth of the index), the id as a string otherwise.
    static func identifierEntry(_ section: SearchSection) -> String {
        guard let id = section.id else { return "\"\"" }
        if section.title.allSatisfy(\.isASCII), AnchorIdentifier.slug(section.title) == id { return "0" }
        return CompactEncoding.javaScriptString(id)
    }

    /// A section's text for snippets (its white space already collapsed), capped so one huge section cannot make a
    /// results list slow to show.
    private static func snippetText(ofCollapsed collapsed: String) -> String {
        let scalars = collapsed.unicodeScalars
        // A text of at most 4,000 bytes has at most 4,000 scalars: most are not counted at all.
        guard collapsed.utf8.count > 4000, let end = scalars.index(scalars.startIndex, offsetBy: 4000, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return collapsed }
        return String(scalars[..<end]) + " …"
    }

    /// The start of `text`, white space collapsed, cut at a word boundary with an ellipsis when shortened.
    func excerpt(of text: String) -> String {
        excerpt(ofCollapsed: Self.collapsingWhitespace(text))
    }

    private func excerpt(ofCollapsed collapsed: String) -> String {
        let scalars = collapsed.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: parameters.excerptLength, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return collapsed }
        let kept = scalars[..<end]
        guard let lastSpace = kept.lastIndex(of: " "), lastSpace > scalars.startIndex else {
            return String(kept) + "…"
        }
        if scalars[end] == " " {
            return String(kept) + " …"
        }
        return String(scalars[..<lastSpace]) + " …"
    }

    /// Runs of ASCII white space as single spaces, none at the ends. Works on bytes: splitting on
    /// `Character.isWhitespace` cost a second on a thousand pages.
    static func collapsingWhitespace(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Per-page analyses of an earlier index build, reused for pages that did not change (`BuildMemory`).
struct SearchIndexAnalyses {
    var byPath: [String: (page: Page, analysis: SearchIndexBuilder.PageAnalysis)] = [:]
    var vocabulary = SearchVocabulary()
    var postings = SearchPostings()
}

/// Every term seen, numbered in order of first sight, so postings are gathered into arrays rather than a
/// dictionary keyed by strings. Terms are told apart by their UTF-16 units, the way the page script
/// compares them.
struct SearchVocabulary {
    private var numbers: [[UInt16]: Int] = [:]
    private var terms: [[UInt16]] = []
    /// Term numbers in the index's order (by UTF-16 units); nil once a new term arrives.
    private var sorted: [Int]?

    var count: Int { terms.count }

    mutating func number(of term: String) -> Int {
        let units = Array(term.utf16)
        if let number = numbers[units] { return number }
        numbers[units] = terms.count
        terms.append(units)
        sorted = nil
        return terms.count - 1
    }

    func units(of number: Int) -> [UInt16] { terms[number] }

    mutating func sortedNumbers() -> [Int] {
        if let sorted { return sorted }
        let order = terms.indices.sorted { terms[$0].lexicographicallyPrecedes(terms[$1]) }
        sorted = order
        return order
    }
}
