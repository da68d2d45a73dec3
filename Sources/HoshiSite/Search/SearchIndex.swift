import Foundation

/// The site's search index, written as `assets/search-index.js`. The page script adds a `<script>` tag for
/// it on first use of the search box (browsers refuse `fetch()` of a JSON file from `file://`), so pages
/// that nobody searches from do not load it. Its name carries no fingerprint: every page names it and it
/// changes with any text, so one would change every page on every edit. Its text files are named after their
/// content instead.
///
/// The script assigns one object to `hoshiSearchIndex`:
///
/// ```text
/// var hoshiSearchIndex = {
///   "version": 1,
///   "pages": [["docs/guide.html", "Guide", "9f3c…"], …], // output path from the site root, title, text file
///   "targets": [[0, "", "", "Text before …"],             // page number, heading id ("" = the page itself,
///               [0, 0, "Setup", "First …"], …],           //   0 = slug of the title), heading title ("" = page title), excerpt
///   "terms": "0go,2ban,2te,…",                             // sorted, front-coded (CompactEncoding.frontCoded)
///   "postings": "0a3,15,…",                                // per term, its target numbers (CompactEncoding.postings)
///   "stopWords": "an and …",                               // dropped from the index and from queries
///   "texts": "assets/search-text"                          // folder of the snippet text files, from the root
/// };
/// ```
///
/// Excerpts are short to keep the index small. For snippets around a match anywhere in a section, the page
/// script loads, for the pages in its results only, `<texts>/<text file>.js`, which calls
/// `hoshiSearchText("<text file>", ["text of the page's first target", …])`. Text files are named after
/// their content, so a rebuild after an edit writes the edited page's file alone.
///
/// A target is a page or one of its level-2/3 sections; a term lists the targets whose title or text
/// holds it. Whether a hit is in a title is not stored: the page script tokenises the titles it already
/// has, which costs less than a second posting list; whether it is the exact word or a longer one starting
/// with what is typed, it tells from the sorted terms. Ranking by both (search.js, `RANK`) needs nothing more
/// in the index.
public struct SearchIndex: Sendable {
    /// The JavaScript file's text.
    public var script: String
    public var termCount: Int
    public var targetCount: Int
    /// The files to write besides the index: each page's snippet texts, loaded on demand.
    public var textFiles: [TextFile] = []

    public var data: Data { Data(script.utf8) }

    /// Path of the file; the template key is `search_index_js`.
    public static let assetPath = "assets/search-index.js"
    /// Folder of the ``textFiles``.
    public static let textFolder = "assets/search-text"

    /// The full text of one page's targets, in a script named after its content: an edit to a page changes
    /// its file alone, and a browser holding an old index never pairs it with newer texts.
    public struct TextFile: Sendable {
        /// The file's name without `.js` (a hash of the texts), as the page's index entry names it.
        public let name: String
        public let data: Data

        /// `texts`: the page's targets' texts, as JavaScript strings separated by `,\n`.
        init(texts: String) {
            name = AssetFingerprint.name(of: AssetFingerprint.fnv1a(Data(texts.utf8)))
            data = Data("hoshiSearchText(\"\(name)\",[\(texts)]);\n".utf8)
        }

        public var path: String { "\(SearchIndex.textFolder)/\(name).js" }
    }
}
