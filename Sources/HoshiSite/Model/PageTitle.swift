/// Titles made from file names, for pages and folders that do not name themselves.
enum PageTitle {
    /// `getting-started` -> `Getting started`.
    static func fromFileName(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
