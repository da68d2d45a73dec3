import HoshiCore

/// The Markdown content kind: `*.md` and `*.markdown` files become pages; a folder's `index.md` becomes the
/// folder's landing page and names it in the navigation. Drafts (`draft: true`) are read, reported, and left out.
struct MarkdownSiteReader: ContentKindReader {
    /// A page depends on its own file, the link targets and the SGF files its diagrams draw; never on
    /// another Markdown file's bytes.
    var readsFilesIndependently: Bool { true }

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        file.lowercasedExtension == "md" || file.lowercasedExtension == "markdown"
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        MarkdownPageReader.outputPath(for: file.relativePath)
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        let diagrams = GoDiagramRenderer(files: context.files, parses: context.sgfFiles, linkTargets: context.linkTargets,
                                         filesWithMoveAnchors: context.filesWithMoveAnchors)
        let reader = MarkdownPageReader(outputPaths: context.linkTargets, diagrams: diagrams)
        let results = context.parallelMap(files, phase: "reading") { file -> (Page?, FrontMatter, [Diagnostic]) in
            switch ReadingContext.readText(file) {
            case let .success(text): return reader.read(file, text: text)
            case let .failure(error): return (nil, FrontMatter(), [error.diagnostic])
            }
        }
        var content = ReadContent()
        content.consultedFiles = diagrams.filesRead
        for (file, (page, frontMatter, diagnostics)) in zip(files, results) {
            content.diagnostics += diagnostics
            guard let page, !frontMatter.isDraft else { continue }
            content.pages.append(page)
            content.folders.append(file.folder)
            if file.stem == "index" {
                content.folderLandings[file.folder] = FolderLanding(title: page.title, outputPath: page.outputPath,
                                                                    order: frontMatter.order)
            } else {
                content.navigationItems.append(NavigationItem(id: page.navigationID, parentID: .folder(file.folder),
                                                              title: page.title, outputPath: page.outputPath,
                                                              order: frontMatter.order))
            }
        }
        return content
    }
}

extension MarkdownSiteReader {
    /// Highest claim priority: a `.md` file is Markdown, even when `manuals:` names it.
    static let registration = ContentKindRegistration(
        name: "markdown", sections: [], claimPriority: ClaimPriority(50), pageAssets: PageAssets(layouts: ["page"])
    ) { _ in MarkdownSiteReader() }
}
