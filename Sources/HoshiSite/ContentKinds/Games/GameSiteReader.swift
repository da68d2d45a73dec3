import Foundation
import HoshiCore

/// The game record content kind: every `*.sgf` file becomes game pages, built from the core's replay.
///
/// `content/games/a.sgf` holding one game becomes `games/a.html`; a file holding several games becomes an
/// index `games/a.html` and `games/a/1.html`, `games/a/2.html`, .... A folder with two or more game files gets
/// a collection index (`index.html`, or `games.html` beside the folder's own `index.md`), and the site gets one
/// players' index under the folder holding all its games (`games/players/index.html`, a page per player).
///
/// A broken record builds what can be read: the SGF reader's findings, the ones `hoshi sgf check` prints,
/// are warnings here, so `--strict` fails on them and an ordinary build publishes what was readable.
struct GameSiteReader: ContentKindReader {
    var configuration = GamesConfiguration()
    /// Which files get move hints (`hints:` in hoshi.yml).
    var hints = HintsConfiguration()
    private var parameters: GamePageParameters { configuration.parameters }
    /// A game page has an anchor per move: diagrams of its positions link to the move.
    var pagesHaveMoveAnchors: Bool { true }

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        file.lowercasedExtension == "sgf"
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        GamePagePath.file(file)
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var content = ReadContent()
        let collections = CollectionPlan(files: files, allFiles: context.files, parameters: parameters)
        let hintResults = context.engineResults.hints
        let renderedHints = hintResults.indexDirectory.map { RenderedHintsCache.beside(indexDirectory: $0) }
        // Files keep their order (by path) in the sidebar.
        let results = context.parallelMap(Array(files.enumerated()), phase: "games") { order, file in
            let inputs = FileInputs(file: file, configuration: configuration, hintSettings: hints.settings(for: file.relativePath),
                                    hints: hintResults.hints(in: file.relativePath),
                                    preference: hints.preference(for: file.relativePath),
                                    navigationParent: collections.navigationParent(of: file),
                                    listsGames: collections.listsGames(of: file))
            var result = context.result(of: Self.fileStep, for: file, inputs: inputs) {
                readFile(file, parsed: context.sgfFiles.parse(file), inputs: inputs, renderedHints: renderedHints)
            }
            result.place(at: order, file: file)
            return result
        }
        var summaries: [GameSummary] = []
        for (file, result) in zip(files, results) {
            // The record stays published as it was written, for download.
            content.assets.append(OutputFile(path: file.relativePath, contents: .copy(file.url)))
            content.append(result.content)
            summaries += result.summaries
            content.folders.append(file.folder)
        }
        for collection in collections.folders {
            let games = summaries.filter { $0.folder == collection.folder }
            let index = GameCollectionPage(title: collection.title, outputPath: collection.outputPath, games: games,
                                           navigationID: collection.navigationID, sourcePath: "content/\(collection.folder)")
            content.pages.append(context.result(of: Self.collectionStep, named: index.outputPath, inputs: index) { index.page() })
            if collection.isFolderLanding {
                content.folderLandings[collection.folder] = FolderLanding(title: collection.title, outputPath: collection.outputPath, order: nil)
            } else {
                content.navigationItems.append(NavigationItem(id: collection.navigationID, parentID: .folder(collection.folder),
                                                              title: collection.title, outputPath: collection.outputPath))
            }
        }
        if !files.isEmpty {
            let players = PlayerPages(folder: Self.commonFolder(of: files), games: summaries, aliases: configuration.players)
            content.append(context.result(of: Self.playersStep, named: players.folder, inputs: players) { players.read() })
        }
        return content
    }

    /// The deepest folder holding every game file (`games` for `games/a/x.sgf` and `games/b/y.sgf`).
    static func commonFolder(of files: [ContentFile]) -> String {
        var common = files.first.map { $0.folder.split(separator: "/").map(String.init) } ?? []
        for file in files.dropFirst() {
            let parts = file.folder.split(separator: "/").map(String.init)
            var shared = 0
            while shared < min(common.count, parts.count) && common[shared] == parts[shared] { shared += 1 }
            common = Array(common.prefix(shared))
        }
        return common.joined(separator: "/")
    }

    // MARK: - Hints

    /// Everything `hintJobs` reads besides the file's bytes.
    struct HintPlanInputs: Equatable {
        var file: ContentFile
        var settings: HintSettings
    }

    /// The positions of a game file (`parsed`, nil when it cannot be read) that want hints under `settings`
    /// (nothing for a file that cannot be read; the page build reports it), and a warning for each game the
    /// engine cannot analyse. Under `prefer: file`, positions whose analysis the file stores are left out.
    static func hintJobs(for file: ContentFile, parsed: SGFParseResult?, settings: HintSettings) -> HintPlan {
        guard let parsed else { return ([], []) }
        var jobs: [HintJob] = []
        var diagnostics: [Diagnostic] = []
        for (index, game) in parsed.games.enumerated() {
            let positions = GamePositions(game: game)
            let plan = GameHintPlan(game: game, positions: positions, settings: settings)
            if let reason = plan.unsupportedReason {
                let which = parsed.games.count > 1 ? "game \(index + 1) gets" : "this game gets"
                diagnostics.append(.warning("\(which) no move hints: \(reason)", at: SourceLocation(path: file.displayPath)))
            }
            var requests = plan.requests
            if settings.prefer == .file {
                // The page shows the file's own analysis wherever it has some, so the engine is not asked there.
                let stored = StoredAnalysis(game: game, positions: positions)
                requests.removeAll { stored.positions[$0.node] != nil }
            }
            let gameNumber = parsed.games.count > 1 ? index + 1 : nil
            jobs += requests.map { HintJob($0, komi: plan.komi, settings: settings, sourcePath: file.displayPath, gameNumber: gameNumber) }
        }
        return (jobs, diagnostics)
    }

    // MARK: - One file

    /// The steps kept in the build memory (`ReadStepMemory`): per file, and over the files' summaries.
    static let fileStep = ReadStep<FileInputs, FileResult>("game file")
    static let hintPlanStep = ReadStep<HintPlanInputs, HintPlan>("game hint plan")
    static let collectionStep = ReadStep<GameCollectionPage, Page>("game collection")
    static let playersStep = ReadStep<PlayerPages, ReadContent>("game players")

    /// The positions of one file that want hints, and warnings for the games the engine cannot analyse.
    typealias HintPlan = (jobs: [HintJob], diagnostics: [Diagnostic])

    /// Everything `readFile` reads besides the file's bytes: where the file is and sits in the navigation,
    /// the games settings, and the hints found for its positions (no other file's are read). Not the file's
    /// order among the others (`FileResult.place`): a file added before it leaves it as it was.
    struct FileInputs: Equatable {
        var file: ContentFile
        var configuration: GamesConfiguration
        var hintSettings: HintSettings?
        var hints: HintResults.FileHints
        var preference: HintSettings.Preference
        var navigationParent: NavigationID
        var listsGames: Bool
    }

    struct FileResult {
        var content = ReadContent()
        var summaries: [GameSummary] = []

        /// Gives the file's own navigation entry (its game's page, or the index of its games) its place
        /// among the reader's files, by path.
        mutating func place(at order: Int, file: ContentFile) {
            let id = GameSiteReader.fileNavigationID(for: file)
            for index in content.navigationItems.indices where content.navigationItems[index].id == id {
                content.navigationItems[index].order = order
            }
        }
    }

    /// The navigation entry of a file's game page, or of the index of its games.
    static func fileNavigationID(for file: ContentFile) -> NavigationID { .gameFile(file.relativePath) }

    /// The pages of one file, its games' summaries and its navigation entries; the file's own entry gets its
    /// order afterwards (`FileResult.place`). The pages' hints are rendered once per hint index and kept in
    /// `renderedHints` (nil: nothing kept); the hints themselves are read only where they are not kept.
    private func readFile(_ file: ContentFile, parsed: SGFParseResult?, inputs: FileInputs, renderedHints: RenderedHintsCache?) -> FileResult {
        var result = FileResult()
        guard let parsed else {
            result.content.diagnostics.append(.error("cannot read file", at: SourceLocation(path: file.displayPath)))
            return result
        }
        result.content.diagnostics += parsed.diagnostics.map(\.asWarning)
        let games = parsed.games
        guard !games.isEmpty else {
            result.content.diagnostics.append(.warning("no game could be read from this file; it is published for download only",
                                                       at: SourceLocation(path: file.displayPath)))
            return result
        }
        let filePage = GamePagePath.file(file)
        let fileTitle = PageTitle.fromFileName(file.stem)
        let fileNavigationID = Self.fileNavigationID(for: file)
        let navigationParent = inputs.navigationParent
        var pages: [GamePage] = []
        let keptHints = KeptRenderedHints(cache: renderedHints, index: inputs.hints.identity, preference: inputs.preference)
        let kept = keptHints.lookup(for: games, in: file)
        result.content.diagnostics += kept.diagnostics
        // Per game, its nodes' hints by `Node.ID` (a hint for a node the game lacks is left out); not needed
        // where the pages' hints were kept rendered.
        let nodeCounts = games.map(\.nodes.count)
        var hintsByGame = games.map { _ in [GameHints.NodeHint?]() }
        let read = kept.games == nil ? inputs.hints.read() : HintResults.FileHints.Read(found: [], identity: inputs.hints.identity)
        result.content.diagnostics += read.diagnostics
        for hint in read.found {
            let index = (hint.gameNumber ?? 1) - 1
            guard nodeCounts.indices.contains(index), hint.node >= 0, hint.node < nodeCounts[index] else { continue }
            if hintsByGame[index].isEmpty { hintsByGame[index] = Array(repeating: nil, count: nodeCounts[index]) }
            hintsByGame[index][hint.node] = GameHints.NodeHint(toMove: hint.toMove, hint: hint.hint)
        }
        for (index, game) in games.enumerated() {
            let positions = GamePositions(game: game)
            result.content.diagnostics += positions.diagnostics.map(\.asWarning)
            let stored = StoredAnalysis(game: game, positions: positions)
            result.content.diagnostics += stored.diagnostics
            let single = games.count == 1
            let outputPath = GamePagePath.game(file, game: index + 1, of: games.count)
            let described = GameDescription(game.gameInfo).title
            let title = single ? (described ?? fileTitle) : (described.map { "\($0)" } ?? "\(fileTitle), game \(index + 1)")
            pages.append(GamePage(game: game, positions: positions, outputPath: outputPath, title: title,
                                  originalPath: file.relativePath,
                                  navigationID: single ? fileNavigationID : fileNavigationID.member("\(index + 1)"),
                                  sourcePath: file.displayPath, parameters: configuration.parameters(for: file.relativePath),
                                  hintSettings: inputs.hintSettings, hints: hintsByGame[index],
                                  storedAnalysis: stored.isEmpty ? nil : stored, preference: inputs.preference,
                                  renderedHints: kept.games?[index]))
        }
        var rendered: [RenderedGameHints] = []
        for (index, page) in pages.enumerated() {
            let output = page.make(folder: file.folder, gameNumber: index + 1)
            rendered.append(output.renderedHints)
            result.content.pages.append(output.page)
            result.content.assets += output.assets
            result.summaries.append(output.summary)
            let parent = pages.count == 1 ? navigationParent : fileNavigationID
            let listed = pages.count == 1 ? inputs.listsGames : pages.count <= parameters.listedGamesLimit
            result.content.navigationItems.append(NavigationItem(id: page.navigationID, parentID: parent, title: page.title,
                                                                 outputPath: page.outputPath, order: pages.count == 1 ? nil : index,
                                                                 isListed: listed))
        }
        if pages.count > 1 {
            let index = GameCollectionPage(title: fileTitle, outputPath: filePage, games: result.summaries,
                                           navigationID: fileNavigationID, sourcePath: file.displayPath,
                                           downloadPath: file.relativePath).page()
            result.content.pages.append(index)
            result.content.navigationItems.append(NavigationItem(id: fileNavigationID, parentID: navigationParent,
                                                                 title: fileTitle, outputPath: filePage, isListed: inputs.listsGames))
        }
        // Kept under the index the hints were read from when it is still the one looked up by: another one
        // (written by another build since) or none leaves the next build rendering them.
        if kept.games == nil, read.identity != nil, read.identity == inputs.hints.identity {
            keptHints.keep(RenderedFileHints(games: rendered))
        }
        return result
    }
}

