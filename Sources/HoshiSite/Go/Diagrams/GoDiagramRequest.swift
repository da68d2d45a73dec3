import Foundation
import HoshiCore

/// What a diagram embedded in a document asks for, read from `key: value` settings: a Markdown fenced block
/// ```` ```sgf-diagram ```` with one setting per line, or a MANUAL line `@diagram key=value ...`.
///
/// | key | value |
/// |---|---|
/// | `file` | the SGF file, relative to the document (required) |
/// | `game` | which game of the file, from 1 (default 1) |
/// | `move` | the position after main-line move N (0: the start) |
/// | `node` | the position at node K (file order, as the game page's `#node-K` fragment names it) |
/// | `variation` | a variation path `M.C` or `M.C.N`, more `.C.N` pairs going deeper: at main-line move M take choice C (1 is the main line, 2 the first variation), then N moves along it (default 1); each further pair chooses among the next node's children and goes N moves |
/// | `moves` | `A-B`: a figure of main-line moves A to B, numbered |
/// | `crop` | `top-left`, `top-right`, `bottom-left`, `bottom-right`, `top`, `bottom`, `left`, `right`, or two SGF points `aa-jj` |
/// | `caption` | the caption (plain text) |
/// | `numbers` | `on` or `off`: move numbers on a figure's stones (default on) |
///
/// Without `move`, `node`, `variation` or `moves` the diagram shows the final position of the main line.
struct GoDiagramRequest: Equatable {
    enum Target: Equatable {
        case finalPosition
        case move(Int)
        case node(Int)
        case variation(VariationPath)
        case moves(ClosedRange<Int>)
    }

    /// A node reached from the main line by choices, as a writer names it: `34.2.5` is five moves into the
    /// second choice at move 34 (the first variation); `34.2.5.3.2` then takes the third choice there and
    /// goes two moves. Readable in a document, unlike a node number, and stable when other variations are added
    /// after it.
    struct VariationPath: Equatable {
        /// The main-line move number where the first choice is made: the choice replaces that move.
        var move: Int
        /// Each step: which child (1 is the first) and how many moves along its line (1 is the child itself).
        var steps: [(choice: Int, moves: Int)]
        /// As written, for messages.
        var text: String

        static func == (left: VariationPath, right: VariationPath) -> Bool {
            left.move == right.move && left.steps.elementsEqual(right.steps) { $0.choice == $1.choice && $0.moves == $1.moves }
        }

        /// `34.2.5.3.2`, or nil when it is not numbers joined by dots with the ones after the first from 1.
        init?(_ text: String) {
            let numbers = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count >= 2, let move = numbers[0], move >= 1,
                  numbers.dropFirst().allSatisfy({ ($0 ?? 0) >= 1 }) else { return nil }
            let rest = numbers.dropFirst().compactMap { $0 }
            self.text = text
            self.move = move
            steps = stride(from: 0, to: rest.count, by: 2).map { index in
                (rest[index], index + 1 < rest.count ? rest[index + 1] : 1)
            }
        }
    }

    enum Crop: Equatable {
        case named(String)
        case points(first: String, second: String)
    }

    var file = ""
    var game = 1
    var target = Target.finalPosition
    var crop: Crop?
    var caption: String?
    var numbers = true

