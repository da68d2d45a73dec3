/// The compact form of the per-length word files a Hangman page loads: the sorted words, each written as
/// the number of leading letters it shares with the previous word, in decimal, then its remaining letters.
/// All words of a file have one length, so no separator is needed: ARE ARM ART BAT -> `0ARE2M2T0BAT`.
/// hangman.js `decodeWords` reads it. Words are A-Z only, so the text needs no escaping in a script.
public enum WordFrontCoding {
    /// `words` sorted, of one length, A-Z.
    public static func encode(_ words: [String]) -> String {
        var text = ""
        var previous: [UInt8] = []
        for word in words {
            let letters = Array(word.utf8)
            var shared = 0
            while shared < letters.count, shared < previous.count, letters[shared] == previous[shared] { shared += 1 }
            text += String(shared)
            text += String(decoding: letters[shared...], as: UTF8.self)
            previous = letters
        }
        return text
    }
}
