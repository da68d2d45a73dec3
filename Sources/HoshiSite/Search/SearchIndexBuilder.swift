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
        var pageEntries: [String] = []
        var targetEntries: [String] = []
        var postings: [String: [Int]] = [:]
        var pageTexts: [String] = []
        for page in pages where page.layout != "404" {
            let pageNumber = pageEntries.count
            var texts: [String] = []
            pageEntries.append("[\(CompactEncoding.javaScriptString(page.outputPath)),\(CompactEncoding.javaScriptString(page.title))]")
            for section in Self.sections(of: page) {
                let target = targetEntries.count
                let title = section.id == nil ? "" : section.title
                targetEntries.append("[\(pageNumber),\(Self.identifierEntry(section)),"
                    + "\(CompactEncoding.javaScriptString(title)),\(CompactEncoding.javaScriptString(excerpt(of: section.text)))]")
                texts.append(CompactEncoding.javaScriptString(Self.snippetText(of: section.text)))
                var words = SearchTokenizer.terms(in: section.title)
                words += SearchTokenizer.terms(in: section.text)
                if section.id == nil, let description = page.description { words += SearchTokenizer.terms(in: description) }
                for term in Set(words) where !parameters.stopWords.contains(term) {
                    postings[term, default: []].append(target)
                }
            }
            pageTexts.append("hoshiSearchText(\(pageNumber),[\(texts.joined(separator: ",\n"))]);\n")
        }
        // Named after their content, so a browser never combines a new index with stale texts.
        let textFolder = "assets/search-text-\(AssetFingerprint.hash(Data(pageTexts.joined().utf8)))"
        // JavaScript compares strings by UTF-16 units; the page script binary-searches in this order.
        let terms = postings.keys.map { Array($0.utf16) }.sorted { $0.lexicographicallyPrecedes($1) }
        let lists = terms.map { CompactEncoding.postings(postings[String(decoding: $0, as: UTF16.self)]!) }
        let stopWords = parameters.stopWords.sorted().joined(separator: " ")
        let script = """
            var hoshiSearchIndex = {"version":1,
            "pages":[\(pageEntries.joined(separator: ",\n"))],
            "targets":[\(targetEntries.joined(separator: ",\n"))],
            "terms":\(CompactEncoding.javaScriptString(CompactEncoding.frontCoded(terms))),
            "postings":\(CompactEncoding.javaScriptString(lists.joined(separator: ","))),
            "stopWords":\(CompactEncoding.javaScriptString(stopWords)),
            "texts":\(CompactEncoding.javaScriptString(textFolder))};

            """
        var index = SearchIndex(script: script, termCount: terms.count, targetCount: targetEntries.count)
        index.pageTexts = pageTexts
        index.textFolder = textFolder
        return index
    }

    /// The page's sections, always starting with one for the page itself (its title, and the text before
    /// the first section), so every page can be found by its title.
    static func sections(of page: Page) -> [SearchSection] {
        guard !page.searchSections.isEmpty else {
            return [SearchSection(id: nil, title: page.title, text: page.plainText)]
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
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.count > 4000 ? String(collapsed.prefix(4000)) + " …" : collapsed
    }

    /// The start of `text`, white space collapsed, cut at a word boundary with an ellipsis when shortened.
    func excerpt(of text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var result = ""
        for word in words {
            if result.count + word.count + 1 > parameters.excerptLength {
                return result.isEmpty ? String(word.prefix(parameters.excerptLength)) + "…" : result + " …"
            }
            result += result.isEmpty ? String(word) : " " + word
        }
        return result
    }
}
