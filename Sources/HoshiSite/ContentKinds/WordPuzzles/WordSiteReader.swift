import Foundation
import HoshiCore

/// Reads the word lists `words.sets` names into Evil Hangman pages: one page per list, with the words of
/// each length in a file of their own (`words-N.js`) that the page loads when a game of that length starts.
///
/// `content/puzzles/words/american-english.txt` becomes `puzzles/words/american-english/index.html` and
/// `puzzles/words/american-english/words-2.js`, ... The list itself is not published.
struct WordSiteReader: ContentKindReader {
    let configuration: WordPuzzlesConfiguration

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        configuration.set(for: file.relativePath) != nil
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        "\(Self.outputFolder(for: file))/index.html"
    }

    /// `puzzles/words/american-english.txt` -> `puzzles/words/american-english`.
    static func outputFolder(for file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "words")
        return file.folder.isEmpty ? name : "\(file.folder)/\(name)"
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var result = ReadContent()
        for file in files {
            guard let set = configuration.set(for: file.relativePath) else { continue }
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                result.diagnostics.append(.error("cannot read file", at: SourceLocation(path: file.displayPath)))
                continue
            }
            let (list, diagnostics) = WordListReader.read([UInt8](data), path: file.displayPath)
            result.diagnostics += diagnostics
            guard !list.words.isEmpty else { continue }
            let folder = Self.outputFolder(for: file)
            let published = HangmanPublishedSet(list: list, set: set, folder: folder, sourcePath: file.displayPath,
                                                navigationID: .wordList(file.relativePath))
            var licenceURL: String?
            if let licence = set.licence {
                if context.files.contains(where: { $0.relativePath == licence }) {
                    licenceURL = SitePath.relativeURL(from: published.indexPath, to: licence)
                } else {
                    result.diagnostics.append(.warning("words.sets licence '\(licence)' is not a file under content/ (nor a "
                                                       + "mount's target); the page names no licence", at: set.location))
                }
            }
            result.pages.append(published.page(licenceURL: licenceURL))
            result.assets += published.wordFiles()
            result.navigationItems.append(NavigationItem(id: published.navigationID, parentID: .folder(file.folder),
                                                         title: published.title, outputPath: published.indexPath))
            result.folders.append(file.folder)
            result.notes.append("\(list.words.count) words in \(folder)/")
        }
        let paths = Set(files.map(\.relativePath))
        for set in configuration.sets where !paths.contains(set.path) {
            result.diagnostics.append(.warning("words.sets names '\(set.path)', which is not a file under content/ "
                                               + "(nor a mount's target)", at: set.location))
        }
        return result
    }
}

extension WordSiteReader {
    /// Word lists are claimed only by the paths `words.sets` names, so they outrank every kind that claims
    /// by extension (a `words.plist` is not a Lights Off set, a `.txt` not a copied file).
    static let registration = ContentKindRegistration(
        name: "words", sections: [SettingsSection.words.erased], claimPriority: ClaimPriority(60),
        pageAssets: PageAssets(layouts: ["hangman"], scripts: ["assets/shared.js", "assets/hangman.js"], styles: ["assets/hangman.css"])
    ) { configuration in WordSiteReader(configuration: configuration[.words]) }
}

extension SettingsSection<WordPuzzlesConfiguration> {
    /// `words:` in hoshi.yml: the word lists published as Evil Hangman pages (see `WordPuzzlesConfiguration`).
    static var words: Self {
        SettingsSection(key: "words", defaultValue: WordPuzzlesConfiguration()) { node, _, path, diagnostics in
            WordPuzzlesConfiguration.parse(node, path: path, into: &diagnostics)
        }
    }
}
