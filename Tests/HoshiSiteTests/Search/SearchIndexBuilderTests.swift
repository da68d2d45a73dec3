import XCTest
@testable import HoshiSite

/// The search index builder and its encodings. templates/assets/search.js decodes what these produce; its
/// tests (Tests/javascript/search.test.js) use the same worked examples.
final class SearchIndexBuilderTests: XCTestCase {
    func testTokenizerFoldsDiacriticsAndSplitsUnicodeWords() {
        XCTAssertEqual(SearchTokenizer.terms(in: "Go's 19x19 board, Über-Regel: Ко́ми!"),
                       ["go", "19x19", "board", "uber", "regel", "коми"])
        XCTAssertEqual(SearchTokenizer.terms(in: "Élan a b"), ["elan"], "single letters are dropped")
    }

    func testASCIITextTakesTheSameWordsAsTheUnicodeRules() {
        // The byte-level tokenizer of ASCII text against a second computation: split at anything but
        // letters and digits, lower-case, drop single characters.
        let text = "A Go board: 19x19, KOMI 6.5; tesuji_shape (B+R) e-mail x Y z9 ZZ"
        let expected = text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            .map { $0.lowercased() }.filter { $0.count > 1 }
        XCTAssertEqual(SearchTokenizer.terms(in: text), expected)
        XCTAssertEqual(expected.first, "go")
    }

    func testTokenizerIndexesCJKAsBigrams() {
        XCTAssertEqual(SearchTokenizer.terms(in: "囲碁規則"), ["囲碁", "碁規", "規則"])
        XCTAssertEqual(SearchTokenizer.terms(in: "komiは6目半"), ["komi", "は", "目半"])
    }

    func testNumbersAndPostingsUseShortDigits() {
        XCTAssertEqual(CompactEncoding.number(0), "0")
        XCTAssertEqual(CompactEncoding.number(63), "-")
        XCTAssertEqual(CompactEncoding.number(64), "#0")
        XCTAssertEqual(CompactEncoding.postings([3, 4, 40, 100]), "31AY")
    }

    func testTermsAreFrontCoded() {
        let terms = ["go", "goban", "gote", "komi"].map { Array($0.utf16) }
        XCTAssertEqual(CompactEncoding.frontCoded(terms), "0go,2ban,2te,0komi")
        // A shared prefix never splits a surrogate pair: 𠀀 and 𠀁 share their lead surrogate.
        XCTAssertEqual(CompactEncoding.frontCoded(["𠀀", "𠀁"].map { Array($0.utf16) }), "0𠀀,0𠀁")
    }

