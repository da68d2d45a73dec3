import Foundation
import HoshiCore

/// The build pipeline, as named phases each returning a typed result and its timing:
///
/// 1. **load** (`configuration`, `discovery`, `claim`): hoshi.yml, every content file, and which kind
///    reads each -> ``LoadedSite``;
/// 2. **theme** (`theme`, `templates`): the layouts and assets -> ``LoadedTheme``;
/// 3. **engine work** (`hints`, `solver`, `word analyses`): what the kinds that ask the engine for work
///    (`RequestsEngineWork`) need, from the caches or computed -> ``EngineResults``;
/// 4. **read** (`read`): every kind's pages, the navigation, the home page, the 404 page and the sitemap
///    -> ``SiteModel``;
/// 5. **index** (`search index`) -> ``SearchIndex``; **render** (`render`) -> ``RenderedSite``;
///    **check** (`links`) -> diagnostics; **write** (`write`).
///
/// The ``BuildReport`` is assembled from the results. Nothing is written unless every phase succeeded, so a
/// failed build never touches the previous output.
///
/// Every build runs with a ``BuildMemory``: each phase reuses what the memory kept from equal inputs and leaves
/// its own results there. `hoshi build` starts with an empty one; `hoshi serve` keeps one between builds, so
/// a rebuild redoes only what the changed sources reach (the rules are in `BuildMemory`). There is one path:
/// a clean build is a rebuild with nothing kept.
public final class SiteBuilder {
    public let options: BuildOptions
    public let log: DiagnosticLog
    let progress: BuildProgress
    let hintProgress: HintProgress
    /// Results of the previous build with the same memory (none for a new one), and where this build leaves its own.
    let memory: BuildMemory

    public init(options: BuildOptions, log: DiagnosticLog, progress: BuildProgress = BuildProgress(isEnabled: false),
                hintProgress: HintProgress = HintProgress(isEnabled: false), memory: BuildMemory = BuildMemory()) {
        self.options = options
        self.log = log
        self.progress = progress
        self.hintProgress = hintProgress
        self.memory = memory
    }

    /// The hint cache this build reads and fills.
    public var hintCache: HintCache {
        options.hintCacheDirectory.map(HintCache.init(directory:)) ?? HintCache.forSite(options.sourceDirectory)
    }

    /// The caches of engine work this build reads and fills: hints, and the solver's answers beside them.
    public var engineCaches: EngineCaches {
        EngineCaches(hints: hintCache)
    }

    /// Builds and writes the site. Returns the report, or nil when errors stopped the build (they are in `log`).
    public func build() -> BuildReport? {
        guard let rendered = renderAndCheck() else { return nil }
        let (written, timing) = PhaseTiming.measure("write") { write(rendered.outputs) }
        guard written else { return nil }
        var report = rendered.report
        report.phases.append(timing)
        return report
    }

    /// Reads, renders and checks everything without writing: `hoshi check`.
    public func check() -> BuildReport? {
        renderAndCheck()?.report
    }

    /// All phases but writing. Returns the files to write, or nil on errors.
    public func render() -> [OutputFile]? {
        renderAndCheck()?.outputs
    }

    /// What every phase but writing made: the files to write and the report so far.
    private struct CheckedSite {
        var outputs: [OutputFile]
        var report: BuildReport
    }

    /// Runs the phases up to the link check. Nil on errors (they are in `log`).
    private func renderAndCheck() -> CheckedSite? {
        guard let loaded = load() else { return nil }
        guard let theme = loadTheme() else { return nil }
        let engine = runEngineWork(loaded)
        // Reading errors do not stop here: rendering and link checking still run, so one build (or
        // `hoshi check`) reports every problem of the site at once.
        let model = read(loaded, engineResults: engine.value)
        let index = self.index(model)
        guard let rendered = render(model, configuration: loaded.configuration, theme: theme, index: index) else { return nil }
        let check = checkLinks(rendered)
        log.append(contentsOf: check.value)
        progress.finish()
        guard !log.hasErrors else { return nil }

        var report = BuildReport()
        report.phases = loaded.timings + theme.timings + engine.timings + [model.timing, index.timing, rendered.timing, check.timing]
        report.pageCount = model.pages.count
        report.assetCount = rendered.outputs.count - model.pages.count
        report.htmlBytes = rendered.htmlBytes
        report.hints = engine.value.hints.report
        report.notes = model.notes
        if engine.value.hints.report.positions > 0 { report.notes.append(engine.value.hints.report.summary) }
        if engine.value.solutions.report.asked > 0 { report.notes.append(engine.value.solutions.report.summary) }
        if engine.value.wordAnalyses.report.asked > 0 { report.notes.append(engine.value.wordAnalyses.report.summary) }
        report.notes.append(Self.searchIndexNote(indexBytes: index.value.data.count, htmlBytes: rendered.htmlBytes))
        return CheckedSite(outputs: rendered.outputs, report: report)
    }

