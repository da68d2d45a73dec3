import Foundation
import HoshiCore

/// The phases of a build that reuse a ``BuildMemory``: each takes the inputs the phase without memory takes,
/// reuses what was made from equal inputs, and runs the same code on the rest.
extension SiteBuilder {
    // MARK: - Reading

    /// What every reader sees besides its own files' bytes.
    func sharedReadingInputs(_ files: [ContentFile], readers: [any ContentKindReader], claimed: [[ContentFile]],
                             linkTargets: [String: String], memory: BuildMemory) -> SharedReadingInputs {
        var independent: Set<String> = []
        for (reader, files) in zip(readers, claimed) where reader.readsFilesIndependently {
            independent.formUnion(files.map(\.relativePath))
        }
        var hashes: [String: UInt64] = [:]
        for file in files where !independent.contains(file.relativePath) {
            hashes[file.relativePath] = memory.sources.hash(of: file.url)
        }
        return SharedReadingInputs(paths: files.map(\.relativePath), linkTargets: linkTargets, sharedHashes: hashes)
    }

    /// What `reader` makes of `files`: kept when its inputs are unchanged, otherwise read again (only the
    /// changed files, for a reader that reads files independently).
    func read(_ files: [ContentFile], with reader: any ContentKindReader, number: Int, shared: SharedReadingInputs,
              in context: ReadingContext, memory: BuildMemory) -> ReadContent {
        let kept = memory.readers[number].flatMap { $0.shared == shared ? $0 : nil }
        guard reader.readsFilesIndependently else {
            let fileReads = memory.fileReads(of: number, hashes: shared.sharedHashes)
            let paths = files.map(\.relativePath)
            if let kept, kept.claimed == paths, let whole = kept.whole { return whole }
            let content = reader.read(files, in: context.remembering(fileReads))
            memory.readers[number] = ReaderMemory(shared: shared, claimed: paths, whole: content)
            return content
        }
        let hashes = files.map { memory.sources.hash(of: $0.url) }
        var perFile: [String: (hash: UInt64, content: ReadContent)] = [:]
        var stale: [(file: ContentFile, hash: UInt64)] = []
        for (file, hash) in zip(files, hashes) {
            if let entry = kept?.perFile[file.relativePath], entry.hash == hash {
                perFile[file.relativePath] = entry
            } else {
                stale.append((file, hash))
            }
        }
        let quiet = ReadingContext(configuration: context.configuration, files: context.files,
                                   linkTargets: context.linkTargets, progress: BuildProgress(isEnabled: false),
                                   hints: context.hints)
        let fresh = parallelMap(stale.map(\.file), phase: "reading", progress: progress) { file in
            UnsafeSendable(reader.read([file], in: quiet))
        }
        for ((file, hash), content) in zip(stale, fresh) { perFile[file.relativePath] = (hash, content.value) }
        memory.readers[number] = ReaderMemory(shared: shared, perFile: perFile)
        var content = ReadContent()
        for file in files {
            if let entry = perFile[file.relativePath] { content.append(entry.content) }
        }
        return content
    }

    // MARK: - Rendering

    /// Renders the pages whose model or render inputs changed and keeps the others' HTML. Returns each
    /// page's HTML and link scan, or nil on errors.
    func renderPages(_ pages: [Page], inputs: RenderInputs, navigation: NavigationTree, templates: TemplateRenderer,
                     memory: BuildMemory) -> (html: [[UInt8]], renders: [RememberedRender])? {
        let inputsChanged = memory.renderInputs != inputs
        memory.renderInputs = inputs
        // Each page's view of the navigation, worked out again only when the navigation changed.
        let navigationChanged = memory.navigation != navigation
        memory.navigation = navigation
        let views = navigationChanged
            ? parallelMap(pages, phase: "navigation", progress: progress) { NavigationView(of: $0.navigationID, in: navigation) }
            : pages.map { memory.renders[$0.outputPath]?.view }
        var stale: [(page: Page, view: NavigationView)] = []
        for (page, view) in zip(pages, views) {
            let kept = memory.renders[page.outputPath]
            if let view, !inputsChanged, let kept, kept.page == page, kept.view == view { continue }
            stale.append((page, view ?? NavigationView(of: page.navigationID, in: navigation)))
        }
        let renderer = PageRenderer(configuration: inputs.configuration, navigation: navigation,
                                    templates: templates, assetPaths: inputs.assetPaths, homePath: "index.html")
        let firstSerial = memory.renderCount
        memory.renderCount += stale.count
        let numbered = stale.enumerated().map { (serial: firstSerial + $0, page: $1.page, view: $1.view) }
        let results = parallelMap(numbered, phase: "rendering", progress: progress) { serial, page, view in
            UnsafeSendable(renderer.render(page).map { html -> RememberedRender in
                let bytes = Array(html.utf8)
                let document = LinkChecker.Document(outputPath: page.outputPath, html: bytes, sourcePath: page.sourcePath,
                                                    sourceLinks: page.sourceLinks, scriptFragments: page.scriptFragments)
                return RememberedRender(serial: serial, page: page, view: view, html: bytes, data: Data(bytes),
                                        scan: LinkChecker.scan(document))
            })
        }
        var failed = false
        var changed: Set<String> = []
        for result in results {
            switch result.value {
            case let .success(render):
                if memory.renders[render.page.outputPath]?.html != render.html { changed.insert(render.page.outputPath) }
                memory.renders[render.page.outputPath] = render
            case let .failure(error):
                log.append(error.diagnostic)
                failed = true
            }
        }
        memory.renderedPageCount = stale.count
        if failed { return nil }
        let outputPaths = Set(pages.map(\.outputPath))
        changed.formUnion(memory.renders.keys.filter { !outputPaths.contains($0) })
        memory.renders = memory.renders.filter { outputPaths.contains($0.key) }
        memory.changedPages = changed.sorted()
        var renders: [RememberedRender] = []
        for page in pages {
            guard let render = memory.renders[page.outputPath] else { return nil }
            renders.append(render)
        }
        return (renders.map(\.html), renders)
    }

