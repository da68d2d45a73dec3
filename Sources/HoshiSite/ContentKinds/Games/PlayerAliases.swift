import HoshiCore
import Yams

/// Players known under several names, from `games: players:` in hoshi.yml: the players' index lists each
/// once, under the declared name, with the games and the record of every name. Game pages keep the names
/// their records give.
///
/// ```yaml
/// games:
///   players:
///     - name: Honinbo Shusaku
///       aliases: [Yasuda Shusaku, Kuwahara Shusaku]
/// ```
/// Names are matched as the players' index reads them: whitespace runs collapsed, a rank written into the
/// name set apart (`PlayerName`), case ignored.
public struct PlayerAliases: Sendable, Equatable {
    /// The declared name of each alias, by its key (`key(_:)`).
    private var nameByAlias: [String: String] = [:]

    public init() {}

    var isEmpty: Bool { nameByAlias.isEmpty }

    /// The name the players' index lists `name` under: its declared name if it is an alias, else itself.
    func player(named name: String) -> String {
        nameByAlias[Self.key(name)] ?? name
    }

    private static func key(_ name: String) -> String {
        PlayerName(recorded: name).name.lowercased()
    }

    static let entryKeys: Set<String> = ["name", "aliases"]

    /// Reads the value of `games: players:`; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> PlayerAliases {
        var aliases = PlayerAliases()
        var declaredAt: [String: (name: String, location: SourceLocation)] = [:]
        var players: [(name: String, location: SourceLocation)] = []
        for entry in node.entries(named: "games.players", path: path, into: &diagnostics) {
            var name: String?
            var nameLocation = entry.location(in: path)
            var names: [(text: String, location: SourceLocation)] = []
            for (keyNode, value) in entry.mapping ?? [:] {
                let key = keyNode.string ?? ""
                switch key {
                case "name":
                    if let text = value.scalar?.string, let normalized = GameDescription.normalizedName(text) {
                        name = PlayerName(recorded: normalized).name
                        nameLocation = value.location(in: path)
                    } else {
                        diagnostics.append(.error("'name' must be the player's name (Honinbo Shusaku)", at: value.location(in: path)))
                    }
                case "aliases":
                    let items = value.scalar != nil ? [value] : (value.sequence.map(Array.init) ?? [])
                    if value.scalar == nil && value.sequence == nil {
                        diagnostics.append(.error("'aliases' must be a list of names ([Yasuda Shusaku])", at: value.location(in: path)))
                    }
                    for item in items {
                        if let text = item.scalar?.string, let normalized = GameDescription.normalizedName(text) {
                            names.append((normalized, item.location(in: path)))
                        } else {
                            diagnostics.append(.error("each alias must be a name", at: item.location(in: path)))
                        }
                    }
                default:
                    diagnostics.append(.warning("unknown key '\(key)' in games.players is ignored\(entryKeys.didYouMean(key))",
                                                at: keyNode.location(in: path)))
                }
            }
            guard let name else {
                diagnostics.append(.error("each entry of games.players needs a 'name' (the name to list the player under)",
                                          at: entry.location(in: path)))
                continue
            }
            players.append((name, nameLocation))
            for (alias, location) in names {
                let key = key(alias)
                if key == self.key(name) {
                    diagnostics.append(.warning("'\(alias)' is the name of its own entry in games.players", at: location))
                } else if let earlier = declaredAt[key], earlier.name != name {
                    diagnostics.append(.error("'\(alias)' is already an alias of '\(earlier.name)' (\(earlier.location.description))",
                                              at: location))
                } else {
                    declaredAt[key] = (name, location)
                    aliases.nameByAlias[key] = name
                }
            }
        }
        // A player declared under a name that is also another's alias: which of the two would list the games?
        for (name, location) in players {
            if let other = aliases.nameByAlias[key(name)], other != name {
                diagnostics.append(.error("'\(name)' is declared as a player and as an alias of '\(other)'", at: location))
            }
        }
        return aliases
    }
}