    // MARK: - Load

    /// What the load phase found: the site's settings, every content file, and which kind reads each.
    struct LoadedSite {
        var configuration: SiteConfiguration
        var claimed: ClaimedFiles
        /// The content hashes of the files every reader may consult (`sharedReadingHashes`).
        var sharedHashes: [String: UInt64]
        /// The reading context of each reader (by claim order), with the results its steps kept and the SGF
        /// parses claiming made.
        var contexts: [ReadingContext]
        var timings: [PhaseTiming]
    }

    /// Reads hoshi.yml, finds the content files and hands each to its reader. Nil when the configuration has
    /// errors (they are in `log`).
    func load() -> LoadedSite? {
        let (loaded, configurationTiming) = PhaseTiming.measure("configuration", loadConfiguration)
        guard let configuration = loaded else { return nil }
        if memory.configuration != configuration {
            memory.forget()
            memory.configuration = configuration
        }
        memory.sources.startBuild()
        memory.independentlyReadFileCount = 0
        let discovery = ContentDiscovery(siteDirectory: options.sourceDirectory, mounts: configuration.mounts,
                                         listings: memory.listings)
        let ((files, discoveryDiagnostics), discoveryTiming) = PhaseTiming.measure("discovery") { discovery.discover() }
        log.append(contentsOf: discoveryDiagnostics)
        let (claimed, claimTiming) = PhaseTiming.measure("claim") { claim(files, configuration: configuration) }
        let sharedHashes = sharedReadingHashes(claimed)
        return LoadedSite(configuration: configuration, claimed: claimed, sharedHashes: sharedHashes,
                          contexts: readingContexts(claimed, configuration: configuration),
                          timings: [configurationTiming, discoveryTiming, claimTiming])
    }

