import Foundation

/// What `hoshi serve` keeps from one build to the next, so that a rebuild redoes only the work whose inputs
/// changed.
///
/// Every kept result is stored with *all* the inputs of the step that made it, and reused only when those
/// inputs compare equal (file bytes by content hash, models by value). The steps themselves are the ones a
/// build without memory runs, so a rebuild writes exactly the bytes a clean build of the same sources would:
/// `Tests/browser/test_incremental.py` (a running `hoshi serve`) and `BuildMemoryTests` check this after
/// every kind of edit.
///
/// ## Dependency rules: what an edit reaches
///
/// - **`hoshi.yml`**: everything. The memory is dropped and the build starts from scratch.
/// - **Finding the files**: a folder is listed again when its time stamp changed, or when it was listed
///   within 2 s of its last change (`DirectoryListings`); a file's bytes are hashed again when its size,
///   inode or time stamp changed, or when it was hashed within 2 s of its last change (`SourceHashes`).
/// - **Which reader claims a file** (and the page a link to it opens) is worked out again when the file's
///   bytes changed (the problem reader looks into SGF files to claim them).
/// - **An SGF file** is parsed again when its bytes changed; one parse serves every kind in a build
///   (`ParsedSGFFiles`: claiming, engine work planning, games, problems, diagrams).
/// - **A template** (`templates/layouts`, `templates/partials`): every page is rendered again.
/// - **A theme asset** (`templates/assets`): its fingerprinted name changes, and with it every page.
/// - **A content file's bytes**: the reader that claims it. A reader that reads its files independently
///   (Markdown, `ContentKindReader.readsFilesIndependently`) re-reads that one file; the others (MANUAL,
///   Lights Off, problems, games) read all their files again, because one file can shape several pages
///   (collections, player pages, problem sets). Games and problems keep their steps' results (`ReadStep`)
///   per file in their `ReadStepMemory`, as below.
/// - **Games** read all their files again, but from their step memory: a file's pages, summaries and
///   navigation entries are made again only when its bytes, its place (the file, its navigation parent,
///   whether its games are listed), the `games:` settings, its hint settings or the hints found for its
///   positions changed; its order among the files is set afterwards, so a file added before it leaves it
///   alone. Its hint plan (parse and replay, made by the engine work phase) is made again only when its
///   bytes or hint settings changed.
///   A collection's index is made again when the summaries of its games (title, players, result, date,
///   event, moves, paths) or its place changed, the players' pages when any game's summary changed.
/// - **Problems** replay, analyse and page a file again only when it, its bytes, its solver settings or the
///   solver's answers for it changed (nothing else of the site shapes what one file holds): a file holding a
///   set keeps its set's pages, a one-problem file its replay, its folder's set being made again from its
///   files. Its solver plan is made again only when its bytes or solver settings changed.
/// - **A content file added, removed or renamed**: link targets may change, so every reader reads again
///   (games and problems from their step memories, as above; Markdown every file).
/// - **Move hints** (and the solver's answers) are not an input of their own: the engine's caches under
///   `.hoshi-cache/` hold what the engine computed for a position or problem and settings (`hoshi serve`
///   computes missing ones). A cache is another thing than this memory: it is on disk, shared by every
///   build, `hoshi hints` and the machines of a sharded run, and keyed by what was computed rather than by
///   sources, so nothing in it is ever stale; this memory lives in one process and holds what the last build
///   made. The caches are looked up by the engine work phase of every build (`RequestsEngineWork`); a reader
///   reading all its files at once reads again when the engine's answers differ from the last build's, and a
///   game file's pages are made again when the hints found for its positions do.
/// - **Any file no independent reader claims** (SGF games, problem and Lights Off sets, pictures): the
///   readers reading all their files at once read again (games and problems from their step memories); a
///   Markdown file is read again only if its diagrams drew from that file (`ReadContent.consultedFiles`).
/// - **A page's model** (title, body, headings, links, search text, layout): that page is rendered again,
///   and its part of the search index made again.
/// - **The navigation** (a title, an order, a page added or removed): the pages whose view of it changed
///   (`NavigationView`: the sidebar entries they list, their breadcrumbs, their previous and next pages)
///   are rendered again.
/// - **The search index** is written again on every change, from each page's kept part (analysed again
///   only for changed pages) and term lists updated for the changed pages' targets (gathered again from
///   every page when a page moves or its number of sections changes). Its name carries no fingerprint
///   (every page links to it, so one would change every page); each page's text file is named after its
///   content, so an edit writes the edited page's file alone.
/// - **Links**: a page's links and ids are scanned again when its HTML changes. A page's links are resolved
///   again when its links or source links changed, or when a file it links to appeared or disappeared, or
///   changed its ids (a heading's anchor).
/// - **Writing**: only files whose bytes differ from what the last build wrote are written, each atomically
///   (a temporary file renamed over it); files no longer made are removed. A failed build writes nothing,
///   so the last good site stays served.
///
/// `hoshi build` runs the same steps with an empty memory (every step runs, every result is kept for a next
/// build that never comes). One build uses the memory at a time; `DevServer` runs its builds one after another.
public final class BuildMemory: @unchecked Sendable {
    public init() {}

