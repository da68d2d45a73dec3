/// Which lights a press toggles.
///
/// Lights Off (and Tiger Lights Out) use `.plain`: a press toggles the pressed light and its orthogonal
/// neighbours that exist on the board. `.torus` wraps the edges, so every light has four neighbours; a
/// puzzle set chooses it with `wrap: true`. On a torus narrower or shorter than 3 the wrapped neighbours
/// coincide; each distinct neighbour is toggled once (a light is never toggled twice by one press).
public enum LightsRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// No wrap: edge and corner lights have fewer neighbours (the original game's rule).
    case plain
    /// Left edge wraps to right edge and top to bottom.
    case torus

    /// The rule for a puzzle set's `wrap` setting.
    public init(wrap: Bool) {
        self = wrap ? .torus : .plain
    }

    /// Whether edges wrap.
    public var wraps: Bool { self == .torus }
}
