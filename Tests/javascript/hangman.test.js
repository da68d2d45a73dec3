// Unit tests for the Evil Hangman page script (templates/assets/hangman.js), run with `node --test`, and the
// cross-check against the Swift implementation: the same games played through `hoshi words play` (the binary
// in $HOSHI, or .build/debug/hoshi) and through the script must give the same answers.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
require(path.join(__dirname, "../../templates/assets/shared.js")); // the page scripts read `Hoshi`
const hangman = require(path.join(__dirname, "../../templates/assets/hangman.js"));

const SPEC_WORDS = ["BEAR", "BOAR", "DEER", "DUCK", "HARE"];

/** Mulberry32 in BigInt arithmetic, masked to 32 bits: a second computation of the published algorithm. */
function referenceRandom(seed) {
  let state = BigInt(seed);
  const mask = 0xFFFFFFFFn;
  return () => {
    state = (state + 0x6D2B79F5n) & mask;
    let t = ((state ^ (state >> 15n)) * (state | 1n)) & mask;
    t = ((t + (((t ^ (t >> 7n)) * (t | 61n)) & mask)) & mask) ^ t;
    return Number((t ^ (t >> 14n)) & mask);
  };
}

test("the generator is Mulberry32", () => {
  for (const seed of [0, 1, 12345, 0xFFFFFFFF, 2026]) {
    const random = hangman.newRandom(seed);
    const reference = referenceRandom(seed);
    for (let i = 0; i < 1000; i += 1) assert.equal(hangman.nextRandom(random), reference());
  }
});

/** Front coding written here, from the format's description. */
function encode(words) {
  let previous = "";
  return words.map((word) => {
    let shared = 0;
    while (shared < word.length && word[shared] === previous[shared]) shared += 1;
    previous = word;
    return String(shared) + word.slice(shared);
  }).join("");
}

test("front-coded word files decode to the sorted words", () => {
  assert.deepEqual(hangman.decodeWords("0ARE2M2T0BAT", 3), ["ARE", "ARM", "ART", "BAT"]);
  const long = ["ABCDEFGHIJKLMNOPQRSTUVWXYA", "ABCDEFGHIJKLMNOPQRSTUVWXYB", "ABCDEFGHIJKLMNOPQRSTUVWXZZ"];
  assert.equal(encode(long), "0ABCDEFGHIJKLMNOPQRSTUVWXYA25B24ZZ");
  assert.deepEqual(hangman.decodeWords(encode(long), 26), long);
  assert.deepEqual(hangman.decodeWords("", 5), []);
  assert.deepEqual(hangman.decodeWords("0AB9ZZ", 2), ["AB"], "a damaged file stops at the damage");
});

function families(words, letter) {
  const result = {};
  for (const family of hangman.splitFamilies(words, letter)) {
    const pattern = "-".repeat(words[0].length).split("");
    for (const position of family.positions) pattern[position] = letter;
    result[pattern.join("")] = family.members;
  }
  return result;
}

test("the family split on the specification's example, guessing E and R", () => {
  assert.deepEqual(families(SPEC_WORDS, "E"), { "----": ["BOAR", "DUCK"], "-E--": ["BEAR"], "-EE-": ["DEER"], "---E": ["HARE"] });
  assert.deepEqual(families(SPEC_WORDS, "R"), { "---R": ["BEAR", "BOAR", "DEER"], "----": ["DUCK"], "--R-": ["HARE"] });
  const random = hangman.newRandom(1);
  assert.deepEqual(hangman.keptFamily(hangman.splitFamilies(SPEC_WORDS, "E"), random).members, ["BOAR", "DUCK"]);
  assert.equal(random.state, 1, "no tie, no draw");
});

test("ties draw once and pick among the tied families in split order", () => {
  const split = hangman.splitFamilies(["CAT", "COT", "CAP", "COP"], "T");
  for (let seed = 0; seed < 20; seed += 1) {
    const random = hangman.newRandom(seed);
    const expected = split[referenceRandom(seed)() % 2].members;
    assert.deepEqual(hangman.keptFamily(split, random).members, expected);
  }
});

