import Foundation
import HoshiCore

/// Reads a Markdown file into a page: front matter, body, title, navigation placement.
public struct MarkdownPageReader: Sendable {
    /// Content path (`docs/guide.md`) to output path (`docs/guide.html`) of every Markdown page, so links
    /// between `.md` files can be rewritten before any page is rendered.
    public let outputPaths: [String: String]
    private let renderer = MarkdownRenderer()
    /// Draws ```` ```sgf-diagram ```` blocks; nil leaves them as code.
    let diagrams: GoDiagramRenderer?

    public init(outputPaths: [String: String]) {
        self.init(outputPaths: outputPaths, diagrams: nil)
    }

    init(outputPaths: [String: String], diagrams: GoDiagramRenderer?) {
        self.outputPaths = outputPaths
        self.diagrams = diagrams
    }

    /// `docs/guide.md` becomes `docs/guide.html`; a folder's `index.md` becomes its `index.html`.
    public static func outputPath(for relativePath: String) -> String {
        guard let dot = relativePath.lastIndex(of: ".") else { return relativePath + ".html" }
        return relativePath[..<dot] + ".html"
    }

    /// The page, or nil with the reasons when the file cannot be read; drafts return nil without errors.
    public func read(_ file: ContentFile, text: String) -> (page: Page?, frontMatter: FrontMatter, diagnostics: [Diagnostic]) {
        let split = FrontMatterReader.read(text, path: file.displayPath)
        var diagnostics = split.diagnostics
        guard let outputPath = outputPaths[file.relativePath] else { return (nil, split.frontMatter, diagnostics) }
        let sourceFolder = file.folder
        let outputPaths = self.outputPaths
        let document = renderer.render(split.body, path: file.displayPath, lineOffset: split.bodyLineOffset) { path, fragment in
            guard let resolved = SitePath.resolve(path, inFolder: sourceFolder), let target = outputPaths[resolved] else {
                return nil
            }
            let url = SitePath.relativeURL(from: outputPath, to: target)
            return fragment.map { "\(url)#\($0)" } ?? url
        } embedBlock: { [diagrams] info, body, line, column in
            guard info.trimmingCharacters(in: .whitespaces) == "sgf-diagram", let diagrams else { return nil }
            return GoDiagramEmbedding.markdownBlock(body, line: line, column: column, path: file.displayPath,
                                                    documentFolder: sourceFolder, pagePath: outputPath, diagrams: diagrams)
        }
        diagnostics += document.diagnostics
        let firstHeading = document.headings.first
        let startsWithTitle = firstHeading?.level == 1 && document.html.hasPrefix("<h1")
        let title = split.frontMatter.title ?? (firstHeading?.level == 1 ? firstHeading?.title : nil) ?? PageTitle.fromFileName(file.stem)
        var page = Page(sourcePath: file.displayPath, outputPath: outputPath, title: title,
                        description: split.frontMatter.description, contentHTML: document.html,
                        navigationID: Self.navigationID(for: file))
        page.headings = document.headings
        page.sourceLinks = document.links
        page.searchSections = document.searchSections
        page.showsTitle = !startsWithTitle
        return (page, split.frontMatter, diagnostics)
    }

    /// A folder's index page stands for the folder in the navigation.
    public static func navigationID(for file: ContentFile) -> NavigationID {
        file.stem == "index" ? .folder(file.folder) : .page(file.relativePath)
    }
}
