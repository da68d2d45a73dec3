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
            analysis.targetTermNumbers = analysis.targetTerms.map { $0.map { kept.vocabulary.number(of: $0) } }
            analysis.targetTerms = []
        }
        // Each page's text file and target entries name its page number: made again only when it changed.
        for (number, analysis) in analyses.enumerated() {
            guard let analysis, analysis.textFile?.number != number else { continue }
            let script = "hoshiSearchText(\(number),[\(analysis.texts)]);\n"
            let data = Data(script.utf8)
            analysis.textFile = (number, script, data, AssetFingerprint.fnv1a(data))
            analysis.numberedTargets = analysis.targetEntries.map { "[\(number),\($0)]" }.joined(separator: ",\n")
        }
        kept.byPath = [:]
        for (page, analysis) in zip(indexed, analyses) {
            if let analysis { kept.byPath[page.outputPath] = (page, analysis) }
        }
        var targetCount = 0
        var postings = [[Int]](repeating: [], count: kept.vocabulary.count)
        for analysis in analyses {
            guard let analysis else { continue }
            for terms in analysis.targetTermNumbers {
                for term in terms { postings[term].append(targetCount) }
                targetCount += 1
            }
        }
        let targets = analyses.compactMap { $0?.numberedTargets }.filter { !$0.isEmpty }.joined(separator: ",\n")
        let textFiles = analyses.map { $0?.textFile }
        // Named after their content (a hash of the files' hashes), so a browser never combines a new index
        // with stale texts.
        var folderHash = AssetFingerprint.fnv1a(Data())
        for file in textFiles {
            withUnsafeBytes(of: (file?.hash ?? 0).littleEndian) { bytes in
                folderHash = AssetFingerprint.fnv1a(Data(bytes), continuing: folderHash)
            }
        }
        let textFolder = "assets/search-text-\(AssetFingerprint.name(of: folderHash))"
        // JavaScript compares strings by UTF-16 units; the page script binary-searches in this order.
        let sorted = kept.vocabulary.sortedNumbers().filter { !postings[$0].isEmpty }.map {
            (kept.vocabulary.units(of: $0), postings[$0])
        }
        let stopWords = parameters.stopWords.sorted().joined(separator: " ")
        let script = """
            var hoshiSearchIndex = {"version":1,
            "pages":[\(analyses.map { $0?.pageEntry ?? "" }.joined(separator: ",\n"))],
            "targets":[\(targets)],
            "terms":\(CompactEncoding.javaScriptString(CompactEncoding.frontCoded(sorted.map(\.0)))),
            "postings":\(CompactEncoding.javaScriptString(sorted.map { kept.vocabulary.encoded($0.1, term: $0.0) }.joined(separator: ","))),
            "stopWords":\(CompactEncoding.javaScriptString(stopWords)),
            "texts":\(CompactEncoding.javaScriptString(textFolder))};

            """
        var index = SearchIndex(script: script, termCount: sorted.count, targetCount: targetCount)
        index.pageTexts = textFiles.map { $0?.script ?? "" }
        index.pageTextData = textFiles.map { $0?.data ?? Data() }
        index.textFolder = textFolder
        return index
    }

    /// What one page contributes to the index, whatever its number. A class, so the analyses kept between
    /// rebuilds are handed around without copying; `build` completes new ones in place.
    final class PageAnalysis {
        var pageEntry: String
        /// Each target's entry after its page number (`0,"Setup","First …"`).
        var targetEntries: [String]
        /// Distinct indexed terms of each target, as analysed.
        var targetTerms: [[String]]
        /// The same by their numbers in ``SearchVocabulary`` (`targetTerms` is emptied once numbered).
        var targetTermNumbers: [[Int]] = []
        /// The texts of the page's snippet text file, as JavaScript strings separated by `,\n`.
        var texts: String
        /// The snippet text file for the page number it was made for, and the hash of its bytes.
        var textFile: (number: Int, script: String, data: Data, hash: UInt64)?
        /// `targetEntries` with that page number, as the index lists them.
        var numberedTargets = ""

        init(pageEntry: String, targetEntries: [String], targetTerms: [[String]], texts: String) {
            self.pageEntry = pageEntry
            self.targetEntries = targetEntries
            self.targetTerms = targetTerms
            self.texts = texts
        }
    }

    private func analyse(_ page: Page) -> PageAnalysis {
        let analysis = PageAnalysis(
            pageEntry: "[\(CompactEncoding.javaScriptString(page.outputPath)),\(CompactEncoding.javaScriptString(page.title))]",
            targetEntries: [], targetTerms: [], texts: "")
        var texts: [String] = []
        for section in Self.sections(of: page) {
            let title = section.id == nil ? "" : section.title
            analysis.targetEntries.append("\(Self.identifierEntry(section)),"
                + "\(CompactEncoding.javaScriptString(title)),\(CompactEncoding.javaScriptString(excerpt(of: section.text)))")
            texts.append(CompactEncoding.javaScriptString(Self.snippetText(of: section.text)))
            var words = SearchTokenizer.terms(in: section.title)
            words += SearchTokenizer.terms(in: section.text)
            if section.id == nil, let description = page.description { words += SearchTokenizer.terms(in: description) }
            analysis.targetTerms.append(Set(words).subtracting(parameters.stopWords).sorted())
        }
        analysis.texts = texts.joined(separator: ",\n")
        return analysis
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

    /// A section's text for snippets: white space collapsed, capped so one huge section cannot make a
    /// results list slow to show.
    static func snippetText(of text: String) -> String {
        let collapsed = collapsingWhitespace(text)
        let scalars = collapsed.unicodeScalars
        guard scalars.count > 4000 else { return collapsed }
        return String(String.UnicodeScalarView(scalars.prefix(4000))) + " …"
    }

    /// The start of `text`, white space collapsed, cut at a word boundary with an ellipsis when shortened.
    func excerpt(of text: String) -> String {
        let collapsed = Self.collapsingWhitespace(text)
        let scalars = Array(collapsed.unicodeScalars.prefix(parameters.excerptLength + 1))
        guard scalars.count > parameters.excerptLength else { return collapsed }
        let kept = scalars.prefix(parameters.excerptLength)
        guard let lastSpace = kept.lastIndex(of: " "), lastSpace > 0 else {
            return String(String.UnicodeScalarView(kept)) + "…"
        }
        if scalars[parameters.excerptLength] == " " {
            return String(String.UnicodeScalarView(kept)) + " …"
        }
        return String(String.UnicodeScalarView(kept[..<lastSpace])) + " …"
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

    /// Each term's last encoded postings: most terms' postings are the same from one rebuild to the next.
    private var encodings: [[UInt16]: (postings: [Int], text: String)] = [:]

    /// `CompactEncoding.postings(postings)`, reused when the term's postings are those of the last call.
    mutating func encoded(_ postings: [Int], term: [UInt16]) -> String {
        if let kept = encodings[term], kept.postings == postings { return kept.text }
        let text = CompactEncoding.postings(postings)
        encodings[term] = (postings, text)
        return text
    }

    mutating func sortedNumbers() -> [Int] {
        if let sorted { return sorted }
        let order = terms.indices.sorted { terms[$0].lexicographicallyPrecedes(terms[$1]) }
        sorted = order
        return order
    }
}