test("a game: misses, hits, ignored input, loss naming a consistent word", () => {
  const game = hangman.newGame(SPEC_WORDS, { length: 4, guesses: 2, evil: true }, 7);
  assert.equal(hangman.playGuess(game, "e").result, "miss");
  assert.equal(game.wrong, 1);
  assert.equal(hangman.playGuess(game, "E").reason, "E was already guessed.");
  assert.equal(hangman.playGuess(game, "7").result, "ignored");
  assert.equal(hangman.playGuess(game, "").result, "ignored");
  assert.equal(hangman.playGuess(game, "ab").result, "ignored");
  assert.equal(game.wrong, 1, "ignored input costs nothing");
  assert.equal(game.guesses, "E");
  hangman.playGuess(game, "Z");
  assert.equal(game.outcome, "lost");
  assert.ok(["BOAR", "DUCK"].includes(game.revealed));
  assert.equal(hangman.playGuess(game, "A").result, "ignored", "input stops until a new game");
});

test("a fair game draws its word first and can be won without a miss", () => {
  for (let seed = 0; seed < 10; seed += 1) {
    const game = hangman.newGame(SPEC_WORDS, { length: 4, guesses: 3, evil: false }, seed);
    const word = SPEC_WORDS[referenceRandom(seed)() % SPEC_WORDS.length];
    assert.deepEqual(game.candidates, [word]);
    for (const letter of new Set(word)) assert.equal(hangman.playGuess(game, letter).result, "hit");
    assert.equal(game.outcome, "won");
    assert.equal(game.pattern, word);
  }
});

test("a saved game replays to the same state", () => {
  const game = hangman.newGame(SPEC_WORDS, { length: 4, guesses: 5, evil: true }, 99);
  for (const letter of "RAx1O") hangman.playGuess(game, letter);
  const replayed = hangman.replayGame(SPEC_WORDS, JSON.parse(JSON.stringify(hangman.savedForm(game))));
  assert.deepEqual(replayed, game);
});

test("high scores keep the ten best, fewest mistakes first, then the earlier game", () => {
  let scores = [];
  for (let i = 0; i < 15; i += 1) scores = hangman.addHighScore(scores, { word: `W${i}`, mistakes: (i * 7) % 5, time: i });
  assert.equal(scores.length, hangman.HIGH_SCORE_COUNT);
  const expected = Array.from({ length: 15 }, (_, i) => ({ word: `W${i}`, mistakes: (i * 7) % 5, time: i }))
    .sort((a, b) => a.mistakes - b.mistakes || a.time - b.time).slice(0, 10);
  assert.deepEqual(scores, expected);
});

test("stored settings are checked against what the page offers", () => {
  const defaults = { length: 5, guesses: 8, evil: true };
  assert.deepEqual(hangman.validSettings({ length: 4, guesses: 3, evil: false }, defaults, [4, 5]), { length: 4, guesses: 3, evil: false });
  assert.deepEqual(hangman.validSettings({ length: 9, guesses: 30, evil: "no" }, defaults, [4, 5]), defaults);
  assert.deepEqual(hangman.validSettings(null, defaults, [4, 5]), defaults);
});

// MARK: - The cross-check with Swift

const LIST = "/usr/share/dict/american-english";
const HOSHI = process.env.HOSHI || path.join(__dirname, "../../.build/debug/hoshi");

/** The list as the build reads it, written here from the format: words of A-Z only, upper-cased, once, sorted. */
function wordsByLength() {
  const words = [...new Set(fs.readFileSync(LIST, "latin1").split("\n").filter((w) => /^[A-Za-z]+$/.test(w))
    .map((w) => w.toUpperCase()))].sort();
  const byLength = new Map();
  for (const word of words) {
    if (!byLength.has(word.length)) byLength.set(word.length, []);
    byLength.get(word.length).push(word);
  }
  return byLength;
}

