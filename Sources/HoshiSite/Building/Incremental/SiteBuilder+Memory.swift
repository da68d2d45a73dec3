import Foundation
import HoshiCore

/// The steps of the build's phases that reuse its ``BuildMemory``: each reuses what was made from equal inputs,
/// and runs on the rest (everything, when the memory is new).
extension SiteBuilder {
    // MARK: - Reading

    /// The content hashes of every file no independent reader claims: what every reader may consult.
    func sharedReadingHashes(_ claimed: ClaimedFiles) -> [String: UInt64] {
        var hashes: [String: UInt64] = [:]
        for (reader, files) in zip(claimed.readers, claimed.byReader) where !reader.readsFilesIndependently {
            for file in files { hashes[file.relativePath] = memory.sources.hash(of: file) }
        }
        for file in claimed.unclaimed { hashes[file.relativePath] = memory.sources.hash(of: file) }
        return hashes
    }

    /// Notes what every reader sees besides its own files' bytes (`hashes`: `sharedReadingHashes`), and returns
    /// the versions of those inputs (`BuildMemory.sharedInputs`): readers' kept results are reused only from
    /// the same versions.
    func sharedReadingVersions(_ claimed: ClaimedFiles, hashes: [String: UInt64]) -> SharedReadingVersions {
        let (files, linkTargets) = (claimed.files, claimed.linkTargets)
        let shared = SharedReadingInputs(paths: files.map(\.relativePath), linkTargets: linkTargets,
                                         filesWithMoveAnchors: claimed.filesWithMoveAnchors, sharedHashes: hashes)
        guard let kept = memory.sharedInputs else {
            let versions = SharedReadingVersions(all: 1, layout: 1)
            memory.sharedInputs = (shared, versions)
            return versions
        }
        if kept.inputs == shared { return kept.versions }
        let sameLayout = kept.inputs.paths == shared.paths && kept.inputs.linkTargets == shared.linkTargets
            && kept.inputs.filesWithMoveAnchors == shared.filesWithMoveAnchors
        let versions = SharedReadingVersions(all: kept.versions.all + 1,
                                             layout: kept.versions.layout + (sameLayout ? 0 : 1))
        memory.sharedInputs = (shared, versions)
        return versions
    }

    /// What `reader` makes of `files`: kept when its inputs are unchanged, otherwise read again (only the
    /// changed files, for a reader that reads files independently).
    func read(_ files: [ContentFile], with reader: any ContentKindReader, number: Int, versions: SharedReadingVersions,
              in context: ReadingContext) -> ReadContent {
        guard reader.readsFilesIndependently else {
            let paths = files.map(\.relativePath)
            if let kept = memory.readers[number], kept.sharedVersion == versions.all, kept.claimed == paths,
               kept.engineResults == context.engineResults, let whole = kept.whole {
                return whole
            }
            let content = reader.read(files, in: context)
            memory.readers[number] = ReaderMemory(sharedVersion: versions.all, claimed: paths,
                                                  engineResults: context.engineResults, whole: content)
            return content
        }
        // Taken out of the memory, so updating it does not copy it. Kept while the file list and link targets
        // are the same; each file's result also while the files it consulted (diagrams' SGF files) are.
        var perFile: [String: KeptFileRead] = [:]
        if let kept = memory.readers.removeValue(forKey: number), kept.sharedVersion == versions.layout {
            perFile = kept.perFile
        }
        let sharedHashes = memory.sharedInputs?.inputs.sharedHashes ?? [:]
        var stale: [(file: ContentFile, hash: UInt64)] = []
        for file in files {
            let hash = memory.sources.hash(of: file)
            let isCurrent = perFile[file.relativePath].map { kept in
                kept.hash == hash && kept.consulted.allSatisfy { sharedHashes[$0.key] == $0.value }
            } ?? false
            if !isCurrent { stale.append((file, hash)) }
        }
        var quiet = context
        quiet.progress = BuildProgress(isEnabled: false)
        let fresh = parallelMap(stale.map(\.file), phase: "reading", progress: progress) { file in
            UnsafeSendable(reader.read([file], in: quiet))
        }
        memory.independentlyReadFileCount += stale.count
        for ((file, hash), content) in zip(stale, fresh) {
            var consulted: [String: UInt64] = [:]
            for path in content.value.consultedFiles { consulted[path] = sharedHashes[path] ?? 0 }
            perFile[file.relativePath] = KeptFileRead(hash: hash, consulted: consulted, content: content.value)
        }
        if perFile.count != files.count {
            let paths = Set(files.map(\.relativePath))
            perFile = perFile.filter { paths.contains($0.key) }
        }
        memory.readers[number] = ReaderMemory(sharedVersion: versions.layout, perFile: perFile)
        var content = ReadContent()
        for file in files {
            if let entry = perFile[file.relativePath] { content.append(entry.content) }
        }
        return content
    }

    // MARK: - Claiming

