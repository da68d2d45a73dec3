import Foundation
import HoshiCore

/// Reads Go problems (tsumego): SGF files named in `hoshi.yml`'s `problems:` (files, or folders of them),
/// and SGF files whose first root looks like a problem (`ProblemFinder.looksLikeProblem`: setup stones,
/// `PL`, no players or result). Registered before the game reader, so such files become problem pages
/// instead of game pages.
///
/// A folder's one-problem files make one set; a file with several problems (several games, or one root
/// with a branch per problem) is a set of its own (see `ProblemSet`). Each set gets an index page and a
/// page per problem; the build summary says how many problems were found where.
struct ProblemSiteReader: ContentKindReader {
    /// Content paths from `hoshi.yml`, without trailing slashes.
    let configuredPaths: [String]
    /// Each problem file parsed once for claiming, link targets and reading.
    private let parsedFiles = ParsedProblemFiles()

    init(configuredPaths: [String]) {
        self.configuredPaths = configuredPaths.map { path in
            var trimmed = path
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            return trimmed
        }
    }

    func claims(_ file: ContentFile) -> Bool {
        guard file.lowercasedExtension == "sgf" else { return false }
        return isConfigured(file) || parsedFiles.looksLikeProblem(file)
    }

    func linkTarget(for file: ContentFile) -> String? {
        problemCount(in: file) > 1 ? Self.fileSetFolder(for: file) + "/index.html" : Self.pagePath(forSingle: file)
    }

    private func isConfigured(_ file: ContentFile) -> Bool {
        configuredPaths.contains { $0.isEmpty || file.relativePath == $0 || file.relativePath.hasPrefix($0 + "/") }
    }

    private func problemCount(in file: ContentFile) -> Int {
        parsedFiles.parse(file)?.games.reduce(0) { $0 + ProblemFinder.starts(in: $1).count } ?? 0
    }