/// Which folders get a collection index, and where each game file sits in the navigation.
struct CollectionPlan: Sendable {
    struct Collection: Sendable {
        var folder: String
        var title: String
        var outputPath: String
        var navigationID: NavigationID
        /// The index opens the folder's navigation entry (no `index.md` there).
        var isFolderLanding: Bool
        var fileCount: Int
    }

    private(set) var folders: [Collection] = []
    private var byFolder: [String: Int] = [:]
    private let listedGamesLimit: Int

    init(files: [ContentFile], allFiles: [ContentFile], parameters: GamePageParameters) {
        listedGamesLimit = parameters.listedGamesLimit
        var counts: [String: Int] = [:]
        for file in files { counts[file.folder, default: 0] += 1 }
        let paths = Set(allFiles.map(\.relativePath))
        for (folder, count) in counts.sorted(by: { $0.key < $1.key }) where count >= 2 {
            let prefix = folder.isEmpty ? "" : "\(folder)/"
            let hasIndex = paths.contains("\(prefix)index.md") || paths.contains("\(prefix)index.markdown")
            let name = folder.split(separator: "/").last.map(String.init) ?? "Games"
            byFolder[folder] = folders.count
            folders.append(Collection(folder: folder, title: PageTitle.fromFileName(name),
                                      outputPath: "\(prefix)\(hasIndex ? "games" : "index").html",
                                      navigationID: hasIndex ? .gameCollection(folder) : .folder(folder),
                                      isFolderLanding: !hasIndex, fileCount: count))
        }
    }

