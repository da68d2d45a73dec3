import HoshiCore
import Yams

/// A top-level key of `hoshi.yml` that a content kind owns (`games:`, `lights:`): its name, its value when the
/// key is absent, and how its value is read. The kind declares it in its own folder and lists it in its
/// registration (`ContentKindRegistration.sections`); `SiteConfiguration` parses the shared keys itself and
/// hands each such key's YAML to its section, so a new kind's settings need no edit of the shared configuration.
///
/// A kind reads its value back with `configuration[.games]`: the type of the value comes with the section, so a
/// kind cannot read another type than the one its section parsed.
struct SettingsSection<Value: Sendable & Equatable>: Sendable {
    /// The key in hoshi.yml.
    let key: String
    /// The value when hoshi.yml does not have the key.
    let defaultValue: Value
    /// Reads the key's YAML value; problems go to the diagnostics with their lines in `path`.
    let parse: @Sendable (_ node: Yams.Node, _ key: String, _ path: String, _ diagnostics: inout [Diagnostic]) -> Value

    init(key: String, defaultValue: Value,
         parse: @escaping @Sendable (_ node: Yams.Node, _ key: String, _ path: String, _ diagnostics: inout [Diagnostic]) -> Value) {
        self.key = key
        self.defaultValue = defaultValue
        self.parse = parse
    }

    /// This section with its value's type forgotten, for the list of every kind's sections.
    var erased: AnySettingsSection {
        AnySettingsSection(key: key) { node, key, path, diagnostics in
            SettingsValue(parse(node, key, path, &diagnostics))
        }
    }
}

extension SettingsSection<[String]> {
    /// A section whose value is a list of content paths (`problems: [a, b/c.sgf]`); a single path is a list of one.
    static func pathList(key: String) -> Self {
        SettingsSection(key: key, defaultValue: []) { node, key, path, diagnostics in
            node.stringList(named: key, path: path, into: &diagnostics)
        }
    }
}

/// A `SettingsSection` of any value type: what the configuration parser loops over.
struct AnySettingsSection: Sendable {
    let key: String
    let parse: @Sendable (_ node: Yams.Node, _ key: String, _ path: String, _ diagnostics: inout [Diagnostic]) -> SettingsValue
}

/// A kind's parsed settings, compared by value so that a changed section makes the configuration unequal
/// (`hoshi serve` forgets what it kept when the configuration changes).
struct SettingsValue: Sendable, Equatable {
    let value: any Sendable & Equatable

    init(_ value: any Sendable & Equatable) {
        self.value = value
    }

    static func == (left: SettingsValue, right: SettingsValue) -> Bool {
        func equals<Left: Equatable>(_ left: Left) -> Bool { (right.value as? Left) == left }
        return equals(left.value)
    }
}
