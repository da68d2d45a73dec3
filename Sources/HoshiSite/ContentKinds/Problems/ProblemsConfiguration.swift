import Foundation
import HoshiCore
import Yams

/// The `problems:` key of hoshi.yml: content paths published as Go problems, and for each whether Hoshi's
/// life-and-death solver computes answers (`solve: missing`) or proofreads the author's (`solve: check`).
///
/// ```yaml
/// problems:
///   - tsumego                              # a path: problems, no solver
///   - path: classical/gokyoshumyo.sgf      # a mapping may set how its problems are solved
///     solve: missing                       # off (default), missing or check
///     nodes: 2000                          # the solver's budget per problem (searched positions)
///     seconds: 1                           # and/or seconds per problem (not reproducible)
///     goal: live                           # kill, live, race, ko or other; default: from the comment or position
///     goals:                               # per range of problems (numbers in the file)
///       - problems: 104-174
///         goal: kill
/// ```
/// A mapping with `paths:` and the settings beside it gives every path those settings, as `hints:` does.
/// Unknown keys are warnings with their line.
struct ProblemsConfiguration: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var path: String
        var solving: ProblemSolving
    }

    var entries: [Entry] = []

    /// The content paths published as problems, without trailing slashes.
    var paths: [String] { entries.map(\.path) }

    /// The solver settings of a problem file: those of the most specific entry holding it (off when none does).
    func solving(for relativePath: String) -> ProblemSolving {
        entries.filter { entry in
            entry.path.isEmpty || entry.path == "." || relativePath == entry.path || relativePath.hasPrefix(entry.path + "/")
        }.max { $0.path.count < $1.path.count }?.solving ?? ProblemSolving()
    }

    static let settingKeys: Set<String> = ["solve", "nodes", "seconds", "goal", "goals"]
}

/// How the problems of one `problems:` entry are solved.
struct ProblemSolving: Sendable, Hashable {
    enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Problems are published as written.
        case off
        /// Problems without a solution tree get the solver's, when it proves one.
        case missing
        /// Problems with a solution tree are proofread against the solver's answer.
        case check
    }

    /// A goal given in hoshi.yml for a set or a range of its problems.
    enum Goal: String, Sendable, Hashable, CaseIterable {
        case kill, live
        /// A capturing race: the side to play kills the opponent's group in it.
        case race
        /// The answer is a ko: the goal (kill or live) is read from the comment or the position.
        case ko
        /// Outside life and death (connecting, various techniques): not solved.
        case other

        /// The solver's goal; nil when the solver infers it. Never asked of `other`.
        var solverGoal: SolverGoal? {
            switch self {
            case .kill, .race: return .kill
            case .live: return .live
            case .ko, .other: return nil
            }
        }
    }

    /// The goal of the problems numbered `problems` (1-based within their file).
    struct GoalRange: Sendable, Hashable {
        var problems: ClosedRange<Int>
        var goal: Goal
    }

    var mode = Mode.off
    /// Searched positions per problem; nil for no limit (then `seconds` must bound the search).
    var nodes: Int? = ProblemSolving.defaultNodes
    var seconds: Double?
    var goal: Goal?
    var goals: [GoalRange] = []

    static let defaultNodes = 20_000

    /// The goal of problem `number` of its file: its range's, else the entry's, else nil (inferred).
    func goal(forProblem number: Int) -> Goal? {
        goals.last { $0.problems.contains(number) }?.goal ?? goal
    }

    /// The solver's budget per problem.
    var budget: SolverBudget { SolverBudget(nodes: nodes, seconds: seconds) }
}