    private func loadConfiguration() -> SiteConfiguration? {
        let url = options.sourceDirectory.appending(path: "hoshi.yml")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            log.append(.error("no hoshi.yml in this folder; is it a Hoshi site? ('hoshi init DIR' creates one)",
                              at: SourceLocation(path: displayPath(url))))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            log.append(.error("hoshi.yml is not UTF-8 text", at: SourceLocation(path: "hoshi.yml")))
            return nil
        }
        var (configuration, diagnostics) = SiteConfiguration.parse(text, path: "hoshi.yml")
        log.append(contentsOf: diagnostics)
        for mount in configuration.mounts where mount.sourceHolds(options.outputDirectory, inSite: options.sourceDirectory) {
            log.append(.error("mount source \(mount.source) holds the output folder \(displayPath(options.outputDirectory)): "
                              + "the site would publish its own output; mount a folder beside it", at: mount.location))
        }
        if let baseURL = options.baseURL { configuration.baseURL = baseURL }
        // A GTP engine's own name and version are part of every hint's cache key.
        do {
            try configuration[.hints].identifyEngines { command in try GTPHintAnalyzer.identify(command: command) }
        } catch {
            log.append(.error("hints.engine: \(error)", at: SourceLocation(path: "hoshi.yml")))
        }
        return log.hasErrors ? nil : configuration
    }

    /// Which reader gets each content file: the kinds' readers in claim order, each with the files it claimed.
    struct ClaimedFiles {
        /// Every content file, whichever reader claimed it.
        var files: [ContentFile]
        var readers: [any ContentKindReader]
        /// The files of `readers[n]`.
        var byReader: [[ContentFile]]
        /// Content path to the page a link to the file opens.
        var linkTargets: [String: String]
        /// Content paths of the files whose pages have an anchor per move.
        var filesWithMoveAnchors: Set<String>
        /// Files no reader claims: copied as they are.
        var unclaimed: [ContentFile]
        /// The content hash of every file, by content path.
        var hashes: [String: UInt64]
    }

    /// Hands every file to the reader of highest claim priority that claims it. The SGF parses that claiming
    /// makes (`ParsedSGFFiles`) are readied for this build's files first, so reading uses them.
    private func claim(_ files: [ContentFile], configuration: SiteConfiguration) -> ClaimedFiles {
        var hashes: [String: UInt64] = [:]
        for file in files { hashes[file.relativePath] = memory.sources.hash(of: file) }
        memory.sgfFiles.prepare(hashes: hashes)
        let readers = ContentKinds.readers(for: configuration)
        let claimed = claims(of: files, readers: readers, in: ClaimingContext(sgfFiles: memory.sgfFiles))
        let filesWithMoveAnchors = zip(readers, claimed.byReader).filter { $0.0.pagesHaveMoveAnchors }.flatMap { $0.1.map(\.relativePath) }
        return ClaimedFiles(files: files, readers: readers, byReader: claimed.byReader, linkTargets: claimed.linkTargets,
                            filesWithMoveAnchors: Set(filesWithMoveAnchors), unclaimed: claimed.unclaimed, hashes: hashes)
    }

    /// Each reader's context: the site's settings, files, link targets and SGF parses, and the results its
    /// steps kept (`ReadStepMemory`), readied once for this build.
    private func readingContexts(_ claimed: ClaimedFiles, configuration: SiteConfiguration) -> [ReadingContext] {
        claimed.readers.indices.map { number in
            ReadingContext(configuration: configuration, files: claimed.files, linkTargets: claimed.linkTargets,
                           filesWithMoveAnchors: claimed.filesWithMoveAnchors,
                           sgfFiles: memory.sgfFiles, readSteps: memory.readSteps(of: number, hashes: claimed.hashes),
                           progress: progress)
        }
    }

    // MARK: - Theme

    /// The theme's files and its compiled templates.
    struct LoadedTheme {
        var theme: Theme
        var templates: TemplateRenderer
        var timings: [PhaseTiming]
    }

    /// Loads the theme (the default one, with the site's overrides) and compiles its templates, kept while
    /// their sources are the same. Nil when a template does not compile (the errors are in `log`).
    private func loadTheme() -> LoadedTheme? {
        let ((theme, themeDiagnostics), themeTiming) = PhaseTiming.measure("theme") {
            Theme.load(overrides: options.sourceDirectory.appending(path: "templates"))
        }
        log.append(contentsOf: themeDiagnostics)
        do {
            let (templates, templatesTiming) = try PhaseTiming.measure("templates") { () throws(TemplateErrors) -> TemplateRenderer in
                if let kept = memory.templates, kept.sources == theme.templates { return kept.renderer }
                let renderer = try TemplateRenderer(theme: theme)
                memory.templates = (theme.templates, renderer, NavigationRenderer.ClosedEntries())
                return renderer
            }
            return LoadedTheme(theme: theme, templates: templates, timings: [themeTiming, templatesTiming])
        } catch {
            log.append(contentsOf: error.diagnostics)
            return nil
        }
    }

    // MARK: - Engine work

    /// The engine work the kinds that ask for it (`RequestsEngineWork`) want for their claimed files: planned,
    /// nothing computed.
    func plannedEngineWork(_ site: LoadedSite) -> EngineWork {
        var work = EngineWork()
        for (number, (reader, files)) in zip(site.claimed.readers, site.claimed.byReader).enumerated() {
            guard let asking = reader as? any RequestsEngineWork else { continue }
            work.append(asking.engineWork(for: files, in: site.contexts[number]))
        }
        return work
    }

    /// Plans the engine work, then runs it: each file's hints from its hint index when that is current,
    /// otherwise every planned position looked up in the hint cache (`IndexedHintRun`), and every planned
    /// problem in the solution cache, every word length in the word analysis cache; the missing ones computed
    /// (hints and solutions unless the build was asked not to), each stored as soon as it is done. Timed as
    /// `hints`, `solver` and `word analyses`.
    private func runEngineWork(_ site: LoadedSite) -> (value: EngineResults, timings: [PhaseTiming]) {
        let work = plannedEngineWork(site)
        let (hints, hintsTiming) = PhaseTiming.measure("hints") {
            IndexedHintRun(computer: HintComputer(cache: hintCache, progress: hintProgress), progress: progress)
                .run(work.hints, computesMissing: options.computesHints)
        }
        let (solutions, solverTiming) = PhaseTiming.measure("solver") {
            SolutionComputer(cache: engineCaches.solutions, progress: hintProgress)
                .run(work.solutions.flatMap(\.jobs), computesMissing: options.computesHints)
        }
        let (words, wordsTiming) = PhaseTiming.measure("word analyses") {
            WordAnalysisComputer(cache: engineCaches.wordAnalyses).run(work.wordAnalyses)
        }
        let results = EngineResults(hints: hints.results,
                                    solutions: SolutionResults(planned: work.solutions, found: solutions.solved, report: solutions.report),
                                    wordAnalyses: words.results,
                                    diagnostics: work.diagnostics + hints.diagnostics + solutions.diagnostics + words.diagnostics)
        return (results, [hintsTiming, solverTiming, wordsTiming])
    }

    // MARK: - Read

    /// The site as pages, before any template runs: what the kinds read, the generated home page when the
    /// site has none, the 404 page, the navigation and the sitemap.
    struct SiteModel {
        /// Every page to render, in order: the kinds' pages, the generated home page, the 404 page. Which of
        /// them the search index and the sitemap list is each page's `isIndexed`.
        var pages: [Page]
        /// Files written beside the pages: copied content files and what the kinds generated.
        var assets: [OutputFile]
        var navigation: NavigationTree
        /// Nil without a `base_url` (a sitemap needs absolute addresses).
        var sitemap: Sitemap?
        /// Facts for the summary line.
        var notes: [String]
        var timing: PhaseTiming
    }

    /// Runs the readers on their claimed files with the engine's results, and adds what the site itself
    /// publishes: navigation entries for folders, the home page when `content/index.md` is missing, the 404
    /// page and the sitemap.
    private func read(_ site: LoadedSite, engineResults: EngineResults) -> SiteModel {
        let configuration = site.configuration
        let ((read, navigation), timing) = PhaseTiming.measure("read") { () -> (ReadSite, NavigationTree) in
            log.append(contentsOf: engineResults.diagnostics)
            let contexts = site.contexts.map { $0.with(engineResults) }
            let read = readPages(site.claimed, sharedHashes: site.sharedHashes, contexts: contexts, configuration: configuration)
            return (read, navigationTree(read.navigationItems, preferredOrder: configuration.navigation))
        }
        var pages = read.pages
        if read.needsGeneratedHome {
            pages.append(generatedHomePage(configuration: configuration, navigation: navigation))
        }
        pages.append(notFoundPage(title: configuration.title))
        let sitemap = configuration.baseURL.map { baseURL in
            Sitemap(baseURL: baseURL, paths: pages.filter(\.isIndexed).map(\.outputPath))
        }
        return SiteModel(pages: pages, assets: read.assets, navigation: navigation, sitemap: sitemap, notes: read.notes,
                         timing: timing)
    }

    /// The pages, assets and navigation entries read from the content files.
    struct ReadSite {
        var pages: [Page] = []
        var assets: [OutputFile] = []
        var navigationItems: [NavigationItem] = []
        var notes: [String] = []
        /// No `content/index.md`: the home page is generated once the navigation it lists exists.
        var needsGeneratedHome = false
    }

    /// Runs the readers on their claimed files, and adds a navigation entry for every folder holding pages.
    /// Files no reader claims are copied as they are.
    private func readPages(_ claimed: ClaimedFiles, sharedHashes: [String: UInt64], contexts: [ReadingContext],
                           configuration: SiteConfiguration) -> ReadSite {
        var site = ReadSite()
        site.assets = claimed.unclaimed.map { OutputFile(path: $0.relativePath, contents: .copy($0.url)) }
        var content = ReadContent()
        let versions = sharedReadingVersions(claimed, hashes: sharedHashes)
        for (number, (reader, files)) in zip(claimed.readers, claimed.byReader).enumerated() {
            content.append(read(files, with: reader, number: number, versions: versions, in: contexts[number]))
        }
        log.append(contentsOf: content.diagnostics)
        site.notes = content.notes
        site.pages = content.pages
        site.assets += content.assets
        site.navigationItems = content.navigationItems
        var folders = FolderSet()
        content.folders.forEach { folders.insert($0) }
        for folder in folders.all.sorted() {
            let landing = content.folderLandings[folder]
            let name = folder.split(separator: "/").last.map(String.init) ?? ""
            site.navigationItems.append(NavigationItem(
                id: .folder(folder), parentID: folder.isEmpty ? nil : .folder(SitePath.folder(of: folder)),
                title: landing?.title ?? (folder.isEmpty ? configuration.title : PageTitle.fromFileName(name)),
                outputPath: landing?.outputPath, order: landing?.order))
        }
        if content.folderLandings[""] == nil,
           let root = site.navigationItems.firstIndex(where: { $0.id == .root }) {
            site.navigationItems[root].outputPath = "index.html"
            site.needsGeneratedHome = true
        }
        return site
    }

    // MARK: - Index

    /// The search index of the pages that belong in it.
    private func index(_ model: SiteModel) -> (value: SearchIndex, timing: PhaseTiming) {
        PhaseTiming.measure("search index") {
            SearchIndexBuilder().build(model.pages.filter(\.isIndexed), analyses: &memory.searchAnalyses)
        }
    }

    // MARK: - Render

    /// Every file of the site: theme assets, the search index, the kinds' files, the pages' HTML and the sitemap.
    struct RenderedSite {
        var outputs: [OutputFile]
        /// Each page's rendering, with what the link check found in it.
        var renders: [KeptRender]
        var htmlBytes: Int
        /// Every output path.
        var paths: Set<String>
        var timing: PhaseTiming
    }

    /// Renders the pages. Nil when a page does not render or two sources would write one file (the errors
    /// are in `log`).
    private func render(_ model: SiteModel, configuration: SiteConfiguration, theme loaded: LoadedTheme, index: (value: SearchIndex, timing: PhaseTiming)) -> RenderedSite? {
        var outputs: [OutputFile] = []
        var assetPaths: [String: String] = [:]
        for (path, file) in loaded.theme.assets.sorted(by: { $0.key < $1.key }) {
            let fingerprinted = AssetFingerprint.fingerprintedPath(path, data: file.data)
            assetPaths[AssetFingerprint.templateKey(for: path)] = fingerprinted
            outputs.append(OutputFile(path: fingerprinted, contents: .data(file.data)))
        }
        // Not fingerprinted, unlike theme assets: every page links to it, and its content changes with any
        // text, so a fingerprint would change every page on every edit. The text files it names are.
        assetPaths[AssetFingerprint.templateKey(for: SearchIndex.assetPath)] = SearchIndex.assetPath
        outputs.append(OutputFile(path: SearchIndex.assetPath, contents: .data(index.value.data)))
        outputs += index.value.textFiles.map { OutputFile(path: $0.path, contents: .data($0.data)) }
        let inputs = RenderInputs(configuration: configuration, templates: loaded.theme.templates,
                                  assetPaths: assetPaths)
        let (rendered, timing) = PhaseTiming.measure("render") {
            renderPages(model.pages, inputs: inputs, navigation: model.navigation, templates: loaded.templates)
        }
        guard let renders = rendered else { return nil }
        outputs += model.assets
        var htmlBytes = 0
        for render in renders {
            // Renderings hold their bytes as `Data` already: no copy of every page on every rebuild.
            outputs.append(OutputFile(path: render.page.outputPath, contents: .data(render.data)))
            htmlBytes += render.html.count
        }
        if let sitemap = model.sitemap {
            outputs.append(OutputFile(path: "sitemap.xml", contents: .data(Data(sitemap.xml.utf8))))
        }
        let paths = checkCollisions(outputs, model: model)
        return RenderedSite(outputs: outputs, renders: renders, htmlBytes: htmlBytes, paths: paths, timing: timing)
    }

    // MARK: - Check

    /// Every link of every page resolved against the site's files and ids.
    private func checkLinks(_ rendered: RenderedSite) -> (value: [Diagnostic], timing: PhaseTiming) {
        PhaseTiming.measure("links") { checkLinks(rendered.renders, files: rendered.paths) }
    }

    // MARK: - Write

    /// Brings the output folder up to `outputs`. False on errors (they are in `log`).
    private func write(_ outputs: [OutputFile]) -> Bool {
        let writer = OutputWriter(outputDirectory: options.outputDirectory, sourceDirectory: options.sourceDirectory)
        do {
            try writer.update(outputs, memory: memory)
            return true
        } catch let error as OutputWriter.Failure {
            log.append(error.diagnostic)
            return false
        } catch {
            log.append(.error("cannot write the site: \(error.localizedDescription)",
                              at: SourceLocation(path: options.outputDirectory.path)))
            return false
        }
    }

    // MARK: - Pages the site adds

    /// A home page for sites without `content/index.md`, listing the top of the navigation.
    private func generatedHomePage(configuration: SiteConfiguration, navigation: NavigationTree) -> Page {
        var html = configuration.description.isEmpty ? "" : "<p>\(HTMLText.escape(configuration.description))</p>\n"
        let entries = navigation.listedChildren(of: .root).compactMap { item -> String? in
            guard let target = navigation.landingPage(of: item.id) else { return nil }
            return "<li><a href=\"\(HTMLText.escape(target))\">\(HTMLText.escape(item.title))</a></li>"
        }
        if !entries.isEmpty { html += "<ul class=\"home-contents\">\n\(entries.joined(separator: "\n"))\n</ul>\n" }
        return Page(sourcePath: "content/index.md", outputPath: "index.html", title: configuration.title,
                    contentHTML: html, navigationID: .root)
    }

    private func notFoundPage(title: String) -> Page {
        var page = Page(sourcePath: "(default theme)/layouts/404.mustache", outputPath: "404.html",
                        title: "Page not found", contentHTML: "", navigationID: .notInNavigation)
        page.layout = "404"
        // Nobody should find it by searching, nor a crawler list it.
        page.isIndexed = false
        return page
    }

    /// Two sources writing one output file is an error naming both. Returns the paths of all outputs.
    private func checkCollisions(_ outputs: [OutputFile], model: SiteModel) -> Set<String> {
        var paths = Set<String>(minimumCapacity: outputs.count)
        var collided = false
        for output in outputs where !paths.insert(output.path).inserted { collided = true }
        guard collided else { return paths }
        var sources: [String: String] = [:]
        for page in model.pages { sources[page.outputPath] = page.sourcePath }
        for asset in model.assets { if case let .copy(url) = asset.contents { sources[asset.path] = displayPath(url) } }
        var seen: [String: Int] = [:]
        for output in outputs { seen[output.path, default: 0] += 1 }
        for (path, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
            let pages = model.pages.filter { $0.outputPath == path }.map(\.sourcePath)
            let assets = model.assets.filter { $0.path == path }.compactMap { asset -> String? in
                if case let .copy(url) = asset.contents { return displayPath(url) } else { return nil }
            }
            let names = (pages + assets).sorted()
            log.append(.error("\(names.joined(separator: " and ")) would all be written to \(path); rename one of them",
                              at: SourceLocation(path: names.first ?? path)))
        }
        return paths
    }

    // MARK: - Helpers

    /// `search index 31 KB (13% of HTML)`: every reader who searches loads the whole index, so its size is worth watching.
    static func searchIndexNote(indexBytes: Int, htmlBytes: Int) -> String {
        let percent = htmlBytes > 0 ? Int((Double(indexBytes) * 100 / Double(htmlBytes)).rounded()) : 0
        return "search index \((indexBytes + 512) / 1024) KB (\(percent)% of HTML)"
    }

    func displayPath(_ url: URL) -> String {
        let root = options.sourceDirectory.resolvingSymlinksInPath().path + "/"
        let path = url.resolvingSymlinksInPath().path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : url.path
    }
}

/// The folders of `content/` that hold pages, with all their ancestors: each becomes a navigation entry.
struct FolderSet {
    private(set) var all: Set<String> = [""]

    mutating func insert(_ folder: String) {
        var folder = folder
        while !folder.isEmpty, all.insert(folder).inserted {
            folder = SitePath.folder(of: folder)
        }
    }
}