    /// Which reader claims each file (the first in claim order that does), each claimed file's link target,
    /// and the files no reader claims (copied as they are). Each file's claim is kept while the file's bytes
    /// are the same (a reader may look into a file to claim it: problems); the configuration, the other
    /// input, drops the memory; files gone are forgotten.
    func claims(of files: [ContentFile], readers: [any ContentKindReader], in context: ClaimingContext)
        -> (byReader: [[ContentFile]], linkTargets: [String: String], unclaimed: [ContentFile]) {
        var byReader = Array(repeating: [ContentFile](), count: readers.count)
        var linkTargets: [String: String] = [:]
        var unclaimed: [ContentFile] = []
        for file in files {
            let hash = memory.sources.hash(of: file)
            let claim: Claim?
            if let kept = memory.claims[file.relativePath], kept.hash == hash {
                claim = kept.claim
            } else {
                claim = Self.claim(of: file, readers: readers, in: context)
                memory.claims[file.relativePath] = (hash, claim)
            }
            guard let claim else {
                unclaimed.append(file)
                continue
            }
            byReader[claim.reader].append(file)
            linkTargets[file.relativePath] = claim.linkTarget
        }
        if memory.claims.count != files.count {
            let paths = Set(files.map(\.relativePath))
            memory.claims = memory.claims.filter { paths.contains($0.key) }
        }
        return (byReader, linkTargets, unclaimed)
    }

    /// Which reader reads a file (by its place in claim order), and the page a link to the file opens.
    struct Claim {
        var reader: Int
        var linkTarget: String?
    }

    /// The first reader claiming `file`, or nil when none does (the file is copied as it is).
    static func claim(of file: ContentFile, readers: [any ContentKindReader], in context: ClaimingContext) -> Claim? {
        readers.firstIndex(where: { $0.claims(file, in: context) }).map {
            Claim(reader: $0, linkTarget: readers[$0].linkTarget(for: file, in: context))
        }
    }

    // MARK: - Navigation

    /// The navigation tree of `items`, kept while the entries and the preferred order are the same.
    func navigationTree(_ items: [NavigationItem], preferredOrder: [String]) -> NavigationTree {
        if let kept = memory.navigationSource, kept.items == items, kept.preferredOrder == preferredOrder { return kept.tree }
        let tree = NavigationTree(items: items, preferredOrder: preferredOrder)
        memory.navigationSource = (items, preferredOrder, tree)
        return tree
    }

    // MARK: - Rendering