    // MARK: - Links

    /// Resolves again the links of pages that changed, or that consulted a file which appeared, disappeared
    /// or changed its ids; keeps the other pages' verdicts.
    func checkLinks(_ documents: [LinkChecker.Document], renders: [RememberedRender], files: Set<String>,
                    memory: BuildMemory) -> [Diagnostic] {
        let scans = renders.map(\.scan)
        var identifiers: [String: Set<String>] = [:]
        for (document, scan) in zip(documents, scans) { identifiers[document.outputPath] = scan.identifiers }
        let previous = memory.links
        var reach = files.symmetricDifference(previous.files)
        for (path, ids) in identifiers where previous.identifiers[path] != ids { reach.insert(path) }
        for path in previous.identifiers.keys where identifiers[path] == nil { reach.insert(path) }

        // The pages that consulted a path in reach, from the index kept with the verdicts.
        var reached: Set<String> = []
        for path in reach { reached.formUnion(previous.consultedBy[path] ?? []) }

        let checker = LinkChecker()
        var verdicts = LinkChecker.VerdictCache()
        var kept = previous
        kept.files = files
        kept.identifiers = identifiers
        var diagnostics: [Diagnostic] = []
        for (document, render) in zip(documents, renders) {
            let path = document.outputPath
            if let entry = previous.results[path], entry.renderSerial == render.serial, !reached.contains(path),
               entry.sourcePath == document.sourcePath, entry.sourceLinks == document.sourceLinks {
                diagnostics += entry.resolution.diagnostics
                continue
            }
            let resolution = checker.resolve(render.scan.links, of: document, files: files, idsByPath: identifiers,
                                             verdicts: &verdicts)
            kept.forget(path)
            kept.results[path] = KeptResolution(renderSerial: render.serial, sourcePath: document.sourcePath,
                                                sourceLinks: document.sourceLinks, resolution: resolution)
            for consulted in resolution.consultedPaths { kept.consultedBy[consulted, default: []].insert(path) }
            diagnostics += resolution.diagnostics
        }
        let pagePaths = Set(documents.map(\.outputPath))
        for path in previous.results.keys where !pagePaths.contains(path) { kept.forget(path) }
        memory.links = kept
        return diagnostics
    }
}

/// Link check results of the last build, by page.
struct LinkMemory {
    var files: Set<String> = []
    var identifiers: [String: Set<String>] = [:]
    var results: [String: KeptResolution] = [:]
    /// For each output path, the pages whose verdicts consulted it: the pages to check again when it
    /// appears, disappears or changes its ids.
    var consultedBy: [String: Set<String>] = [:]

    /// Drops a page's verdicts and its entries in `consultedBy`.
    mutating func forget(_ page: String) {
        guard let entry = results.removeValue(forKey: page) else { return }
        for path in entry.resolution.consultedPaths { consultedBy[path]?.remove(page) }
    }
}

/// One page's link verdicts, with the inputs they were reached from besides the site's files and ids.
struct KeptResolution {
    /// The rendering whose links were resolved (`RememberedRender.serial`).
    var renderSerial: Int
    var sourcePath: String
    var sourceLinks: [SourceLink]
    var resolution: LinkChecker.Resolution
}
