/// The text of every warning the MANUAL reader emits, in one place so that tests and documentation can
/// quote them and wording stays consistent.
///
/// Most warnings mark input on which Little Go's own help generator crashes or silently shows something else;
/// each says what Hoshi did instead and how to fix the source. The build turns them into errors under
/// `--strict`.
enum ManualReaderMessage {
    /// A separator level of the format, for messages.
    enum Level: Sendable {
        case group, section, subsection

        var noun: String {
            switch self {
            case .group: "group"
            case .section: "section"
            case .subsection: "subsection"
            }
        }

        var separator: String {
            switch self {
            case .group: "***"
            case .section: "---"
            case .subsection: "==="
            }
        }
    }

    /// A separator right after a block's title and closing separator, when a title line follows it: the author
    /// left the block empty, and Little Go would skip this separator and show the next title as body text.
    static func emptyBlock(_ level: Level, title: String, nextTitle: String) -> String {
        "\(level.noun) \"\(title)\" is empty, so Little Go would skip this '\(level.separator)' line and show \"\(nextTitle)\" as text; write text under \"\(title)\" or remove it"
    }

    /// A separator whose title line is blank.
    static func emptyTitle(_ level: Level) -> String {
        "\(level.noun) title is empty; write the title on the line after '\(level.separator)'"
    }

    /// Text in a group before any `---` section when the group has no section at all: Little Go drops it.
    static let textOutsideSections =
        "text outside any section is not shown; start a section with a '---' line, a title line and another '---' line"

    /// A group, or the whole file, without any section.
    static func noSections(groupTitle: String?) -> String {
        if let groupTitle {
            return "group \"\(groupTitle)\" has no sections; add one with a '---' line, a title line and another '---' line"
        }
        return "the file has no sections; start one with a '---' line, a title line and another '---' line"
    }

    /// A `- ` item in an open numbered list at the same level, or a `1. ` item in a bullet list.
    static func mixedListTypes(item: ManualListKind, list: ManualListKind) -> String {
        "\(item.noun) item in a \(list.noun) list; Little Go would show it as a \(list.noun) item; end the \(list.noun) list with a blank line first"
    }

    /// A list nested in an item of the other list type: Little Go crashes on its next item or continuation line
    /// (it checks the nested list's indentation against one type's width and its items against the other's).
    static func nestedMixedListTypes(item: ManualListKind, list: ManualListKind) -> String {
        "\(item.noun) list nested in a \(list.noun) list can make Little Go crash; nest only \(list.noun) lists in \(list.noun) lists"
    }

    /// A nested list's first item at the wrong indentation.
    static func nestedItemIndentation(actual: Int, expected: Int, list: ManualListKind) -> String {
        "list item indented \(spaces(actual)) makes Little Go crash; a list nested in a \(list.noun) item is indented \(spaces(expected))"
    }

    /// An item whose indentation falls between two open lists' items.
    static func itemIndentationBetweenLevels(actual: Int, outer: Int, inner: Int) -> String {
        "list item indented \(spaces(actual)) makes Little Go crash; items of the open lists are indented \(spaces(outer)) or \(spaces(inner))"
    }

    /// A text line in a list that continues no open item.
    static func continuationIndentation(actual: Int, expected: Int) -> String {
        "line indented \(spaces(actual)) inside a list makes Little Go crash; indent it \(spaces(expected)) to continue the item, or end the list with a blank line"
    }

    /// `2. ` (or any number but 1) inside a list.
    static func numberedItemNotOne(_ number: String) -> String {
        "numbered list item written '\(number).'; Little Go only recognizes '1.' (it numbers the items itself); write '1.'"
    }

    private static func spaces(_ count: Int) -> String {
        count == 1 ? "1 space" : "\(count) spaces"
    }
}
