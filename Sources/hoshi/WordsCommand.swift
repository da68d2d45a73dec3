import ArgumentParser
import Foundation
import HoshiCore

/// `hoshi words`: Evil Hangman on a word list. Thin: reading the list, the game and its rules live in
/// HoshiCore (`WordListReader`, `HangmanGame`); this file reads files and standard input and prints.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Play Evil Hangman on a word list.",
        subcommands: [Play.self]
    )
}

extension WordsCommand {
    /// `hoshi words play LIST --length N --guesses G [--fair] [--seed S]`.
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play Evil Hangman in the terminal, one guess per line on standard input.",
            discussion: """
                LIST is one word per line or a property list array of strings; entries that are not words of \
                letters A-Z are left out with warnings. The computer never commits to a word: each guess keeps \
                the largest family of words that answer it alike, ties broken from the seed, exactly as the \
                published page does. --fair draws one word at the start instead. Each line of input is one \
                guess; anything but a single new letter is ignored without penalty. Without --seed a random \
                seed is used and printed, so that a game can be replayed.
                """
        )

        @Argument(help: "The word list.")
        var list: String

        @Option(help: "Word length.")
        var length: Int

        @Option(help: "Wrong guesses allowed, 1 to 26.")
        var guesses = 8

        @Flag(help: "Pick one word at the start instead of cheating.")
        var fair = false

        @Option(help: "Seed of the tie-breaking generator (0 to 4294967295).")
        var seed: UInt32?

        func run() throws {
            guard let data = FileManager.default.contents(atPath: list) else {
                printDiagnostics([.error("cannot read the word list", at: SourceLocation(path: list))])
                throw ExitCode.failure
            }
            let (words, diagnostics) = WordListReader.read([UInt8](data), path: list)
            printDiagnostics(diagnostics)
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            let seed = seed ?? UInt32.random(in: 0...UInt32.max)
            var game: HangmanGame
            do {
                game = try HangmanGame(words: words.letters(ofLength: length), length: length, allowedWrongGuesses: guesses,
                                       isEvil: !fair, seed: seed)
            } catch {
                let lengths = words.lengths
                let hint = error == .noWords(length: length) && !lengths.isEmpty
                    ? "; lengths with words: \(lengths.first ?? 0) to \(lengths.last ?? 0)" : ""
                printDiagnostics([.error(error.message + hint)])
                throw ExitCode.failure
            }
            print("seed \(seed)")
            printState(game)
            while game.outcome == .playing, let line = readLine() {
                switch game.guess(line.trimmingCharacters(in: .whitespaces)) {
                case .ignored(let reason): print("ignored: \(reason)")
                case .hit, .miss: printState(game)
                }
            }
            switch game.outcome {
            case .won: print("won: \(game.patternText)")
            case .lost: print("lost: the word was \(game.revealedWord ?? "")")
            case .playing: print("unfinished: \(game.wrongGuessesLeft) wrong guesses left")
            }
        }

        /// One line per state, easy to read and to compare: `-E-- 7 left, guessed E`.
        private func printState(_ game: HangmanGame) {
            let guessed = String(decoding: game.guesses, as: UTF8.self)
            print("\(game.patternText) \(game.wrongGuessesLeft) left\(guessed.isEmpty ? "" : ", guessed \(guessed)")")
        }

        private func printDiagnostics(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
        }
    }
}
