import Foundation
import HoshiCore

/// Reads the word lists `words.sets` names into Evil Hangman pages: one page per list, with the words of
/// each length in a file of their own (`words-N.js`) that the page loads when a game of that length starts.
///
/// `content/puzzles/words/american-english.txt` becomes `puzzles/words/american-english/index.html` and
/// `puzzles/words/american-english/words-2.js`, ... The list itself is not published.
///
/// The analysis printed on the page (`HangmanAnalysis`, per word length) is the reader's engine work
/// (`RequestsEngineWork`): planned per length from the list read once per build (`listStep`), found in the
/// word analysis cache or computed by the engine work phase (`WordAnalysisComputer`), so a build in a new
/// process reads a second's analysis from `.hoshi-cache/word-analyses/`.
struct WordSiteReader: ContentKindReader, RequestsEngineWork {
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
            let read = readList(file, set: set, in: context)
            result.diagnostics += read.diagnostics
            guard let list = read.list, !list.words.isEmpty else { continue }
            let folder = Self.outputFolder(for: file)
            // The engine work phase had every job of this step's result; analysing here is never needed, but
            // keeps the page whole should a job ever be missed.
            let lengths = read.jobs.map { length, job in
                (length, job.words, context.engineResults.wordAnalyses.analysis(of: job) ?? job.analyse())
            }
            let published = HangmanPublishedSet(list: list, lengths: lengths, set: set, folder: folder, sourcePath: file.displayPath,
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
    /// The analysis of every length of every list `words.sets` names (nothing computed here).
    func engineWork(for files: [ContentFile], in context: ReadingContext) -> EngineWork {
        var work = EngineWork()
        for file in files {
            guard let set = configuration.set(for: file.relativePath) else { continue }
            work.wordAnalyses += readList(file, set: set, in: context).jobs.map(\.job)
        }
        return work
    }

    /// A list as read, with the analysis job of each length, shortest first.
    struct ReadList {
        /// Nil when the file cannot be read.
        var list: WordList?
        var diagnostics: [Diagnostic]
        var jobs: [(length: Int, job: WordAnalysisJob)] = []
    }

    /// What the list step reads besides the file's bytes.
    struct ListInputs: Equatable {
        /// The path its diagnostics name.
        var displayPath: String
        var analysisBudget: Int
    }

    /// The per-file step reading a list, kept in the build memory (`ReadStepMemory`): the engine work phase
    /// and the read phase both ask for it, and `hoshi serve` reads a list again only when its bytes changed.
    static let listStep = ReadStep<ListInputs, ReadList>("word list")

    private func readList(_ file: ContentFile, set: WordPuzzlesConfiguration.WordSet, in context: ReadingContext) -> ReadList {
        let inputs = ListInputs(displayPath: file.displayPath, analysisBudget: set.analysisBudget)
        return context.result(of: Self.listStep, for: file, inputs: inputs) {
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                return ReadList(list: nil, diagnostics: [.error("cannot read file", at: SourceLocation(path: file.displayPath))])
            }
            let (list, diagnostics) = WordListReader.read([UInt8](data), path: file.displayPath)
            let byLength = Dictionary(grouping: list.words, by: \.utf8.count)
            let jobs = byLength.keys.sorted().map { length in
                (length, WordAnalysisJob(words: byLength[length] ?? [], length: length, budget: set.analysisBudget))
            }
            return ReadList(list: list, diagnostics: diagnostics, jobs: jobs)
        }
    }

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
