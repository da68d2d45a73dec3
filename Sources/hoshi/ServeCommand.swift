import ArgumentParser
import Foundation
import HoshiSite

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve on 127.0.0.1, and rebuild and reload open pages when sources change."
    )

    @OptionGroup var site: SiteFolderArgument

    @Option(name: .shortAndLong, help: "The port to listen on (127.0.0.1 only); 0 picks a free one.")
    var port: UInt16 = 8000

    @Option(name: .shortAndLong, help: "The output folder (default: site/ inside the site folder).")
    var output: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print how long each phase of every build took.")
    var timings = false

    @Flag(help: "Notice changes by polling the sources, for sources on a network file system.")
    var poll = false

    func run() async throws {
        let options = BuildOptions(
            sourceDirectory: site.url,
            outputDirectory: output.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? site.url.appending(path: "site"),
            isStrict: strict
        )
        let server = DevServer(options: options, port: port)
        server.printsTimings = timings
        server.polls = poll
        try await server.run { Summary.print($0) }
    }
}
