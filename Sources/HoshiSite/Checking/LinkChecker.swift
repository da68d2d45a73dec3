import Foundation
import HoshiCore

/// Checks every internal `href` and `src` of the generated HTML against the files the build will write,
/// and every `#fragment` against the ids of its target page.
///
/// Runs on the output, not the sources, so links written by templates, readers and authors' raw HTML are all
/// checked the same way. A broken link is reported at the source line that wrote it when that is known.
public struct LinkChecker: Sendable {
    /// A generated HTML document to check.
    public struct Document: Sendable {
        public var outputPath: String
        public var html: [UInt8]
        public var sourcePath: String
        public var sourceLinks: [SourceLink]
        /// Fragments the page's script opens without an element of that id (`Page.scriptFragments`).
        public var scriptFragments: Set<String>

        public init(outputPath: String, html: [UInt8], sourcePath: String, sourceLinks: [SourceLink],
                    scriptFragments: Set<String> = []) {
            self.outputPath = outputPath
            self.html = html
            self.sourcePath = sourcePath
            self.sourceLinks = sourceLinks
            self.scriptFragments = scriptFragments
        }
    }

    public init() {}

    /// The ids a page defines and the URLs it links to, in document order.
    public struct Scan: Sendable, Equatable {
        public var identifiers: Set<String>
        public var links: [String]
    }

    /// What resolving one page's links found: its diagnostics, and every output path whose presence or
    /// ids decided a verdict (so a rebuild knows which pages to check again when files come and go).
    public struct Resolution: Sendable {
        public var diagnostics: [Diagnostic]
        /// In the order the links consulted them, a path once per link: gathering them into a set for every
        /// page would cost more than resolving the links.
        public var consultedPaths: [String]
    }

    /// - Parameters:
    ///   - documents: the HTML pages of the site.
    ///   - files: every output path the build writes (pages, assets, generated files).
    public func check(_ documents: [Document], files: Set<String>) -> [Diagnostic] {
        // Pass 1: ids and links of every page, in parallel.
        var scans = [Scan](repeating: Scan(identifiers: [], links: []), count: documents.count)
        scans.withUnsafeMutableBufferPointer { buffer in
            let store = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: documents.count) { index in
                store.value[index] = Self.scan(documents[index])
            }
        }
        var idsByPath: [String: Set<String>] = [:]
        for (index, document) in documents.enumerated() { idsByPath[document.outputPath] = scans[index].identifiers }

