import ArgumentParser
import Foundation
import HoshiSite

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a small starter site (configuration, a MANUAL and Markdown pages) that builds as is."
    )

    @Argument(help: "The folder to create the site in.", completion: .directory)
    var directory: String

    func run() throws {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try StarterSite.write(into: url)
        } catch {
            DiagnosticPrinter.standardError.print([error.diagnostic])
            throw ExitCode.failure
        }
        Summary.print("created a starter site in \(url.path); build it with 'hoshi build \(directory)' or preview it with 'hoshi serve \(directory)'")
    }
}
