import Foundation
import HoshiCore

/// The build pipeline: load (configuration, theme, content), model (pages, navigation), render (templates,
/// assets), check (links), write (atomically). Each phase is timed for the summary and the benchmarks.
///
/// Nothing is written unless every phase succeeded, so a failed build never touches the previous output.
///
/// Every build runs with a ``BuildMemory``: each phase reuses what the memory kept from equal inputs and leaves
/// its own results there. `hoshi build` starts with an empty one; `hoshi serve` keeps one between builds, so
/// a rebuild redoes only what the changed sources reach (the rules are in `BuildMemory`). There is one path:
/// a clean build is a rebuild with nothing kept.
public final class SiteBuilder {
    public let options: BuildOptions
    public let log: DiagnosticLog
    let progress: BuildProgress
    private let hintProgress: HintProgress
    var report = BuildReport()
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

    /// Every position the site's pages want a hint for, with the settings that compute them, without
    /// building anything (`hoshi hints`, `hoshi cache prune`): the load and claim phases of a build, then the
    /// engine work every kind asks for. Nil when the configuration has errors.
    public func hintJobs() -> [HintJob]? {
        guard let site = load() else { return nil }
        let claimed = claim(site)
        return engineWork(claimed).hintJobs
    }

    /// The engine work the kinds that ask for it (`RequestsEngineWork`) want for their claimed files.
    private func engineWork(_ claimed: ClaimedFiles) -> EngineWork {
        var work = EngineWork()
        for (reader, files) in zip(claimed.readers, claimed.byReader) {
            guard let asking = reader as? any RequestsEngineWork else { continue }
            work.append(asking.engineWork(for: files, progress: progress))
        }
        return work
    }