    static let keys = ["file", "game", "move", "node", "variation", "moves", "crop", "caption", "numbers"]
    static let namedCrops = ["top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "left", "right"]

    /// A setting as written, with the column its key starts at (1-based) for diagnostics.
    struct Setting {
        var key: String
        var value: String
        var column: Int
    }

    /// Reads the settings; a problem is a message and the column of the setting it is about.
    static func parse(_ settings: [Setting]) -> Result<GoDiagramRequest, GoDiagramError> {
        var request = GoDiagramRequest()
        var targets = 0
        var sawFile = false
        for setting in settings {
            let value = setting.value
            func failure(_ message: String) -> Result<GoDiagramRequest, GoDiagramError> {
                .failure(GoDiagramError(message: message, column: setting.column, key: setting.key))
            }
            switch setting.key {
            case "file":
                request.file = value
                sawFile = !value.isEmpty
            case "game":
                guard let number = Int(value), number >= 1 else { return failure("game must be a number from 1, got '\(value)'") }
                request.game = number
            case "move":
                guard let number = Int(value), number >= 0 else { return failure("move must be a number from 0, got '\(value)'") }
                request.target = .move(number)
                targets += 1
            case "node":
                guard let number = Int(value), number >= 0 else { return failure("node must be a number from 0, got '\(value)'") }
                request.target = .node(number)
                targets += 1
            case "variation":
                guard let path = VariationPath(value) else {
                    return failure("variation must be a path like 34.2 or 34.2.5 (at move 34, choice 2, 5 moves along it), got '\(value)'")
                }
                request.target = .variation(path)
                targets += 1
            case "moves":
                let parts = value.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, let first = parts[0], let last = parts[1], first >= 1, first <= last else {
                    return failure("moves must be a range like 1-50 (first from 1, not after last), got '\(value)'")
                }
                request.target = .moves(first...last)
                targets += 1
            case "crop":
                if namedCrops.contains(value) {
                    request.crop = .named(value)
                } else {
                    let points = value.split(separator: "-").map(String.init)
                    guard points.count == 2, points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else {
                        return failure("crop must be one of \(namedCrops.joined(separator: ", ")) or two SGF points like aa-jj, got '\(value)'")
                    }
                    request.crop = .points(first: points[0], second: points[1])
                }
            case "caption":
                request.caption = value
            case "numbers":
                guard value == "on" || value == "off" else { return failure("numbers must be on or off, got '\(value)'") }
                request.numbers = value == "on"
            default:
                let suggestion = keys.min { EditDistance.between(setting.key, $0) < EditDistance.between(setting.key, $1) }
                    .flatMap { EditDistance.between(setting.key, $0) <= 2 ? "; did you mean '\($0)'?" : nil } ?? ""
                return failure("unknown diagram setting '\(setting.key)' (known: \(keys.joined(separator: ", ")))\(suggestion)")
            }
        }
        guard sawFile else { return .failure(GoDiagramError(message: "a diagram needs 'file: path/to/game.sgf'", column: 1)) }
        guard targets <= 1 else { return .failure(GoDiagramError(message: "give one of move, node, variation or moves, not several", column: 1)) }
        return .success(request)
    }

    /// The settings of a fenced block's lines (`key: value`), numbered from `firstLine`; blank lines and
    /// lines starting with `#` are skipped.
    static func settings(ofBlock text: String) -> Result<[(line: Int, setting: Setting)], GoDiagramError> {
        var result: [(Int, Setting)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(GoDiagramError(message: "expected 'key: value', got '\(line)'", column: 1, lineOffset: index))
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let indentation = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            result.append((index, Setting(key: key, value: Self.unquoted(value), column: indentation + 1)))
        }
        return .success(result)
    }

    /// The settings of a directive's `key=value` words (values may be "quoted"), with their columns.
    static func settings(ofDirective text: Substring, column: Int) -> Result<[Setting], GoDiagramError> {
        var settings: [Setting] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == " " || text[index] == "\t" {
                index = text.index(after: index)
                continue
            }
            let start = index
            let keyColumn = column + text.distance(from: text.startIndex, to: start)
            while index < text.endIndex, text[index] != "=", text[index] != " " { index = text.index(after: index) }
            guard index < text.endIndex, text[index] == "=" else {
                return .failure(GoDiagramError(message: "expected key=value, got '\(text[start..<index])'", column: keyColumn))
            }
            let key = String(text[start..<index])
            index = text.index(after: index)
            var value = ""
            if index < text.endIndex, text[index] == "\"" {
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "\"" {
                    value.append(text[index])
                    index = text.index(after: index)
                }
                guard index < text.endIndex else {
                    return .failure(GoDiagramError(message: "the value of \(key) has no closing quote", column: keyColumn))
                }
                index = text.index(after: index)
            } else {
                while index < text.endIndex, text[index] != " ", text[index] != "\t" {
                    value.append(text[index])
                    index = text.index(after: index)
                }
            }
            settings.append(Setting(key: key, value: value, column: keyColumn))
        }
        return .success(settings)
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" else { return value }
        return String(value.dropFirst().dropLast())
    }
}

/// Why a diagram's settings cannot be read: the column (and line within a block) of the text at fault, and
/// the setting's key when one setting is.
struct GoDiagramError: Error, Equatable {
    var message: String
    var column: Int
    var lineOffset = 0
    var key: String?
}