    /// The navigation entry a file's page (or file index) sits under.
    func navigationParent(of file: ContentFile) -> NavigationID {
        byFolder[file.folder].map { folders[$0].navigationID } ?? .folder(file.folder)
    }

    /// Whether a file's entry is listed in the sidebar: not in a folder of many files.
    func listsGames(of file: ContentFile) -> Bool {
        byFolder[file.folder].map { folders[$0].fileCount <= listedGamesLimit } ?? true
    }
}

extension GameSiteReader {
    /// Lowest claim priority: every SGF file no other kind took.
    static let registration = ContentKindRegistration(
        name: "games", sections: [SettingsSection.games.erased, SettingsSection.hints.erased], claimPriority: ClaimPriority(10),
        pageAssets: PageAssets(layouts: ["game"], scripts: ["assets/shared.js", "assets/game.js"])
    ) { configuration in GameSiteReader(configuration: configuration[.games], hints: configuration[.hints]) }
}

extension SettingsSection<GamesConfiguration> {
    /// `games:` in hoshi.yml: how game pages print their figures (see `GamesConfiguration`).
    static var games: Self {
        SettingsSection(key: "games", defaultValue: GamesConfiguration()) { node, _, path, diagnostics in
            GamesConfiguration.parse(node, path: path, into: &diagnostics)
        }
    }
}

extension GameSiteReader: RequestsEngineWork {
    /// The files `hints:` names in hoshi.yml, each with its plan (parse and replay), made only where the hint
    /// index does not answer and kept while the file's bytes and hint settings are the same.
    func engineWork(for files: [ContentFile], in context: ReadingContext) -> EngineWork {
        EngineWork(hints: files.compactMap { file in
            hints.settings(for: file.relativePath).map { settings in
                PlannedHints(file: file, settings: settings) {
                    context.result(of: Self.hintPlanStep, for: file, inputs: HintPlanInputs(file: file, settings: settings)) {
                        Self.hintJobs(for: file, parsed: context.sgfFiles.parse(file), settings: settings)
                    }
                }
            }
        })
    }
}
