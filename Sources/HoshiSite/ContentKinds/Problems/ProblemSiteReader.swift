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
///
/// With `solve: missing` or `solve: check` (`ProblemsConfiguration`), the solver's answers are planned per
/// file (`SolvePlan`, through `RequestsEngineWork`), found in the solution cache or computed by the engine
/// work phase (`SolutionComputer`), then published as the problems' trees or compared with the author's
/// (`ProblemProofreading`).
struct ProblemSiteReader: ContentKindReader {
    /// `problems:` of `hoshi.yml`.
    let configuration: ProblemsConfiguration

    init(configuration: ProblemsConfiguration) {
        self.configuration = configuration
    }

    /// Content paths from `hoshi.yml`, without trailing slashes.
    var configuredPaths: [String] { configuration.paths }

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        guard file.lowercasedExtension == "sgf" else { return false }
        return isConfigured(file) || Self.looksLikeProblem(file, in: context.sgfFiles)
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        problemCount(in: file, context.sgfFiles) > 1 ? Self.fileSetFolder(for: file) + "/index.html" : Self.pagePath(forSingle: file)
    }

    private func isConfigured(_ file: ContentFile) -> Bool {
        configuredPaths.contains { $0.isEmpty || file.relativePath == $0 || file.relativePath.hasPrefix($0 + "/") }
    }

    /// Whether `file`'s first game looks like a problem (`ProblemFinder.looksLikeProblem`). Parses only a file
    /// that mentions `PL` at all, so game collections cost a byte scan.
    private static func looksLikeProblem(_ file: ContentFile, in sgfFiles: ParsedSGFFiles) -> Bool {
        let parsed = sgfFiles.parse(file, when: { $0.range(of: Data("PL".utf8)) != nil })
        return parsed?.games.first.map(ProblemFinder.looksLikeProblem) ?? false
    }

    private func problemCount(in file: ContentFile, _ sgfFiles: ParsedSGFFiles) -> Int {
        sgfFiles.parse(file)?.games.reduce(0) { $0 + ProblemFinder.starts(in: $1).count } ?? 0
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
    struct ReadFile {
        var file: ContentFile
        var games: [GameTree]
        /// Each game replayed once, however many problems it holds.
        var positions: [GamePositions]
        /// (game index, start node) of each problem.
        var starts: [(game: Int, start: Node.ID)]
        /// The solver's settings for the file and its answers by problem number.
        var solving = ProblemSolving()
        var answers: [Int: ProblemAnswer] = [:]
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var content = ReadContent()
        var singles: [ReadFile] = []
        var fileSets: [FileSetContent] = []
        let answers = self.answers(of: files, in: context)
        for file in files {
            // The source stays published beside the pages, for download.
            content.assets.append(OutputFile(path: file.relativePath, contents: .copy(file.url)))
            // The file decides what it becomes, with its solver settings and answers.
            let inputs = FileInputs(file: file, solving: configuration.solving(for: file.relativePath), answers: answers[file.relativePath] ?? [:])
            let result = context.result(of: Self.fileStep, for: file, inputs: inputs) { readFile(file, inputs: inputs, sgfFiles: context.sgfFiles) }
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
            let counts = sets.compactMap(\.solverCount)
            if !counts.isEmpty { content.notes.append("computed answers: " + counts.joined(separator: "; ")) }
        }
        return content
    }

    /// Everything a file's step reads besides its bytes.
    struct FileInputs: Equatable {
        var file: ContentFile
        var solving: ProblemSolving
        var answers: [Int: ProblemAnswer]
    }

    // MARK: - Solving

    /// The per-file step planning the solver's work, kept in the build memory (`ReadStepMemory`).
    static let solvePlanStep = ReadStep<SolvePlanInputs, SolvePlan?>("problem solve plan")

    /// The solver's plan for `file` when its `problems:` entry solves (nothing computed here), kept while
    /// its bytes and settings are the same: the engine work phase and the read phase both ask for it.
    private func solvePlan(for file: ContentFile, in context: ReadingContext) -> SolvePlan? {
        let solving = configuration.solving(for: file.relativePath)
        guard solving.mode != .off else { return nil }
        return context.result(of: Self.solvePlanStep, for: file, inputs: SolvePlanInputs(file: file, solving: solving)) {
            context.sgfFiles.parse(file).map { SolvePlan(games: $0.games, solving: solving) }
        }
    }

    /// Everything the plan of a file reads besides its bytes.
    struct SolvePlanInputs: Equatable {
        var file: ContentFile
        var solving: ProblemSolving
    }

    /// What the solver answered about the planned problems of `files`, by content path and problem number:
    /// the engine work phase's answers (`context.engineResults`), or why a problem has none.
    private func answers(of files: [ContentFile], in context: ReadingContext) -> [String: [Int: ProblemAnswer]] {
        var answers: [String: [Int: ProblemAnswer]] = [:]
        for file in files {
            guard let plan = solvePlan(for: file, in: context) else { continue }
            let found = context.engineResults.solutions.found(in: file.relativePath)
            var byNumber: [Int: ProblemAnswer] = [:]
            for (number, item) in plan.items {
                switch item {
                case .job(let job):
                    byNumber[number] = found[number].map { .solved($0, budget: job.budget.text) }
                        ?? .unsolved("not solved in this build (--no-hints)")
                case .skipped(let reason):
                    byNumber[number] = .unsolved(reason)
                }
            }
            answers[file.relativePath] = byNumber
        }
        return answers
    }

    // MARK: - One file

    /// The per-file step, kept in the build memory (`ReadStepMemory`).
    static let fileStep = ReadStep<FileInputs, FileResult>("problem file")

    /// What one file becomes: its diagnostics, and either a one-problem file (published in its folder's
    /// set) or the pages of the set it holds.
    struct FileResult {
        var diagnostics: [Diagnostic] = []
        var single: ReadFile?
        var set: FileSetContent?
    }

    /// A set's pages and navigation entries, and how the build summary counts it.
    struct FileSetContent {
        var content = ReadContent()
        var problemCount: Int
        /// Where its problems are, for the summary (`problems/`, `classics/hatsuyoron.sgf`).
        var place: String
        /// Proven and unproven computed answers, for the summary; nil when the solver was not asked.
        var solverCount: String?

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
            let asked = set.problems.filter { $0.answer != nil }
            if !asked.isEmpty {
                let proven = set.computedCount
                let unproven = asked.count - proven
                solverCount = "\(set.downloadPath ?? (set.folder.isEmpty ? "content" : set.folder + "/")) \(proven) of \(asked.count) proven"
                    + (unproven > 0 ? ", \(unproven) not (their pages show the position only)" : "")
            }
        }
    }

    private func readFile(_ file: ContentFile, inputs: FileInputs, sgfFiles: ParsedSGFFiles) -> FileResult {
        var result = FileResult()
        guard let parsed = sgfFiles.parse(file) else {
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
        let readFile = ReadFile(file: file, games: parsed.games, positions: positions, starts: starts, solving: inputs.solving,
                                answers: inputs.answers)
        if inputs.solving.mode == .check {
            for (index, (gameIndex, start)) in starts.enumerated() {
                guard case .solved(let solved, _)? = inputs.answers[index + 1] else { continue }
                let game = parsed.games[gameIndex]
                result.diagnostics += ProblemProofreading(game: game, analysis: ProblemAnalysis(game: game, start: start, positions: positions[gameIndex]),
                                                          solved: solved, problemLabel: starts.count > 1 ? "problem \(index + 1): " : "").warnings()
            }
        }
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
                                        outputPath: Self.pagePath(forSingle: readFile.file), setID: set.id,
                                        answer: readFile.solving.mode == .missing ? readFile.answers[1] : nil))
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
                                        numberInFile: index + 1, outputPath: "\(folder)/\(index + 1).html", setID: set.id,
                                        answer: readFile.solving.mode == .missing ? readFile.answers[index + 1] : nil))
        }
        return set
    }

    private func problem(game: GameTree, positions: GamePositions, start: Node.ID, number: Int, name: String?, file: ContentFile,
                         numberInFile: Int, outputPath: String, setID: String, answer: ProblemAnswer?) -> PublishedProblem {
        let comment = game[start].comment
        var published = PublishedProblem(number: number, name: name.map(GameText.clean), game: game, positions: positions,
                                         analysis: ProblemAnalysis(game: game, start: start, positions: positions), comment: comment,
                                         contentPath: file.relativePath, numberInFile: numberInFile, outputPath: outputPath, setID: setID)
        published.answer = answer
        // A proven answer that reaches the goal replaces the empty tree: the page answers from the solver's.
        if case .solved(let solved, _)? = answer, solved.reachesGoal, let tree = solved.computedTree() {
            let treePositions = GamePositions(game: tree)
            let computed = ProblemAnalysis(game: tree, start: tree.rootID, positions: treePositions)
            if computed.hasSolution {
                published.game = tree
                published.positions = treePositions
                published.analysis = computed
            }
        }
        return published
    }
}

extension ProblemSiteReader {
    /// Claims before games: a problem is an SGF file the game kind would take too.
    static let registration = ContentKindRegistration(
        name: "problems", sections: [SettingsSection.problems.erased], claimPriority: ClaimPriority(20),
        pageAssets: PageAssets(layouts: ["problem"], scripts: ["assets/shared.js", "assets/problem.js"])
    ) { configuration in ProblemSiteReader(configuration: configuration[.problems]) }
}

extension ProblemSiteReader: RequestsEngineWork {
    /// The problems `problems:` asks the solver about (planning only).
    func engineWork(for files: [ContentFile], in context: ReadingContext) -> EngineWork {
        EngineWork(solutions: files.compactMap { file in
            solvePlan(for: file, in: context).map { PlannedSolutions(path: file.relativePath, jobs: $0.jobs) }
        })
    }
}
