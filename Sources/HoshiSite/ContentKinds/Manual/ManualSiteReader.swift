import HoshiCore

/// The MANUAL content kind: Little Go's plain-text help format, in files named `MANUAL`, `ChangeLog` or
/// `*.manual`, and in the files `manuals:` in hoshi.yml names. Each becomes a contents page and one page per
/// section (`ManualPages`).
struct ManualSiteReader: ContentKindReader {
    /// Content paths from hoshi.yml's `manuals:`, read as MANUAL text whatever their names.
    let configuredPaths: Set<String>

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        let name = file.fileName
        return configuredPaths.contains(file.relativePath) || name == "MANUAL" || name == "ChangeLog"
            || file.lowercasedExtension == "manual"
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        ManualPages.contentsPath(for: file)
    }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var content = ReadContent()
        let found = Set(context.files.map(\.relativePath))
        for path in configuredPaths.sorted() where !found.contains(path) {
            content.diagnostics.append(.error("'manuals' in hoshi.yml names content/\(path), which does not exist",
                                              at: SourceLocation(path: "hoshi.yml")))
        }
        // Section pages sit beside the contents page, so links from diagrams are the same on all of them.
        let diagrams = GoDiagramRenderer(files: context.files, parses: context.sgfFiles, linkTargets: context.linkTargets,
                                         filesWithMoveAnchors: context.filesWithMoveAnchors)
        for file in files {
            let text: String
            switch ReadingContext.readText(file) {
            case let .success(read): text = read
            case let .failure(error):
                content.diagnostics.append(error.diagnostic)
                continue
            }
            let folder = file.folder
            let pagePath = ManualPages.contentsPath(for: file)
            let (document, diagnostics) = ManualReader.read(text: text, path: file.displayPath) { words, line, column in
                GoDiagramEmbedding.manualDirective(words, line: line, column: column, path: file.displayPath, documentFolder: folder,
                                                   pagePath: pagePath, diagrams: diagrams)
            }
            content.diagnostics += diagnostics
            let (pages, navigation) = ManualPages(file: file, document: document).pages()
            content.pages += pages
            content.navigationItems += navigation
            content.folders.append(file.folder)
        }
        return content
    }
}

extension ManualSiteReader {
    /// Claims before Lights Off: a file `manuals:` names is MANUAL text whatever its extension.
    static let registration = ContentKindRegistration(
        name: "manual", sections: [SettingsSection.manuals.erased], claimPriority: ClaimPriority(40),
        pageAssets: PageAssets(layouts: ["page"])
    ) { configuration in ManualSiteReader(configuredPaths: Set(configuration[.manuals])) }
}

extension SettingsSection<[String]> {
    /// `manuals:` in hoshi.yml: extra content paths to read as MANUAL-format text, besides those recognised by name.
    static var manuals: Self { .pathList(key: "manuals") }
}
