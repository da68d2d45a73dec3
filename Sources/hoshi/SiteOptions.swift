import ArgumentParser
import Foundation

/// The site folder argument shared by build, serve and check.
struct SiteFolderArgument: ParsableArguments {
    @Argument(help: "The site folder, holding hoshi.yml, content/ and optionally templates/.", completion: .directory)
    var source: String = "."

    var url: URL { URL(fileURLWithPath: source, isDirectory: true) }
}