extension ProblemsConfiguration {
    /// Reads the value of the `problems:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> ProblemsConfiguration {
        var configuration = ProblemsConfiguration()
        var shared = ProblemSolving()
        var items: [Yams.Node]
        if let scalar = node.scalar {
            items = [Yams.Node(scalar.string)]
        } else if let sequence = node.sequence {
            items = Array(sequence)
        } else if let mapping = node.mapping {
            items = []
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                if key == "paths" {
                    items = value.sequence.map(Array.init) ?? [value]
                } else if settingKeys.contains(key) {
                    apply(key, value, to: &shared, path: path, into: &diagnostics)
                } else {
                    let known = settingKeys.union(["paths"])
                    diagnostics.append(.warning("unknown key '\(key)' in problems is ignored\(known.didYouMean(key))", at: keyNode.location(in: path)))
                }
            }
        } else {
            diagnostics.append(.error("'problems' must be a list of paths (or mappings with 'path')", at: node.location(in: path)))
            return configuration
        }
        let list = PathEntryList<ProblemSolving>(section: "problems", settingKeys: settingKeys) { key, value, solving, diagnostics in
            apply(key, value, to: &solving, path: path, into: &diagnostics)
        }
        for read in list.read(items, shared: shared, path: path, into: &diagnostics) {
            var entry = Entry(path: read.path == "." ? "" : read.path, solving: read.settings)
            if entry.solving.nodes == nil && entry.solving.seconds == nil {
                diagnostics.append(.error("problems: a solver budget needs nodes or seconds (or both)", at: read.node.location(in: path)))
                entry.solving.nodes = ProblemSolving.defaultNodes
            }
            configuration.entries.append(entry)
        }
        return configuration
    }

    /// Reads one setting into `solving`.
    private static func apply(_ key: String, _ value: Yams.Node, to solving: inout ProblemSolving, path: String,
                              into diagnostics: inout [Diagnostic]) {
        let location = value.location(in: path)
        switch key {
        case "solve":
            if let mode = value.scalar.flatMap({ ProblemSolving.Mode(rawValue: $0.string) }) {
                solving.mode = mode
            } else {
                diagnostics.append(.error("problems.solve must be off, missing or check", at: location))
            }
        case "nodes":
            if value.scalar?.string == "none" {
                solving.nodes = nil
            } else if let nodes = value.scalar.flatMap({ Int($0.string) }), (1...1_000_000_000).contains(nodes) {
                solving.nodes = nodes
            } else {
                diagnostics.append(.error("problems.nodes must be a whole number from 1 to 1000000000, or none", at: location))
            }
        case "seconds":
            if let seconds = value.scalar.flatMap({ Double($0.string) }), seconds > 0, seconds <= 3_600 {
                solving.seconds = seconds
            } else {
                diagnostics.append(.error("problems.seconds must be a number of seconds per problem above 0 and at most 3600", at: location))
            }
        case "goal":
            if let goal = parseGoal(value, named: "problems.goal", path: path, into: &diagnostics) { solving.goal = goal }
        case "goals":
            guard let ranges = value.sequence else {
                diagnostics.append(.error("problems.goals must be a list of mappings with 'problems' (such as 1-103) and 'goal'", at: location))
                return
            }
            for range in ranges {
                guard let mapping = range.mapping else {
                    diagnostics.append(.error("each entry of problems.goals must be a mapping with 'problems' and 'goal'", at: range.location(in: path)))
                    continue
                }
                var numbers: ClosedRange<Int>?
                var goal: ProblemSolving.Goal?
                for (keyNode, item) in mapping {
                    switch keyNode.string ?? "" {
                    case "problems":
                        numbers = parseRange(item.scalar?.string ?? "")
                        if numbers == nil {
                            diagnostics.append(.error("problems.goals: 'problems' must be a number or a range such as 1-103", at: item.location(in: path)))
                        }
                    case "goal":
                        goal = parseGoal(item, named: "problems.goals goal", path: path, into: &diagnostics)
                    default:
                        let key = keyNode.string ?? ""
                        diagnostics.append(.warning("unknown key '\(key)' in problems.goals is ignored\(Set(["problems", "goal"]).didYouMean(key))",
                                                    at: keyNode.location(in: path)))
                    }
                }
                if let numbers, let goal { solving.goals.append(ProblemSolving.GoalRange(problems: numbers, goal: goal)) }
            }
        default:
            break
        }
    }

    private static func parseGoal(_ node: Yams.Node, named name: String, path: String, into diagnostics: inout [Diagnostic]) -> ProblemSolving.Goal? {
        if let goal = node.scalar.flatMap({ ProblemSolving.Goal(rawValue: $0.string) }) { return goal }
        let choices = ProblemSolving.Goal.allCases.map(\.rawValue).joined(separator: ", ")
        diagnostics.append(.error("\(name) must be one of \(choices)", at: node.location(in: path)))
        return nil
    }

    /// `7` or `1-103`.
    private static func parseRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch parts.count {
        case 1: return parts[0].flatMap { $0 >= 1 ? $0...$0 : nil }
        case 2:
            guard let first = parts[0], let last = parts[1], first >= 1, first <= last else { return nil }
            return first...last
        default: return nil
        }
    }
}

extension SettingsSection<ProblemsConfiguration> {
    /// `problems:` in hoshi.yml: content paths (SGF files, or folders of them) published as Go problems, besides
    /// the files recognised as problems by their contents, and how the solver treats them.
    static var problems: Self {
        SettingsSection(key: "problems", defaultValue: ProblemsConfiguration()) { node, _, path, diagnostics in
            ProblemsConfiguration.parse(node, path: path, into: &diagnostics)
        }
    }
}
