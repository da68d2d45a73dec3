extension NavigationID {
    /// The entry of a Lights Off puzzle set read from a file (`lights:puzzles/daily.lights`).
    static func lightsSet(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "lights", path: contentPath)
    }

    /// The entry of a puzzle set that hoshi.yml asks to be generated (`lights:generated:daily`).
    static func generatedLightsSet(_ name: String) -> NavigationID {
        NavigationID(kind: "lights", path: "generated:\(name)")
    }
}