/** What `hoshi words play` prints for a game, computed by the script. */
function scriptTranscript(words, settings, seed, inputs) {
  const game = hangman.newGame(words, settings, seed);
  const state = () => `${game.pattern} ${game.allowed - game.wrong} left${game.guesses ? `, guessed ${game.guesses}` : ""}`;
  const lines = [`seed ${seed}`, state()];
  for (const input of inputs) {
    if (game.outcome) break;
    const played = hangman.playGuess(game, input);
    lines.push(played.result === "ignored" ? "ignored" : state());
  }
  if (game.outcome === "won") lines.push(`won: ${game.pattern}`);
  else if (game.outcome === "lost") lines.push(`lost: the word was ${game.revealed}`);
  else lines.push(`unfinished: ${game.allowed - game.wrong} wrong guesses left`);
  return lines;
}

test("Swift and the script answer alike, game after game, on Debian's american-english", (t) => {
  if (!fs.existsSync(LIST)) return t.skip(`${LIST} is absent; install Debian's wamerican`);
  if (!fs.existsSync(HOSHI)) return t.skip(`${HOSHI} is absent; run swift build first`);
  const byLength = wordsByLength();
  const lengths = [...byLength.keys()];
  const random = referenceRandom(20261125);
  const games = Number(process.env.HANGMAN_CROSS_CHECK_GAMES || 25);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (let index = 0; index < games; index += 1) {
    const length = lengths[random() % lengths.length];
    const settings = { length, guesses: 1 + (random() % 26), evil: random() % 4 !== 0 };
    const seed = random();
    // Letters in a random order, with ignored input mixed in (a repeat, a digit, punctuation).
    const letters = alphabet.split("").map((l) => [random(), l]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
    const inputs = [];
    for (const letter of letters) {
      inputs.push(random() % 2 ? letter : letter.toLowerCase());
      if (random() % 6 === 0) inputs.push(["7", "?", inputs[0], "AB"][random() % 4]);
    }
    const argv = ["words", "play", LIST, "--length", String(length), "--guesses", String(settings.guesses), "--seed", String(seed)];
    if (!settings.evil) argv.push("--fair");
    const output = execFileSync(HOSHI, argv, { input: inputs.join("\n") + "\n", encoding: "utf8", stdio: ["pipe", "pipe", "ignore"] });
    const swift = output.trim().split("\n").map((line) => (line.startsWith("ignored") ? "ignored" : line));
    assert.deepEqual(swift, scriptTranscript(byLength.get(length), settings, seed, inputs),
      `game ${index}: hoshi ${argv.join(" ")} with input ${inputs.join("")}`);
  }
});

test("the message line after each guess, and on resuming a finished game", () => {
  const settings = { length: 3, guesses: 2, evil: false };
  const lost = hangman.newGame(["CAT"], settings, 7);
  const say = (game, letter) => hangman.guessMessage(game, hangman.playGuess(game, letter), letter);
  assert.equal(say(lost, "c"), "Yes, C is in the word.");
  assert.equal(say(lost, "C"), "C was already guessed.");
  assert.equal(say(lost, "x"), "No X.");
  assert.equal(hangman.resumeMessage(lost), "", "a game in progress resumes silently");
  assert.equal(say(lost, "z"), "Bad luck: the word was CAT. Try again?");
  assert.equal(hangman.resumeMessage(lost), "The word was CAT. Start a new game?");
  const won = hangman.newGame(["CAT"], settings, 7);
  say(won, "q");
  say(won, "C");
  say(won, "A");
  assert.equal(say(won, "T"), "Congratulations: you found CAT with 1 mistake!");
  assert.equal(hangman.resumeMessage(won), "You found CAT. Start a new game?");
  assert.equal(say(won, "E"), "The game is over; start a new game.");
});

test("the pattern is read with its blanks", () => {
  assert.equal(hangman.patternLabel("C-T"), "Word: C blank T");
});