    func testJavaScriptStringsAreEscaped() {
        XCTAssertEqual(CompactEncoding.javaScriptString("a \"b\" \\ </script>\n"), #""a \"b\" \\ \u003c/script>\n""#)
        XCTAssertEqual(CompactEncoding.javaScriptString("plain é 碁"), "\"plain é 碁\"", "nothing to escape")
        XCTAssertEqual(CompactEncoding.javaScriptString("a\u{2028}b\u{2029}\u{2026}\t"), #""a\u2028b\u2029…\u0009""#)
    }

    func testWordsPointAtTheSubsectionHoldingThem() {
        var manual = Page(sourcePath: "content/MANUAL", outputPath: "manual/scoring.html", title: "Scoring",
                          contentHTML: "", navigationID: .manual("MANUAL"))
        manual.searchSections = [
            SearchSection(id: nil, title: "Scoring", text: "How the score is counted."),
            SearchSection(id: "komi", title: "Komi", text: "Komi compensates White."),
            SearchSection(id: "territory-2", title: "Territory", text: "Count the points."),
        ]
        var notFound = Page(sourcePath: "404", outputPath: "404.html", title: "Page not found", contentHTML: "", navigationID: .notInNavigation)
        notFound.layout = "404"
        var home = Page(sourcePath: "content/index.md", outputPath: "index.html", title: "Home", contentHTML: "", navigationID: .root)
        home.searchSections = [SearchSection(id: nil, title: "", text: "Welcome, points.")]
        let index = SearchIndexBuilder().build([home, manual, notFound])
        XCTAssertEqual(index.targetCount, 4)
        XCTAssertTrue(index.script.hasPrefix("var hoshiSearchIndex = {"))
        XCTAssertTrue(index.script.contains(#"[["index.html","Home",""#))
        XCTAssertFalse(index.script.contains("404.html"))
        XCTAssertTrue(index.script.contains(#"[1,0,"Komi","Komi compensates White."]"#), "slug ids are written as 0")
        XCTAssertTrue(index.script.contains(#"[1,"territory-2","Territory","#), "other ids are written out")
        // Targets: 0 home, 1 scoring, 2 komi, 3 territory. Sorted terms and their postings:
        let terms = ["compensates", "count", "counted", "home", "komi", "points", "score", "scoring", "territory", "welcome", "white"]
        XCTAssertEqual(index.termCount, terms.count, "stop words such as 'the' and 'how' are left out")
        XCTAssertTrue(index.script.contains(#""terms":"0compensates,2unt,5ed,0home,0komi,0points,0score,4ing,0territory,0welcome,1hite""#))
        XCTAssertTrue(index.script.contains(#""postings":"2,3,1,0,2,03,1,1,3,0,2""#), index.script)
    }

    func testExcerptsEndAtAWordBoundary() {
        var parameters = SearchIndexParameters()
        parameters.excerptLength = 12
        let builder = SearchIndexBuilder(parameters: parameters)
        XCTAssertEqual(builder.excerpt(of: "one  two\nthree four"), "one two …")
        XCTAssertEqual(builder.excerpt(of: "short"), "short")
    }

    func testMarkdownSectionsSplitAtLevelTwoAndThreeHeadings() {
        let document = MarkdownRenderer().render("# Title\n\nIntro text.\n\n## Setup\n\nSetup text.\n\n#### Detail\n\nMore.\n\n### Next step\n\nLast.\n",
                                                 path: "a.md", lineOffset: 0) { _, _ in nil }
        XCTAssertEqual(document.searchSections.map(\.id), [nil, "setup", "next-step"])
        XCTAssertEqual(document.searchSections.map(\.title), ["", "Setup", "Next step"])
        XCTAssertEqual(document.searchSections.map { $0.text.trimmingCharacters(in: .whitespaces) },
                       ["Intro text.", "Setup text. Detail More.", "Last."])
    }

    func testSnippetTextsFollowEachPagesTargets() throws {
        var first = Page(sourcePath: "a.md", outputPath: "a.html", title: "A", contentHTML: "", navigationID: .page("a.md"))
        first.searchSections = [
            SearchSection(id: nil, title: "", text: "intro   text"),
            SearchSection(id: "rules", title: "Rules", text: "komi\nis 6.5"),
        ]
        let second = Page(sourcePath: "b.md", outputPath: "b.html", title: "B", contentHTML: "", navigationID: .page("b.md"))
        let third = Page(sourcePath: "c.md", outputPath: "c.html", title: "C", contentHTML: "", navigationID: .page("c.md"))
        let index = SearchIndexBuilder().build([first, second, third])
        let names = try textFileNames(in: index)
        XCTAssertEqual(names.count, 3)
        XCTAssertEqual(names[1], names[2], "pages with the same texts share a file")
        XCTAssertNotEqual(names[0], names[1])
        let scripts = Dictionary(uniqueKeysWithValues: index.textFiles.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
        XCTAssertEqual(scripts.count, 2)
        XCTAssertEqual(scripts["assets/search-text/\(names[0]).js"], "hoshiSearchText(\"\(names[0])\",[\"intro text\",\n\"komi is 6.5\"]);\n")
        XCTAssertEqual(scripts["assets/search-text/\(names[1]).js"], "hoshiSearchText(\"\(names[1])\",[\"\"]);\n")
        XCTAssertTrue(index.script.contains("\"texts\":\"assets/search-text\""))

        // An edit to one page renames its file alone.
        first.searchSections[1].text = "komi is 7.5"
        let edited = try textFileNames(in: SearchIndexBuilder().build([first, second, third]))
        XCTAssertNotEqual(edited[0], names[0])
        XCTAssertEqual(Array(edited[1...]), Array(names[1...]))
    }

    /// A rebuild keeps each page's analysis and updates the term lists for the pages that changed; after
    /// any series of edits its index must be, byte for byte, the index built from nothing.
    func testIndexKeptAcrossEditsEqualsAFreshIndex() {
        var generator = SplitMix(seed: 7)
        let words = ["komi", "seki", "ko", "ladder", "net", "eye", "atari", "hane", "tesuji", "joseki", "moyo", "sente"]
        func text() -> String {
            (0..<(2 + generator.next(below: 6))).map { _ in words[generator.next(below: words.count)] }.joined(separator: " ")
        }
        func page(_ number: Int) -> Page {
            var page = Page(sourcePath: "p\(number).md", outputPath: "p\(number).html", title: "Page \(number) \(text())",
                            contentHTML: "", navigationID: .page("p\(number).md"))
            page.searchSections = (0..<(1 + generator.next(below: 3))).map { section in
                SearchSection(id: section == 0 ? nil : "s\(section)", title: section == 0 ? "" : text(), text: text())
            }
            return page
        }
        var pages = (0..<20).map(page)
        var kept = SearchIndexAnalyses()
        let builder = SearchIndexBuilder()
        for round in 0..<60 {
            let index = builder.build(pages, analyses: &kept)
            let fresh = builder.build(pages)
            XCTAssertEqual(index.script, fresh.script, "round \(round)")
            XCTAssertEqual(index.textFiles.map(\.path), fresh.textFiles.map(\.path), "round \(round)")
            // Edit: mostly a section's text (the lists are updated in place), sometimes a page's sections,
            // a page added or removed.
            let target = generator.next(below: pages.count)
            switch generator.next(below: 10) {
            case 0: pages.insert(page(100 + round), at: target)
            case 1 where pages.count > 2: pages.remove(at: target)
            case 2: pages[target] = page(200 + round)
            default:
                let section = generator.next(below: pages[target].searchSections.count)
                pages[target].searchSections[section].text = text()
            }
        }
    }

    /// A small deterministic generator, so a failing round can be replayed.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(bound))
        }
    }

    /// The text file each page entry of the index names, read from the script's JSON.
    private func textFileNames(in index: SearchIndex) throws -> [String] {
        let start = try XCTUnwrap(index.script.firstIndex(of: "{"))
        let end = try XCTUnwrap(index.script.lastIndex(of: "}"))
        let json = index.script[start...end]
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pages = try XCTUnwrap(object["pages"] as? [[String]])
        return pages.map { $0.count > 2 ? $0[2] : "" }
    }
}
