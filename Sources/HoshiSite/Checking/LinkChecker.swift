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

    /// - Parameters:
    ///   - documents: the HTML pages of the site.
    ///   - files: every output path the build writes (pages, assets, generated files).
    public func check(_ documents: [Document], files: Set<String>) -> [Diagnostic] {
        // Pass 1: ids of every page, in parallel.
        var identifiers = [Set<String>](repeating: [], count: documents.count)
        var links = [[(url: String, offset: Int)]](repeating: [], count: documents.count)
        identifiers.withUnsafeMutableBufferPointer { identifierBuffer in
            links.withUnsafeMutableBufferPointer { linkBuffer in
                let identifierStore = UnsafeSendable(identifierBuffer)
                let linkStore = UnsafeSendable(linkBuffer)
                DispatchQueue.concurrentPerform(iterations: documents.count) { index in
                    var ids = documents[index].scriptFragments
                    var found: [(String, Int)] = []
                    HTMLScanner.scan(documents[index].html) { tag in
                        for attribute in tag.attributes {
                            switch attribute.name {
                            case "id": ids.insert(attribute.value)
                            case "name" where tag.name == "a": ids.insert(attribute.value)
                            case "href" where Self.hrefElements.contains(tag.name),
                                 "src" where Self.sourceElements.contains(tag.name):
                                found.append((attribute.value, tag.offset))
                            default: break
                            }
                        }
                    }
                    identifierStore.value[index] = ids
                    linkStore.value[index] = found
                }
            }
        }
        var idsByPath: [String: Set<String>] = [:]
        for (index, document) in documents.enumerated() { idsByPath[document.outputPath] = identifiers[index] }

        // Pass 2: resolve every link. Pages of one folder share most links (the sidebar, the header), and a
        // link's verdict depends only on the folder it is resolved from, so verdicts are cached per folder.
        var diagnostics: [Diagnostic] = []
        var verdicts: [String: String?] = [:]
        for (index, document) in documents.enumerated() {
            var reported = Set(document.sourceLinks.filter(\.isReported).map(\.url))
            let folder = SitePath.folder(of: document.outputPath)
            for link in links[index] {
                let isPageRelative = link.url.hasPrefix("#") || link.url.hasPrefix("?")
                let key = "\(folder)\u{0}\(link.url)"
                let verdict: String?
                if !isPageRelative, let cached = verdicts[key] {
                    verdict = cached
                } else {
                    verdict = problem(with: link.url, in: document, files: files, idsByPath: idsByPath)
                    if !isPageRelative { verdicts[key] = .some(verdict) }
                }
                guard let problem = verdict, reported.insert(link.url).inserted else { continue }
                diagnostics.append(.error(problem, at: location(of: link.url, in: document)))
            }
        }
        return diagnostics
    }

    static let hrefElements: Set<String> = ["a", "link", "area"]
    static let sourceElements: Set<String> = ["img", "script", "iframe", "source", "audio", "video", "embed", "track", "input"]

    /// What is wrong with one URL, or nil when it resolves.
    func problem(with url: String, in document: Document, files: Set<String>, idsByPath: [String: Set<String>]) -> String? {
        guard !url.isEmpty, !Self.isExternal(url) else { return nil }
        let page = document.outputPath
        if url.hasPrefix("/") {
            return "link '\(url)' is absolute, which breaks when the site is opened from a sub-path or file://; write it relative to this page"
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
        if encodedPath.isEmpty {
            target = page
        } else {
            let decoded = encodedPath.removingPercentEncoding ?? encodedPath
            guard let resolved = SitePath.resolve(decoded, inFolder: SitePath.folder(of: page)) else {
                return "link '\(url)' climbs above the site's root folder"
            }
            if decoded.hasSuffix("/") || resolved.isEmpty || (!files.contains(resolved) && files.contains(resolved + "/index.html")) {
                let index = resolved.isEmpty ? "index.html" : "\(resolved)/index.html"
                let hint = files.contains(index) ? "; link to '\(SitePath.relativeURL(from: page, to: index))' instead" : ""
                return "link '\(url)' points to a folder, which does not open from file://\(hint)"
            }
            guard files.contains(resolved) else {
                return "broken link '\(url)': the site has no file \(resolved)"
            }
            target = resolved
        }
        if let fragment, !fragment.isEmpty, let ids = idsByPath[target] {
            let decodedFragment = fragment.removingPercentEncoding ?? fragment
            if !ids.contains(decodedFragment) {
                let suggestion = ids.closestMatch(to: decodedFragment).map { "; did you mean '#\($0)'?" } ?? ""
                return "broken link '\(url)': \(target) has no element with id '\(decodedFragment)'\(suggestion)"
            }
        }
        return nil
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
