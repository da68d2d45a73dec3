import Foundation
import HoshiCore

/// Reads every Lights Off set of a site (puzzle files under content/ and `lights.generated` sets from
/// hoshi.yml) into pages, navigation entries and downloadable files. The site builder's one entry point for
/// puzzles.
///
/// Unsolvable puzzles are handled by `lights.unsolvable` (see `LightsConfiguration.UnsolvablePolicy`); their
/// diagnostics point at the puzzle's first row in its file, or at the generated set's entry in hoshi.yml.
struct LightsSiteReader: ContentKindReader {
    let configuration: LightsConfiguration
    /// The configuration file's name as diagnostics print it.
    var configurationPath = "hoshi.yml"

    func claims(_ file: ContentFile, in context: ClaimingContext) -> Bool {
        file.lowercasedExtension == "lights" || file.lowercasedExtension == "plist"
    }

    func linkTarget(for file: ContentFile, in context: ClaimingContext) -> String? {
        Self.indexPath(for: file)
    }

    /// `puzzles/classic.lights` -> `puzzles/classic`.
    static func outputFolder(for file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "puzzles")
        return file.folder.isEmpty ? name : "\(file.folder)/\(name)"
    }

    /// The set index page of a puzzle file, for links written to the file in Markdown.
    static func indexPath(for file: ContentFile) -> String {
        "\(outputFolder(for: file))/index.html"
    }

    /// Folder of generated sets: `puzzles/<name>/`.
    static let generatedFolder = "puzzles"

    func read(_ files: [ContentFile], in context: ReadingContext) -> ReadContent {
        var result = ReadContent()
        for file in files {
            // The source stays published beside the pages, for download.
            result.assets.append(OutputFile(path: file.relativePath, contents: .copy(file.url)))
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                result.diagnostics.append(.error("cannot read file", at: SourceLocation(path: file.displayPath)))
                continue
            }
            let options = configuration.fileSet(for: file.relativePath)
            let rule = LightsRule(wrap: options?.wrap ?? configuration.wrap)
            let (set, readDiagnostics) = LightsPuzzleSet.parse(Array(data), path: file.displayPath, rule: rule)
            result.diagnostics += readDiagnostics
            if set.puzzles.isEmpty && readDiagnostics.isEmpty {
                result.diagnostics.append(.warning("no puzzles in this file; write one row of x (lit) and - (off) per "
                                                   + "line, puzzles separated by blank lines", at: SourceLocation(path: file.displayPath)))
            }
            let title = options?.title ?? PageTitle.fromFileName(file.stem)
            add(set, folder: Self.outputFolder(for: file), title: title, sourcePath: file.displayPath,
                downloadPath: file.relativePath, navigationID: .lightsSet(file.relativePath),
                parentNavigationID: .folder(file.folder), into: &result)
            result.folders.append(file.folder)
        }
        let paths = Set(files.map(\.relativePath))
        for options in configuration.sets where !paths.contains(options.path) {
            result.diagnostics.append(.warning("lights.sets names '\(options.path)', which is not a .lights or .plist file "
                                               + "under content/", at: options.location))
        }
        for generated in configuration.generated {
            let set: LightsPuzzleSet
            do {
                set = try LightsPuzzleSet.generated(generated.generator, at: generated.location)
            } catch {
                result.diagnostics.append(.error("generated set '\(generated.name)': \(error.message)", at: generated.location))
                continue
            }
            let folder = "\(Self.generatedFolder)/\(generated.name)"
            let download = "\(folder)/\(generated.name).lights"
            result.assets.append(OutputFile(path: download, contents: .data(Data(LightsTextWriter.text(for: set).utf8))))
            add(set, folder: folder, title: generated.title ?? PageTitle.fromFileName(generated.name),
                sourcePath: configurationPath, downloadPath: download, navigationID: .generatedLightsSet(generated.name),
                parentNavigationID: .folder(Self.generatedFolder), into: &result)
            result.folders.append(Self.generatedFolder)
        }
        return result
    }

    private func add(_ set: LightsPuzzleSet, folder: String, title: String, sourcePath: String, downloadPath: String?,
                     navigationID: NavigationID, parentNavigationID: NavigationID, into result: inout ReadContent) {
        let (published, diagnostics) = LightsPublishedSet.prepare(
            set, folder: folder, title: title, sourcePath: sourcePath, downloadPath: downloadPath,
            navigationID: navigationID, parentNavigationID: parentNavigationID, policy: configuration.unsolvable)
        result.diagnostics += diagnostics
        let (pages, navigation) = LightsSetPages(set: published).pages()
        result.pages += pages
        result.navigationItems += navigation
    }
}

extension LightsSiteReader {
    static let registration = ContentKindRegistration(
        name: "lights", sections: [SettingsSection.lights.erased], claimPriority: ClaimPriority(30),
        pageAssets: PageAssets(layouts: ["puzzle-set", "puzzle"], scripts: ["assets/shared.js", "assets/lights.js"])
    ) { configuration in LightsSiteReader(configuration: configuration[.lights]) }
}

extension SettingsSection<LightsConfiguration> {
    /// `lights:` in hoshi.yml: how Lights Off puzzle sets are published (see `LightsConfiguration`).
    static var lights: Self {
        SettingsSection(key: "lights", defaultValue: LightsConfiguration()) { node, _, path, diagnostics in
            LightsConfiguration.parse(node, path: path, into: &diagnostics)
        }
    }
}