        // Pass 2: resolve every link.
        let resolutions = resolve(documents.indices.map { (scans[$0].links, documents[$0]) }, files: files, idsByPath: idsByPath)
        return resolutions.flatMap(\.diagnostics)
    }

    /// The ids and link URLs of one page.
    public static func scan(_ document: Document) -> Scan {
        var ids = document.scriptFragments
        var found: [String] = []
        HTMLTagScanner.startTags(in: document.html, keeping: scannedAttributes) { tag in
            for attribute in tag.attributes {
                let value = HTMLEntities.decodeReferences(in: attribute.value)
                switch attribute.name {
                case "id": ids.insert(value)
                case "name" where tag.name == "a": ids.insert(value)
                case "href" where hrefElements.contains(tag.name),
                     "src" where sourceElements.contains(tag.name):
                    found.append(value)
                default: break
                }
            }
        }
        return Scan(identifiers: ids, links: found)
    }

    /// The attributes link checking reads; the scanner skips all others without making strings of them.
    static let scannedAttributes = ["id", "href", "src", "name"]

    /// Verdicts already reached in one check. Pages of one folder share most links (the sidebar, the
    /// header), and a link's verdict depends only on the folder it is resolved from, so verdicts are kept
    /// per folder and URL.
    public struct VerdictCache {
        fileprivate var verdicts: [String: [String: (problem: String?, consulted: [String])]] = [:]
        public init() {}
    }

    /// Resolves the links of many pages (each page's `links` from its ``Scan``) on every core, in document
    /// order. Each worker takes a run of neighbouring pages, which mostly share a folder, with a verdict
    /// cache of its own: verdicts depend only on the folder and the URL, so how pages are split changes none.
    public func resolve(_ pages: [(links: [String], document: Document)], files: Set<String>,
                        idsByPath: [String: Set<String>]) -> [Resolution] {
        guard !pages.isEmpty else { return [] }
        var resolutions = [Resolution](repeating: Resolution(diagnostics: [], consultedPaths: []), count: pages.count)
        let runs = min(pages.count, ProcessInfo.processInfo.activeProcessorCount * 2)
        resolutions.withUnsafeMutableBufferPointer { buffer in
            let store = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                var verdicts = VerdictCache()
                for index in (run * pages.count / runs)..<((run + 1) * pages.count / runs) {
                    store.value[index] = resolve(pages[index].links, of: pages[index].document, files: files,
                                                 idsByPath: idsByPath, verdicts: &verdicts)
                }
            }
        }
        return resolutions
    }

    /// Resolves the links of one page (`links`, from its ``Scan``).
    public func resolve(_ links: [String], of document: Document, files: Set<String>, idsByPath: [String: Set<String>],
                        verdicts: inout VerdictCache) -> Resolution {
        var diagnostics: [Diagnostic] = []
        var consulted = [document.outputPath]
        var reported = Set(document.sourceLinks.filter(\.isReported).map(\.url))
        let folder = SitePath.folder(of: document.outputPath)
        var folderVerdicts = verdicts.verdicts.removeValue(forKey: folder) ?? [:]
        defer { verdicts.verdicts[folder] = folderVerdicts }
        for link in links {
            let isPageRelative = link.hasPrefix("#") || link.hasPrefix("?")
            let verdict: (problem: String?, consulted: [String])
            if !isPageRelative, let cached = folderVerdicts[link] {
                verdict = cached
            } else {
                verdict = problem(with: link, in: document, files: files, idsByPath: idsByPath)
                if !isPageRelative { folderVerdicts[link] = verdict }
            }
            consulted += verdict.consulted
            guard let problem = verdict.problem, reported.insert(link).inserted else { continue }
            diagnostics.append(.error(problem, at: location(of: link, in: document)))
        }
        return Resolution(diagnostics: diagnostics, consultedPaths: consulted)
    }

    static let hrefElements: Set<String> = ["a", "link", "area"]
    static let sourceElements: Set<String> = ["img", "script", "iframe", "source", "audio", "video", "embed", "track", "input"]

    /// What is wrong with one URL (nil when it resolves), and the output paths the answer depended on.
    func problem(with url: String, in document: Document, files: Set<String>,
                 idsByPath: [String: Set<String>]) -> (problem: String?, consulted: [String]) {
        guard !url.isEmpty, !Self.isExternal(url) else { return (nil, []) }
        let page = document.outputPath
        if url.hasPrefix("/") {
            return ("link '\(url)' is absolute, which breaks when the site is opened from a sub-path or file://; write it relative to this page", [])
        }
        var rest = Substring(url)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") { rest = rest[..<question] }
        let encodedPath = String(rest)
        let target: String
        var consulted: [String] = []
        if encodedPath.isEmpty {
            target = page
        } else {
            let decoded = Self.percentDecoded(encodedPath)
            guard let resolved = SitePath.resolve(decoded, inFolder: SitePath.folder(of: page)) else {
                return ("link '\(url)' climbs above the site's root folder", [])
            }
            let index = resolved.isEmpty ? "index.html" : "\(resolved)/index.html"
            consulted = [resolved, index]
            if decoded.hasSuffix("/") || resolved.isEmpty || (!files.contains(resolved) && files.contains(index)) {
                let hint = files.contains(index) ? "; link to '\(SitePath.relativeURL(from: page, to: index))' instead" : ""
                return ("link '\(url)' points to a folder, which does not open from file://\(hint)", consulted)
            }
            guard files.contains(resolved) else {
                return ("broken link '\(url)': the site has no file \(resolved)", consulted)
            }
            target = resolved
        }
        if let fragment, !fragment.isEmpty, let ids = idsByPath[target] {
            let decodedFragment = Self.percentDecoded(fragment)
            if !ids.contains(decodedFragment) {
                let suggestion = ids.closestMatch(to: decodedFragment).map { "; did you mean '#\($0)'?" } ?? ""
                return ("broken link '\(url)': \(target) has no element with id '\(decodedFragment)'\(suggestion)", consulted)
            }
        }
        return (nil, consulted)
    }

    /// `text` with its percent escapes decoded (as written when they do not decode). Most URLs have none, and
    /// skipping Foundation's decoding for them saves most of the time spent resolving a site's links.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// URLs with a scheme (`https:`, `mailto:`, `data:`) or protocol-relative ones are not the site's.
    static func isExternal(_ url: String) -> Bool {
        if url.hasPrefix("//") { return true }
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    private func location(of url: String, in document: Document) -> SourceLocation {
        if let link = document.sourceLinks.first(where: { $0.url == url }) {
            return SourceLocation(path: document.sourcePath, line: link.line, column: link.column)
        }
        return SourceLocation(path: document.sourcePath)
    }
}

/// Lets `concurrentPerform` iterations write disjoint elements of one buffer.
struct UnsafeSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
