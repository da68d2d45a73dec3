import Foundation

/// The site's search index, written as `assets/search-index.js` and loaded by every page with a
/// `<script>` tag, because browsers refuse `fetch()` of a JSON file from `file://`. Its name carries no
/// fingerprint: every page links to it and it changes with any text, so one would change every page on every
/// edit. The folder of its text files is named after their content instead.
///
/// The script assigns one object to `hoshiSearchIndex`:
///
/// ```text
/// var hoshiSearchIndex = {
///   "version": 1,
///   "pages": [["docs/guide.html", "Guide"], …],          // output path from the site root, title
///   "targets": [[0, "", "", "Text before …"],             // page number, heading id ("" = the page itself,
///               [0, 0, "Setup", "First …"], …],           //   0 = slug of the title), heading title ("" = page title), excerpt
///   "terms": "0go,2ban,2te,…",                             // sorted, front-coded (CompactEncoding.frontCoded)
///   "postings": "0a3,15,…",                                // per term, its target numbers (CompactEncoding.postings)
///   "stopWords": "an and …",                               // dropped from the index and from queries
///   "texts": "assets/search-text-1a2b3c"                   // folder of the snippet text files, from the root
/// };
/// ```
///
/// Excerpts are short to keep the index small. For snippets around a match anywhere in a section, the page
/// script loads, for the pages in its results only, `<texts>/<page number>.js`, which calls
/// `hoshiSearchText(pageNumber, ["text of the page's first target", …])`.
///
/// A target is a page or one of its level-2/3 sections; a term lists the targets whose title or text
/// holds it. Whether a hit is in a title is not stored: the page script tokenises the titles it already
/// has, which costs less than a second posting list.
public struct SearchIndex: Sendable {
    /// The JavaScript file's text.
    public var script: String
    public var termCount: Int
    public var targetCount: Int
    /// Per page number, the script holding its targets' full text, loaded on demand for snippets.
    public var pageTexts: [String] = []
    /// Output folder of the ``pageTexts`` files.
    public var textFolder = ""

    public var data: Data { Data(script.utf8) }

    /// Path of the file; the template key is `search_index_js`.
    public static let assetPath = "assets/search-index.js"

    /// The files to write besides the index: the snippet texts, one per page.
    public var textFiles: [(path: String, data: Data)] {
        pageTexts.indices.map { number in
            ("\(textFolder)/\(number).js", number < pageTextData.count ? pageTextData[number] : Data(pageTexts[number].utf8))
        }
    }

    /// ``pageTexts`` as bytes, when the builder has them (kept between rebuilds rather than copied again).
    var pageTextData: [Data] = []
}
