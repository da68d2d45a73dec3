import Foundation
import PackagePlugin

/// Generates `DefaultTheme+Files.swift` from the package's `templates/` folder before HoshiSite compiles,
/// so the `hoshi` binary carries its default theme and builds any site folder from anywhere.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "templates").resolvingSymlinksInPath()
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let inputs = try themeFiles(in: themeDirectory)
        return [
            .buildCommand(
                displayName: "Embedding default theme from templates/",
                executable: try context.tool(named: "hoshi-embed-theme").url,
                arguments: [themeDirectory.path(), output.path()],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// Every file below the theme folder, so any edit there re-runs the generator.
    private func themeFiles(in directory: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey]
        ) else { return [] }
        var files: [URL] = [directory]
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
