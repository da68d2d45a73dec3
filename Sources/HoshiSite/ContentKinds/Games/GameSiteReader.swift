import HoshiCore

/// The game record content kind: `*.sgf` files.
struct GameSiteReader: ContentKindReader {
    func claims(_ file: ContentFile) -> Bool {
        file.fileName.lowercased().hasSuffix(".sgf")
    }

    func linkTarget(for file: ContentFile) -> String? { nil }

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var content = ReadContent()
        content.assets = files.map { OutputFile(path: $0.relativePath, contents: .copy($0.url)) }
        return content
    }
}
