import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi solve`: proves the answers of life-and-death problems. Thin: the reading, framing, search and
/// report are HoshiCore's (`SolveReport`, `LifeAndDeathSolver`).
/// Exit status: 0 when every problem was proven, 1 when some were not, 2 on bad input.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve the life-and-death problems of SGF files and say what is proven.",
        discussion: """
            Solves every problem in the files and folders given: a file's root, or each problem of a problem set \
            (an empty root whose branches set up a problem each), as problem pages count them. The goal (kill or \
            live) and the group at stake are read from the comment ("Black to kill", "white to play and live") or \
            from the position (the enclosed side defends); --goal and --target override them. Prints a line per \
            problem, or with --json one JSON object per problem. Exit status: 0 when all were proven, 1 when some \
            were not, 2 on bad input.
            """
    )

    @Argument(help: "SGF files, and folders to search for .sgf files.")
    var paths: [String]

    @Flag(help: "Print one JSON object per problem, one per line.")
    var json = false

    @Option(help: "Seconds each problem may take (default \(LifeAndDeathSolver.Options.defaultSeconds)).")
    var seconds: Double?

    @Option(help: "Searched nodes each problem may take (no limit by default; with --nodes and no --seconds, the run is deterministic).")
    var nodes: Int?

    @Option(help: "The goal of the side to play: kill or live.")
    var goal: SolverGoal?

    @Option(help: "A stone of the group at stake, as a GTP vertex (C17).")
    var target: String?

    @Option(name: .customLong("sgf"), help: "Write each problem with its computed tree into this folder (created if missing).")
    var sgfDirectory: String?

    @Option(help: "Memory for each problem's transposition tables together, in MB.")
    var memory: Int = LifeAndDeathSolver.Options.defaultMemoryLimit >> 20

    func validate() throws {
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
        if let nodes, nodes <= 0 { throw ValidationError("--nodes must be positive") }
        if memory <= 0 { throw ValidationError("--memory must be positive") }
    }

    func run() throws {
        let limitSeconds = seconds ?? (nodes == nil ? LifeAndDeathSolver.Options.defaultSeconds : nil)
        let request = SolveReport.Request(options: .init(nodeLimit: nodes, seconds: limitSeconds, memoryLimit: memory << 20,
                                                         writesTree: sgfDirectory != nil),
                                          goal: goal, target: target)
        if let sgfDirectory {
            do {
                try FileManager.default.createDirectory(atPath: sgfDirectory, withIntermediateDirectories: true)
            } catch {
                Summary.print("cannot create \(sgfDirectory): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        var console = ConsoleOutput()
        var badInput = false
        var proven = 0
        var total = 0
        for entry in SGFFiles.entries(for: paths) {
            switch entry {
            case .finding(let diagnostic):
                console.write(diagnostic.description + "\n", to: .error)
                if diagnostic.severity == .error { badInput = true }
            case .file(let path):
                let bytes: [UInt8]
                do {
                    bytes = try SGFFiles.contents(of: path)
                } catch {
                    console.write(Diagnostic.error(error.description, at: SourceLocation(path: path)).description + "\n", to: .error)
                    badInput = true
                    continue
                }
                let diagnostics = SolveReport.solve(bytes: bytes, file: path, request: request) { line, tree in
                    total += 1
                    if line.isProven { proven += 1 }
                    console.write((json ? line.json : line.words) + "\n", to: .output)
                    console.flush()
                    if let tree, let sgfDirectory { write(tree, for: line, into: sgfDirectory, console: &console) }
                }
                for diagnostic in diagnostics { console.write(diagnostic.description + "\n", to: .error) }
                if diagnostics.contains(where: { $0.severity == .error }) { badInput = true }
            }
        }
        console.flush()
        Summary.print("\(proven) of \(total) problem\(total == 1 ? "" : "s") proven")
        if badInput { throw ExitCode(2) }
        if proven < total { throw ExitCode(1) }
    }

    /// `DIR/NAME-N.sgf`: the problem with its computed tree.
    private func write(_ tree: GameTree, for line: SolveReport.Line, into folder: String, console: inout ConsoleOutput) {
        let stem = URL(fileURLWithPath: line.file).deletingPathExtension().lastPathComponent
        let path = URL(fileURLWithPath: folder).appending(path: "\(stem)-\(line.problem).sgf").path
        do {
            try Data(SGFWriter.write(tree).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            console.write(Diagnostic.error("cannot write: \(error.localizedDescription)", at: SourceLocation(path: path)).description + "\n", to: .error)
        }
    }
}

extension SolverGoal: ExpressibleByArgument {}