    /// Renders the pages whose model or render inputs changed and keeps the others' HTML. Returns each
    /// page's rendering (HTML and link scan), or nil on errors.
    func renderPages(_ pages: [Page], inputs: RenderInputs, navigation: NavigationTree,
                     templates: TemplateRenderer) -> [KeptRender]? {
        let inputsChanged = memory.renderInputs != inputs
        memory.renderInputs = inputs
        // Each page's view of the navigation, worked out again only when the navigation changed.
        let navigationChanged = memory.navigation != navigation
        memory.navigation = navigation
        var sidebars = NavigationView.Sidebars(navigation: navigation)
        let views = navigationChanged ? pages.map { NavigationView(of: $0.navigationID, in: navigation, sidebars: &sidebars) } : nil
        var comparisons = NavigationView.Comparisons()
        var stale: [(page: Page, view: NavigationView)] = []
        for (number, page) in pages.enumerated() {
            let kept = memory.renders[page.outputPath]
            if !inputsChanged, let kept, kept.page == page {
                guard let views else { continue }  // the same navigation: the same view
                if comparisons.same(kept.view, views[number]) { continue }
            }
            stale.append((page, views?[number] ?? NavigationView(of: page.navigationID, in: navigation, sidebars: &sidebars)))
        }
        let renderer = PageRenderer(configuration: inputs.configuration, navigation: navigation, templates: templates,
                                    assetPaths: inputs.assetPaths, homePath: "index.html",
                                    closedEntries: memory.templates?.closedEntries ?? NavigationRenderer.ClosedEntries())
        let results = parallelMap(stale, phase: "rendering", progress: progress) { page, view in
            UnsafeSendable(renderer.render(page).map { html -> KeptRender in
                let bytes = Array(html.utf8)
                let document = LinkChecker.Document(outputPath: page.outputPath, html: bytes, sourcePath: page.sourcePath,
                                                    sourceLinks: page.sourceLinks, scriptFragments: page.scriptFragments)
                return KeptRender(page: page, view: view, html: bytes, data: Data(bytes),
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
        var renders: [KeptRender] = []
        renders.reserveCapacity(pages.count)
        for page in pages {
            guard let render = memory.renders[page.outputPath] else { return nil }
            renders.append(render)
        }
        if memory.renders.count != pages.count {
            let outputPaths = Set(pages.map(\.outputPath))
            changed.formUnion(memory.renders.keys.filter { !outputPaths.contains($0) })
            memory.renders = memory.renders.filter { outputPaths.contains($0.key) }
        }
        memory.changedPages = changed.sorted()
        return renders
    }

    // MARK: - Links

    /// Resolves again the links of pages that changed, or that consulted a file which appeared, disappeared
    /// or changed its ids; keeps the other pages' verdicts.
    func checkLinks(_ renders: [KeptRender], files: Set<String>) -> [Diagnostic] {
        let documents = renders.map { render in
            let page = render.page
            return LinkChecker.Document(outputPath: page.outputPath, html: render.html, sourcePath: page.sourcePath,
                                        sourceLinks: page.sourceLinks, scriptFragments: page.scriptFragments)
        }
        let scans = renders.map(\.scan)
        var identifiers: [String: Set<String>] = [:]
        for (document, scan) in zip(documents, scans) { identifiers[document.outputPath] = scan.identifiers }
        // Taken out of the memory, so updating it does not copy it.
        var kept = memory.links
        memory.links = LinkMemory()
        var reach = files.symmetricDifference(kept.files)
        for (path, ids) in identifiers where kept.identifiers[path] != ids { reach.insert(path) }
        for path in kept.identifiers.keys where identifiers[path] == nil { reach.insert(path) }

        let reached = kept.pages(consulting: reach)

        kept.files = files
        kept.identifiers = identifiers
        let isKept = documents.indices.map { index in
            let (document, render) = (documents[index], renders[index])
            guard let entry = kept.results[document.outputPath] else { return false }
            return entry.links == render.scan.links && !reached.contains(document.outputPath)
                && entry.sourcePath == document.sourcePath && entry.sourceLinks == document.sourceLinks
        }
        let stale = documents.indices.filter { !isKept[$0] }
        let resolutions = LinkChecker().resolve(stale.map { (renders[$0].scan.links, documents[$0]) }, files: files,
                                                idsByPath: identifiers)
        var fresh = zip(stale, resolutions).makeIterator()
        var diagnostics: [Diagnostic] = []
        for (index, (document, render)) in zip(documents, renders).enumerated() {
            let path = document.outputPath
            if isKept[index], let entry = kept.results[path] {
                diagnostics += entry.resolution.diagnostics
                continue
            }
            guard let (_, resolution) = fresh.next() else { break }
            kept.keep(KeptResolution(links: render.scan.links, sourcePath: document.sourcePath,
                                     sourceLinks: document.sourceLinks, resolution: resolution), for: path)
            diagnostics += resolution.diagnostics
        }
        if kept.results.count != documents.count {
            let pagePaths = Set(documents.map(\.outputPath))
            for path in kept.results.keys.filter({ !pagePaths.contains($0) }) { kept.forget(path) }
        }
        memory.links = kept
        return diagnostics
    }
}

/// Link check results of the last build, by page.
struct LinkMemory {
    var files: Set<String> = []
    var identifiers: [String: Set<String>] = [:]
    private(set) var results: [String: KeptResolution] = [:]
    /// For each output path, the pages whose verdicts consulted it: the pages to check again when it
    /// appears, disappears or changes its ids. Made from `results` when a rebuild first asks
    /// (`pages(consulting:)`), then kept up to date: a thousand pages consult a quarter of a million paths,
    /// and `hoshi build`, which never rebuilds, would spend a tenth of a second on an index it never reads.
    private var consultedBy: [String: Set<String>]?

    /// The pages whose verdicts consulted any of `paths`.
    mutating func pages(consulting paths: Set<String>) -> Set<String> {
        guard !paths.isEmpty, !results.isEmpty else { return [] }
        let index = consultedBy ?? makeConsultedBy()
        consultedBy = index
        var pages: Set<String> = []
        for path in paths { pages.formUnion(index[path] ?? []) }
        return pages
    }

    /// Keeps a page's verdicts in place of any earlier ones.
    mutating func keep(_ resolution: KeptResolution, for page: String) {
        forget(page)
        results[page] = resolution
        guard consultedBy != nil else { return }
        for path in resolution.resolution.consultedPaths { consultedBy?[path, default: []].insert(page) }
    }

    /// Drops a page's verdicts and its entries in `consultedBy`.
    mutating func forget(_ page: String) {
        guard let entry = results.removeValue(forKey: page), consultedBy != nil else { return }
        for path in entry.resolution.consultedPaths { consultedBy?[path]?.remove(page) }
    }

    private func makeConsultedBy() -> [String: Set<String>] {
        var index: [String: Set<String>] = [:]
        for (page, entry) in results {
            for path in entry.resolution.consultedPaths { index[path, default: []].insert(page) }
        }
        return index
    }
}

/// One page's link verdicts, with the inputs they were reached from besides the site's files and ids.
struct KeptResolution {
    /// The links resolved, as the page's HTML holds them: a page rendered again with the same links (a
    /// title edit changes the text of a hundred sidebars, not their links) keeps its verdicts.
    var links: [String]
    var sourcePath: String
    var sourceLinks: [SourceLink]
    var resolution: LinkChecker.Resolution
}