    /// Builds and writes the site. Returns the report, or nil when errors stopped the build (they are in `log`).
    public func build() -> BuildReport? {
        guard let files = render() else { return nil }
        let writer = OutputWriter(outputDirectory: options.outputDirectory, sourceDirectory: options.sourceDirectory)
        let written = measure("write") { () -> Bool in
            do {
                try writer.update(files, memory: memory)
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
        return written ? report : nil
    }

    /// Reads, renders and checks everything without writing: `hoshi check`.
    public func check() -> BuildReport? {
        render() == nil ? nil : report
    }

    /// All phases but writing. Returns the files to write, or nil on errors.
    public func render() -> [OutputFile]? {
        guard let loaded = load() else { return nil }
        let configuration = loaded.configuration
        let (theme, themeDiagnostics) = measure("theme") { Theme.load(overrides: options.sourceDirectory.appending(path: "templates")) }
        log.append(contentsOf: themeDiagnostics)
        let templates: TemplateRenderer
        do {
            templates = try measure("templates") { () throws(TemplateErrors) -> TemplateRenderer in
                if let kept = memory.templates, kept.sources == theme.templates { return kept.renderer }
                let renderer = try TemplateRenderer(theme: theme)
                memory.templates = (theme.templates, renderer, NavigationRenderer.ClosedEntries())
                return renderer
            }
        } catch {
            log.append(contentsOf: (error as? TemplateErrors)?.diagnostics ?? [.error("\(error)")])
            return nil
        }

        // Model. Reading errors do not stop here: rendering and link checking still run, so one build (or
        // `hoshi check`) reports every problem of the site at once.
        var site = measure("read") { readPages(claim(loaded), configuration: configuration) }
        let navigation = navigationTree(site.navigationItems, preferredOrder: configuration.navigation)
        if site.needsGeneratedHome {
            site.pages.append(generatedHomePage(configuration: configuration, navigation: navigation))
        }

        // Render.
        var outputs: [OutputFile] = []
        var assetPaths: [String: String] = [:]
        for (path, file) in theme.assets.sorted(by: { $0.key < $1.key }) {
            let fingerprinted = AssetFingerprint.fingerprintedPath(path, data: file.data)
            assetPaths[AssetFingerprint.templateKey(for: path)] = fingerprinted
            outputs.append(OutputFile(path: fingerprinted, contents: .data(file.data)))
        }
        let index = measure("search index") { SearchIndexBuilder().build(site.pages, analyses: &memory.searchAnalyses) }
        let searchIndex = index.data
        // Not fingerprinted, unlike theme assets: every page links to it, and its content changes with any
        // text, so a fingerprint would change every page on every edit. The text files it names are.
        assetPaths[AssetFingerprint.templateKey(for: SearchIndex.assetPath)] = SearchIndex.assetPath
        outputs.append(OutputFile(path: SearchIndex.assetPath, contents: .data(searchIndex)))
        outputs += index.textFiles.map { OutputFile(path: $0.path, contents: .data($0.data)) }
        site.pages.append(notFoundPage(title: configuration.title))
        let inputs = RenderInputs(configuration: configuration, templates: theme.templates, assetPaths: assetPaths)
        guard let renders = measure("render", { renderPages(site.pages, inputs: inputs, navigation: navigation, templates: templates) })
        else { return nil }
        outputs += site.assets
        for render in renders {
            // Renderings hold their bytes as `Data` already: no copy of every page on every rebuild.
            outputs.append(OutputFile(path: render.page.outputPath, contents: .data(render.data)))
            report.htmlBytes += render.html.count
        }
        report.notes.append(Self.searchIndexNote(indexBytes: searchIndex.count, htmlBytes: report.htmlBytes))
        if let baseURL = configuration.baseURL {
            let sitemap = Sitemap(baseURL: baseURL, paths: site.pages.map(\.outputPath).filter { $0 != "404.html" })
            outputs.append(OutputFile(path: "sitemap.xml", contents: .data(Data(sitemap.xml.utf8))))
        }
        report.pageCount = site.pages.count
        report.assetCount = outputs.count - site.pages.count

        let allPaths = checkCollisions(outputs, site: site)

        // Check.
        let linkDiagnostics = measure("links") { checkLinks(renders, files: allPaths) }
        log.append(contentsOf: linkDiagnostics)
        progress.finish()
        return log.hasErrors ? nil : outputs
    }

    // MARK: - Phases

    /// What the load phase found: the site's settings and every content file.
    struct LoadedSite {
        var configuration: SiteConfiguration
        /// Every file under `content/` and the mounts, sorted by content path.
        var files: [ContentFile]
    }

    /// Reads hoshi.yml and finds the content files. Nil when the configuration has errors (they are in `log`).
    private func load() -> LoadedSite? {
        guard let configuration = measure("configuration", loadConfiguration) else { return nil }
        if memory.configuration != configuration {
            memory.forget()
            memory.configuration = configuration
        }
        memory.sources.startBuild()
        memory.independentlyReadFileCount = 0
        let discovery = ContentDiscovery(siteDirectory: options.sourceDirectory, mounts: configuration.mounts,
                                         listings: memory.listings)
        let (files, discoveryDiagnostics) = measure("discovery") { discovery.discover() }
        log.append(contentsOf: discoveryDiagnostics)
        return LoadedSite(configuration: configuration, files: files)
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

    /// The pages, assets and navigation entries read from the content files.
    struct ReadSite {
        var pages: [Page] = []
        var assets: [OutputFile] = []
        var navigationItems: [NavigationItem] = []
        /// No `content/index.md`: the home page is generated once the navigation it lists exists.
        var needsGeneratedHome = false
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
        /// Files no reader claims: copied as they are.
        var unclaimed: [ContentFile]
    }

    /// Hands every file to the reader of highest claim priority that claims it.
    private func claim(_ site: LoadedSite) -> ClaimedFiles {
        let readers = ContentKinds.readers(for: site.configuration)
        let claimed = claims(of: site.files, readers: readers)
        return ClaimedFiles(files: site.files, readers: readers, byReader: claimed.byReader, linkTargets: claimed.linkTargets,
                            unclaimed: claimed.unclaimed)
    }

    /// Runs the readers on their claimed files, and adds a navigation entry for every folder holding pages.
    /// Files no reader claims are copied as they are.
    private func readPages(_ claimed: ClaimedFiles, configuration: SiteConfiguration) -> ReadSite {
        let (files, readers) = (claimed.files, claimed.readers)
        var site = ReadSite()
        site.assets = claimed.unclaimed.map { OutputFile(path: $0.relativePath, contents: .copy($0.url)) }
        let hints = HintOptions(cache: hintCache, computesMissing: options.computesHints, progress: hintProgress)
        let context = ReadingContext(configuration: configuration, files: files, linkTargets: claimed.linkTargets, progress: progress,
                                     hints: hints)
        var content = ReadContent()
        let generations = sharedReadingGenerations(files, readers: readers, claimed: claimed.byReader, unclaimed: claimed.unclaimed,
                                                   linkTargets: claimed.linkTargets)
        for (number, (reader, files)) in zip(readers, claimed.byReader).enumerated() {
            content.append(read(files, with: reader, number: number, generations: generations, in: context))
        }
        log.append(contentsOf: content.diagnostics)
        report.notes += content.notes
        report.hints = content.hints
        if content.hints.positions > 0 { report.notes.append(content.hints.summary) }
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
        return page
    }

    /// Two sources writing one output file is an error naming both. Returns the paths of all outputs.
    private func checkCollisions(_ outputs: [OutputFile], site: ReadSite) -> Set<String> {
        var paths = Set<String>(minimumCapacity: outputs.count)
        var collided = false
        for output in outputs where !paths.insert(output.path).inserted { collided = true }
        guard collided else { return paths }
        var sources: [String: String] = [:]
        for page in site.pages { sources[page.outputPath] = page.sourcePath }
        for asset in site.assets { if case let .copy(url) = asset.contents { sources[asset.path] = displayPath(url) } }
        var seen: [String: Int] = [:]
        for output in outputs { seen[output.path, default: 0] += 1 }
        for (path, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
            let pages = site.pages.filter { $0.outputPath == path }.map(\.sourcePath)
            let assets = site.assets.filter { $0.path == path }.compactMap { asset -> String? in
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

    func measure<T>(_ phase: String, _ work: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            report.phases.append((phase, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
        return try work()
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