    /// The configuration the kept results were made with; a different one drops them all.
    var configuration: SiteConfiguration?
    /// The compiled templates, the theme sources they were compiled from, and the sidebar entries
    /// rendered with them.
    var templates: (sources: [String: Theme.File], renderer: TemplateRenderer, closedEntries: NavigationRenderer.ClosedEntries)?
    /// Listings of the content folders, reused for folders whose entries did not change.
    let listings = DirectoryListings()
    /// Content hashes of source files, refreshed only for files whose size or modification time changed.
    var sources = SourceHashes()
    /// Which reader claimed each file and its link target, with the hash of the file's bytes then.
    var claims: [String: (hash: UInt64, claim: SiteBuilder.Claim?)] = [:]
    /// What every reader consulted besides its own files in the last build, numbered so that each reader's
    /// memory compares a number rather than the whole site's file list.
    var sharedInputs: (inputs: SharedReadingInputs, versions: SharedReadingVersions)?
    /// Per reader (by registration number): what it read last time, and from which inputs.
    var readers: [Int: ReaderMemory] = [:]
    /// Per reader (by registration number): its steps' results.
    var readSteps: [Int: ReadStepMemory] = [:]
    /// Every SGF file's parse, by content path, with the content hash it was made from.
    private(set) var sgfFiles = ParsedSGFFiles()
    /// What each page contributed to the search index.
    var searchAnalyses = SearchIndexAnalyses()
    /// What pages were rendered with; different inputs render every page again.
    var renderInputs: RenderInputs?
    /// The navigation of the last build; when it changed, each page's `NavigationView` is compared.
    var navigation: NavigationTree?
    /// The entries and order the last navigation tree was made from.
    var navigationSource: (items: [NavigationItem], preferredOrder: [String], tree: NavigationTree)?
    /// Per output path: the page model last rendered, its HTML and its links.
    var renders: [String: KeptRender] = [:]
    /// Link check results per page.
    var links = LinkMemory()
    /// What the output folder holds, as this memory wrote it; nil until a complete write.
    var written: WrittenSite?

    /// Output paths of the pages whose HTML the last build changed, added or removed: the pages live
    /// reload reloads.
    public internal(set) var changedPages: [String] = []
    /// Number of pages the last build rendered (the others were kept), for the summary line.
    public internal(set) var renderedPageCount = 0
    /// Number of files the last build read again through readers reading files independently (the others
    /// were kept).
    var independentlyReadFileCount = 0

    /// The memory of reader `number`'s steps, readied for a build of files with these content hashes.
    func readSteps(of number: Int, hashes: [String: UInt64]) -> ReadStepMemory {
        let steps = readSteps[number] ?? ReadStepMemory()
        readSteps[number] = steps
        steps.prepare(hashes: hashes)
        return steps
    }

    /// How many times `step` ran in the last build, over all readers; the other results were kept
    /// (`ReadStepMemory`).
    func readStepRuns<Inputs, Result>(_ step: ReadStep<Inputs, Result>) -> Int {
        readSteps.values.reduce(0) { $0 + $1.runCount(of: step) }
    }

    /// Drops every kept result: the next build starts from scratch.
    func forget() {
        readers = [:]
        claims = [:]
        sharedInputs = nil
        readSteps = [:]
        sgfFiles = ParsedSGFFiles()
        searchAnalyses = SearchIndexAnalyses()
        renderInputs = nil
        navigation = nil
        navigationSource = nil
        renders = [:]
        links = LinkMemory()
    }
}

/// What one reader made of its files, and the inputs it made it from.
struct ReaderMemory {
    /// The version of `BuildMemory.sharedInputs` the reader read with: of all of them for a reader
    /// reading all its files at once, of the file list and link targets for one reading files independently.
    var sharedVersion: Int
    /// A reader reading all its files at once: its claimed paths and its result.
    var claimed: [String] = []
    /// The engine's answers it read with (`ReadingContext.engineResults`).
    var engineResults = EngineResults()
    var whole: ReadContent?
    /// A reader reading files independently: per content path, what the file became.
    var perFile: [String: KeptFileRead] = [:]
}

/// What one file became, with the hashes it was read from: its own, and those of the other files it consulted.
struct KeptFileRead {
    var hash: UInt64
    /// By content path (`ReadContent.consultedFiles`).
    var consulted: [String: UInt64]
    var content: ReadContent
}

/// Numbers for the shared reading inputs, raised when they change: `all` with any of them, `layout` only
/// when the file list or the link targets change (not the bytes of shared files).
struct SharedReadingVersions: Equatable {
    var all: Int
    var layout: Int
}

/// What every reader may consult besides its own files: the file list, the link targets (and which pages
/// have move anchors), and the bytes of every file that no independent reader claims (SGF files that
/// diagrams draw, pictures, sets).
struct SharedReadingInputs: Equatable {
    var paths: [String]
    var linkTargets: [String: String]
    var filesWithMoveAnchors: Set<String>
    var sharedHashes: [String: UInt64]
}

/// The inputs every page is rendered with besides its own model and its view of the navigation.
struct RenderInputs: Equatable {
    var configuration: SiteConfiguration
    var templates: [String: Theme.File]
    /// Theme asset paths (fingerprinted) and the search index's.
    var assetPaths: [String: String]
}

/// A rendered page, what it was rendered from besides `RenderInputs`, and what the link check found in it.
/// A class: every rebuild hands a thousand of them from phase to phase, and copying one is a retain.
final class KeptRender {
    let page: Page
    let view: NavigationView
    let html: [UInt8]
    /// The same bytes, as the writer takes them.
    let data: Data
    let scan: LinkChecker.Scan

    init(page: Page, view: NavigationView, html: [UInt8], data: Data, scan: LinkChecker.Scan) {
        self.page = page
        self.view = view
        self.html = html
        self.data = data
        self.scan = scan
    }
}
