extension NavigationID {
    /// The entry of a word list's Evil Hangman page (`words:words/american.txt`).
    static func wordList(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "words", path: contentPath)
    }
}