    /// `classics/hatsuyoron.sgf` -> `classics/hatsuyoron`: the folder of a file set's pages.
    static func fileSetFolder(for file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "problems")
        return file.folder.isEmpty ? name : "\(file.folder)/\(name)"
    }

    /// `problems/corner.sgf` -> `problems/corner.html`.
    static func pagePath(forSingle file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "problem")
        return file.folder.isEmpty ? "\(name).html" : "\(file.folder)/\(name).html"
    }

    // MARK: - Reading

    /// A file's problems as read, before they are grouped into sets.
    private struct ReadFile {
        var file: ContentFile
        var games: [GameTree]
        /// Each game replayed once, however many problems it holds.
        var positions: [GamePositions]
        /// (game index, start node) of each problem.
        var starts: [(game: Int, start: Node.ID)]
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var content = ReadContent()
        var singles: [ReadFile] = []
        var fileSets: [FileSetContent] = []
        for file in files {
            // The source stays published beside the pages, for download.
            content.assets.append(OutputFile(path: file.relativePath, contents: .copy(file.url)))
            // The file alone decides what it becomes: only its bytes (and where it is) are the step's inputs.
            let result = context.fileResult(of: Self.fileStep, for: file, inputs: file) { readFile(file) }
            content.diagnostics += result.diagnostics
            if let single = result.single { singles.append(single) }
            if let set = result.set { fileSets.append(set) }
        }
        let allPaths = Set(context.files.map(\.relativePath))
        var sets: [FileSetContent] = []
        for (folder, group) in Dictionary(grouping: singles, by: \.file.folder).sorted(by: { $0.key < $1.key }) {
            sets.append(FileSetContent(folderSet(folder, files: group, allPaths: allPaths)))
        }
        sets += fileSets
        for set in sets { content.append(set.content) }
        if !sets.isEmpty {
            let total = sets.reduce(0) { $0 + $1.problemCount }
            content.notes.append("\(total) problem\(total == 1 ? "" : "s") (\(sets.map(\.place).joined(separator: ", ")))")
        }
        return content
    }

    // MARK: - One file

    /// Name of the per-file step in `FileReadMemo`.
    static let fileStep = "problem file"

    /// What one file becomes: its diagnostics, and either a one-problem file (published in its folder's
    /// set) or the pages of the set it holds.
    private struct FileResult {
        var diagnostics: [Diagnostic] = []
        var single: ReadFile?
        var set: FileSetContent?
    }

    /// A set's pages and navigation entries, and how the build summary counts it.
    private struct FileSetContent {
        var content = ReadContent()
        var problemCount: Int
        /// Where its problems are, for the summary (`problems/`, `classics/hatsuyoron.sgf`).
        var place: String

        init(_ set: ProblemSet) {
            let pages = ProblemSetPages(set: set)
            content.pages = pages.pages()
            content.navigationItems = pages.navigationItems()
            content.folders = [set.folder]
            if set.isFolderLanding {
                content.folderLandings[set.folder] = FolderLanding(title: set.title, outputPath: set.indexPath, order: nil)
            }
            problemCount = set.problems.count
            place = "\(set.problems.count) in \(set.downloadPath ?? (set.folder.isEmpty ? "content" : set.folder + "/"))"
        }
    }

    private func readFile(_ file: ContentFile) -> FileResult {
        var result = FileResult()
        guard let parsed = parsedFiles.parse(file) else {
            result.diagnostics.append(.error("cannot read file", at: SourceLocation(path: file.displayPath)))
            return result
        }
        result.diagnostics += parsed.diagnostics.map(\.asWarning)
        var starts: [(game: Int, start: Node.ID)] = []
        for (index, game) in parsed.games.enumerated() {
            starts += ProblemFinder.starts(in: game).map { (index, $0) }
        }
        guard !starts.isEmpty else {
            result.diagnostics.append(.warning("no problem could be read from this file; it is published for download only",
                                               at: SourceLocation(path: file.displayPath)))
            return result
        }
        let positions = parsed.games.map(GamePositions.init(game:))
        result.diagnostics += positions.flatMap(\.diagnostics).map(\.asWarning)
        let readFile = ReadFile(file: file, games: parsed.games, positions: positions, starts: starts)
        if starts.count == 1 {
            result.single = readFile
        } else {
            result.set = FileSetContent(fileSet(readFile))
        }
        return result
    }

    private func folderSet(_ folder: String, files: [ReadFile], allPaths: Set<String>) -> ProblemSet {
        let prefix = folder.isEmpty ? "" : "\(folder)/"
        let hasIndex = allPaths.contains("\(prefix)index.md") || allPaths.contains("\(prefix)index.markdown")
        let name = folder.split(separator: "/").last.map(String.init) ?? "Problems"
        let indexPath = "\(prefix)\(hasIndex ? "problems" : "index").html"
        var set = ProblemSet(title: PageTitle.fromFileName(name), introduction: nil, indexPath: indexPath, isFolderLanding: !hasIndex,
                             navigationID: hasIndex ? .problemSet(folder) : .folder(folder),
                             parentNavigationID: .folder(folder), folder: folder, sourcePath: "content/\(folder)",
                             downloadPath: nil, problems: [])
        for readFile in files.sorted(by: { $0.file.relativePath < $1.file.relativePath }) {
            guard let (gameIndex, start) = readFile.starts.first else { continue }
            let game = readFile.games[gameIndex]
            set.problems.append(problem(game: game, positions: readFile.positions[gameIndex], start: start, number: set.problems.count + 1,
                                        name: game[start].name ?? game.gameInfo.gameName, file: readFile.file, numberInFile: 1,
                                        outputPath: Self.pagePath(forSingle: readFile.file), setID: set.id))
        }
        return set
    }

    private func fileSet(_ readFile: ReadFile) -> ProblemSet {
        let file = readFile.file
        let folder = Self.fileSetFolder(for: file)
        let firstGame = readFile.games.first
        let isCollection = readFile.games.count == 1
        var set = ProblemSet(title: firstGame?.gameInfo.gameName ?? PageTitle.fromFileName(file.stem),
                             introduction: isCollection ? firstGame?.root.comment : nil,
                             indexPath: "\(folder)/index.html", isFolderLanding: false, navigationID: .problemSet(file.relativePath),
                             parentNavigationID: .folder(file.folder), folder: file.folder, sourcePath: file.displayPath,
                             downloadPath: file.relativePath, problems: [])
        for (index, (gameIndex, start)) in readFile.starts.enumerated() {
            let game = readFile.games[gameIndex]
            set.problems.append(problem(game: game, positions: readFile.positions[gameIndex], start: start, number: index + 1, name: game[start].name, file: file,
                                        numberInFile: index + 1, outputPath: "\(folder)/\(index + 1).html", setID: set.id))
        }
        return set
    }

    private func problem(game: GameTree, positions: GamePositions, start: Node.ID, number: Int, name: String?, file: ContentFile,
                         numberInFile: Int, outputPath: String, setID: String) -> PublishedProblem {
        let analysis = ProblemAnalysis(game: game, start: start, positions: positions)
        return PublishedProblem(number: number, name: name.map(GameText.clean), game: game, positions: positions, analysis: analysis,
                                contentPath: file.relativePath, numberInFile: numberInFile, outputPath: outputPath, setID: setID)
    }
}

extension ProblemSiteReader {
    /// Claims before games: a problem is an SGF file the game kind would take too.
    static let registration = ContentKindRegistration(
        name: "problems", sections: [SettingsSection.problems.erased], claimPriority: ClaimPriority(20),
        pageAssets: PageAssets(layouts: ["problem"], scripts: ["assets/shared.js", "assets/problem.js"])
    ) { configuration in ProblemSiteReader(configuredPaths: configuration[.problems]) }
}

extension SettingsSection<[String]> {
    /// `problems:` in hoshi.yml: content paths (SGF files, or folders of them) published as Go problems, besides
    /// the files recognised as problems by their contents.
    static var problems: Self { .pathList(key: "problems") }
}
