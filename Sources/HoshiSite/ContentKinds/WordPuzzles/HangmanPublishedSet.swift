import Foundation
import HoshiCore

/// One word list as its Evil Hangman page publishes it: the page (the game's shell, which hangman.js fills,
/// the per-length analysis and the credits) and the per-length word files.
struct HangmanPublishedSet {
    let list: WordList
    let options: WordPuzzlesConfiguration.WordSet
    let folder: String
    let sourcePath: String
    let navigationID: NavigationID
    /// Per length, shortest first: the words, front-coded, and the analysis.
    let lengths: [(length: Int, words: [String], analysis: HangmanAnalysis)]

    /// `lengths`: the list's words grouped by length, shortest first, each with its analysis (the engine work
    /// phase's, `WordAnalysisComputer`).
    init(list: WordList, lengths: [(length: Int, words: [String], analysis: HangmanAnalysis)], set: WordPuzzlesConfiguration.WordSet,
         folder: String, sourcePath: String, navigationID: NavigationID) {
        self.list = list
        self.lengths = lengths
        options = set
        self.folder = folder
        self.sourcePath = sourcePath
        self.navigationID = navigationID
    }

    var indexPath: String {
        "\(folder)/index.html"
    }

    var title: String {
        options.title ?? "Evil Hangman"
    }

    static func wordFileName(length: Int) -> String {
        "words-\(length).js"
    }

    /// The length of the first game: the configured one when the list has words of it, else the most common.
    var defaultLength: Int {
        if let length = options.length, lengths.contains(where: { $0.length == length }) { return length }
        return lengths.max { ($0.words.count, $1.length) < ($1.words.count, $0.length) }?.length ?? 1
    }

    func wordFiles() -> [OutputFile] {
        lengths.map { entry in
            let script = "(self.hoshiHangmanWords = self.hoshiHangmanWords || {})[\(entry.length)] = \""
                + WordFrontCoding.encode(entry.words) + "\";\n"
            return OutputFile(path: "\(folder)/\(Self.wordFileName(length: entry.length))", contents: .data(Data(script.utf8)))
        }
    }

    func page(licenceURL: String?) -> Page {
        let lengthList = lengths.map { String($0.length) }.joined(separator: ",")
        var html = "<div class=\"hangman\" data-hangman-set=\"\(HTMLText.escape(navigationID.description))\" data-words-base=\"\" "
            + "data-lengths=\"\(lengthList)\" data-default-length=\"\(defaultLength)\" data-default-guesses=\"\(options.guesses)\" "
            + "data-default-evil=\"\(options.isEvil)\">\n"
        html += "<p class=\"hangman-intro\">Guess the word one letter at a time, on the keys below or your keyboard. "
            + (options.isEvil
                ? "Beware: the computer cheats. It never commits to a word, and answers each guess so as to keep as many "
                    + "words possible as it can."
                : "The computer picks a word at the start of each game; switch on Evil in the settings to let it cheat.")
            + "</p>\n"
        html += "<p class=\"hangman-noscript\">This game runs in your browser and needs JavaScript.</p>\n"
        html += "<div class=\"hangman-play\" hidden></div>\n</div>\n"
        html += analysisHTML()
        html += creditsHTML(licenceURL: licenceURL)
        var page = Page(sourcePath: sourcePath, outputPath: indexPath, title: title, contentHTML: html, navigationID: navigationID)
        page.layout = "hangman"
        page.description = "Evil Hangman on \(list.words.count) words"
        page.searchSections = [SearchSection(id: nil, title: title, text: "Evil Hangman word game \(list.words.count) words")]
        return page
    }

    private func analysisHTML() -> String {
        var html = "<section class=\"hangman-analysis\">\n<h2>The words</h2>\n"
        html += "<p>\(WordListReader.grouped(list.words.count)) words of \(lengths.first?.length ?? 0) to "
            + "\(lengths.last?.length ?? 0) letters. The last column is the fewest wrong guesses with which a perfect "
            + "player, who knows every word and the computer’s rule, beats the evil computer whatever its tie-breaks "
            + "(allow one more wrong guess than that to win); “at least” where the search stopped at its budget.</p>\n"
        html += "<table class=\"hangman-analysis-table\">\n<thead><tr><th scope=\"col\">Length</th><th scope=\"col\">Words</th>"
            + "<th scope=\"col\">Fewest wrong guesses</th></tr></thead>\n<tbody>\n"
        for entry in lengths {
            html += "<tr data-length=\"\(entry.length)\"><td>\(entry.length)</td><td>\(WordListReader.grouped(entry.words.count))</td>"
                + "<td>\(entry.analysis.text)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    private func creditsHTML(licenceURL: String?) -> String {
        guard options.credit != nil || licenceURL != nil else { return "" }
        var html = "<section class=\"hangman-credits\">\n<h2>Credits</h2>\n"
        if let credit = options.credit { html += "<p>\(HTMLText.escape(credit))</p>\n" }
        if let licenceURL { html += "<p><a href=\"\(HTMLText.escape(licenceURL))\">The word list’s licence</a></p>\n" }
        return html + "</section>\n"
    }
}
