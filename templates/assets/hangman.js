// Hoshi default theme: Evil Hangman pages. Plain modern JavaScript, no libraries, a classic script.
//
// The game runs here because its states cannot be computed ahead of time; the same rules exist in Swift
// (Sources/HoshiCore/WordPuzzles: HangmanRandom, WordFamilies, HangmanGame), and a test plays both with the
// same seed and guesses. Change one, change the other.
//
// The page loads only the words of the length being played, from a file the build writes per length
// (words-N.js, through a script tag, so that file:// works). A file holds the sorted words front-coded: each
// word is the number of leading letters it shares with the previous word, in decimal, then its remaining
// letters (all words of a file have the same length, so no separator is needed): ARE ARM ART BAT ->
// "0ARE2M2T0BAT".
"use strict";

// MARK: - The generator: Mulberry32 (see HangmanRandom.swift for the specification)

/** A generator whose whole state is one unsigned 32-bit number. */
function newRandom(seed) {
  return { state: seed >>> 0 };
}

/** The next unsigned 32-bit number. */
function nextRandom(random) {
  random.state = (random.state + 0x6D2B79F5) >>> 0;
  const a = random.state;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
}

/** An index below count: next() % count. */
function indexBelow(random, count) {
  return nextRandom(random) % count;
}

// MARK: - Word files

/** The words of a front-coded string (see the top of this file). */
function decodeWords(encoded, length) {
  const words = [];
  let previous = "";
  let index = 0;
  while (index < encoded.length) {
    let shared = 0;
    while (index < encoded.length && encoded.charCodeAt(index) >= 48 && encoded.charCodeAt(index) <= 57) {
      shared = shared * 10 + encoded.charCodeAt(index) - 48;
      index += 1;
    }
    const rest = length - shared;
    if (shared > previous.length || rest < 0 || index + rest > encoded.length) break;
    previous = previous.slice(0, shared) + encoded.slice(index, index + rest);
    index += rest;
    words.push(previous);
  }
  return words;
}

// MARK: - The evil computer

/** The families of words for a letter, in the order of their first word: { positions: [i...], members: [words] }. */
function splitFamilies(words, letter) {
  const families = [];
  const byKey = new Map();
  for (const word of words) {
    const positions = [];
    for (let index = word.indexOf(letter); index !== -1; index = word.indexOf(letter, index + 1)) positions.push(index);
    const key = positions.join(",");
    let family = byKey.get(key);
    if (!family) {
      family = { positions, members: [] };
      byKey.set(key, family);
      families.push(family);
    }
    family.members.push(word);
  }
  return families;
}

/** The family kept: a largest one; among k > 1 tied ones, the one at indexBelow(random, k) in split order. */
function keptFamily(families, random) {
  let size = 0;
  for (const family of families) size = Math.max(size, family.members.length);
  const tied = families.filter((family) => family.members.length === size);
  if (tied.length <= 1) return tied[0] || null;
  return tied[indexBelow(random, tied.length)];
}

// MARK: - A game

/** A new game on the words of one length (sorted). A fair game draws its word first, with the same generator. */
function newGame(words, settings, seed) {
  const random = newRandom(seed);
  const candidates = settings.evil ? words.slice() : [words[indexBelow(random, words.length)]];
  return {
    length: settings.length, allowed: settings.guesses, evil: settings.evil, seed: seed >>> 0, random, candidates,
    guesses: "", wrong: 0, pattern: "-".repeat(settings.length), outcome: "", revealed: "",
  };
}

/** Plays one guess. Returns { result: "hit" | "miss" | "ignored", reason }; an ignored guess changes nothing. */
function playGuess(game, input) {
  if (game.outcome) return { result: "ignored", reason: "The game is over; start a new game." };
  if (typeof input !== "string" || !/^[A-Za-z]$/.test(input)) {
    return { result: "ignored", reason: "Type a single letter, A to Z." };
  }
  const letter = input.toUpperCase();
  if (game.guesses.includes(letter)) return { result: "ignored", reason: `${letter} was already guessed.` };
  game.guesses += letter;
  const kept = keptFamily(splitFamilies(game.candidates, letter), game.random);
  game.candidates = kept.members;
  const pattern = game.pattern.split("");
  for (const position of kept.positions) pattern[position] = letter;
  game.pattern = pattern.join("");
  if (kept.positions.length === 0) {
    game.wrong += 1;
    if (game.wrong >= game.allowed) {
      game.outcome = "lost";
      game.revealed = game.candidates[indexBelow(game.random, game.candidates.length)];
    }
    return { result: "miss" };
  }
  if (!game.pattern.includes("-")) game.outcome = "won";
  return { result: "hit" };
}

/** A saved game played again from its settings, seed and letters: the saved form stays tiny. */
function replayGame(words, saved) {
  const game = newGame(words, saved, saved.seed);
  for (const letter of saved.letters) playGuess(game, letter);
  return game;
}

function savedForm(game) {
  return { length: game.length, guesses: game.allowed, evil: game.evil, seed: game.seed, letters: game.guesses };
}

// MARK: - High scores: won games, fewest mistakes first, then the earlier game

const HIGH_SCORE_COUNT = 10;

function addHighScore(scores, entry) {
  const list = scores.concat([entry]);
  list.sort((a, b) => a.mistakes - b.mistakes || a.time - b.time);
  return list.slice(0, HIGH_SCORE_COUNT);
}

// MARK: - Settings

/** Settings from storage or the page's defaults, each checked against what the page offers. */
function validSettings(candidate, defaults, lengths) {
  const settings = Object.assign({}, defaults);
  if (candidate && typeof candidate === "object") {
    if (lengths.includes(candidate.length)) settings.length = candidate.length;
    if (Number.isInteger(candidate.guesses) && candidate.guesses >= 1 && candidate.guesses <= 26) settings.guesses = candidate.guesses;
    if (typeof candidate.evil === "boolean") settings.evil = candidate.evil;
  }
  return settings;
}

// MARK: - Words said to the player (pure, unit-tested)

/** What the message line says after a guess (`played`, from playGuess) of `input`. */
function guessMessage(game, played, input) {
  if (played.result === "ignored") return played.reason;
  if (game.outcome === "won") return `Congratulations: you found ${game.pattern} with ${counted(game.wrong, "mistake")}!`;
  if (game.outcome === "lost") return `Bad luck: the word was ${game.revealed}. Try again?`;
  return played.result === "hit" ? `Yes, ${input.toUpperCase()} is in the word.` : `No ${input.toUpperCase()}.`;
}

/** What the message line says on resuming a finished game; "" for a game in progress. */
function resumeMessage(game) {
  if (!game.outcome) return "";
  return game.outcome === "won" ? `You found ${game.pattern}. Start a new game?` : `The word was ${game.revealed}. Start a new game?`;
}

/** The pattern read aloud: "Word: A blank E". */
function patternLabel(pattern) {
  return `Word: ${pattern.split("").map((c) => (c === "-" ? "blank" : c)).join(" ")}`;
}

// MARK: - The page

const { element } = Hoshi.dom;
const { counted } = Hoshi.text;

/** The game's stored JSON (guarded by `Hoshi.storage`: private modes and file:// may refuse it, and the
 *  game must still run). */
function guardedStorage(window) {
  const storage = Hoshi.storage.open(window);
  return {
    read: (key) => Hoshi.storage.readJSON(storage, key, null),
    write: (key, value) => Hoshi.storage.writeJSON(storage, key, value),
    remove: (key) => Hoshi.storage.remove(storage, key),
  };
}

/**
 * The hangman page, one object handed to every part (as game.js's viewer): the page, what the set offers
 * (`lengths`, `defaults`, where its word files are), the stored game, settings and scores (`keys`), the word
 * lists loaded, the parts built for it, and the `game` played (null until its words load) with the
 * `settings` of the next one.
 */
function createHangman(document, window, root) {
  const setID = root.getAttribute("data-hangman-set");
  const lengths = (root.getAttribute("data-lengths") || "").split(",").map(Number).filter((n) => n > 0);
  const defaults = {
    length: Number(root.getAttribute("data-default-length")),
    guesses: Number(root.getAttribute("data-default-guesses")),
    evil: root.getAttribute("data-default-evil") !== "false",
  };
  const storage = guardedStorage(window);
  const keys = { game: `hoshi-hangman:${setID}:game`, settings: `hoshi-hangman:${setID}:settings`,
    scores: `hoshi-hangman:${setID}:scores` };
  return {
    document, window, root, lengths, defaults, storage, keys,
    base: root.getAttribute("data-words-base") || "",
    loaded: {},
    words: window.hoshiHangmanWords = window.hoshiHangmanWords || {},
    game: null,
    settings: validSettings(storage.read(keys.settings), defaults, lengths),
    letterButtons: {},
  };
}

/** The board: pattern, wrong guesses left, letters guessed, outcome, message, keyboard, buttons, settings. */
function buildHangmanBoard(hangman) {
  const { document, root } = hangman;
  const play = root.querySelector(".hangman-play") || root;
  hangman.pattern = element(document, "p", { class: "hangman-pattern", "data-hangman": "pattern", "aria-live": "polite" });
  const status = element(document, "p", { class: "hangman-status" });
  hangman.left = element(document, "span", { "data-hangman": "left" });
  hangman.guessed = element(document, "span", { class: "hangman-guessed", "data-hangman": "guessed" });
  hangman.seedText = element(document, "span", { class: "hangman-seed", "data-hangman": "seed" });
  status.append(hangman.left, " wrong guesses left · guessed: ", hangman.guessed, " · game ", hangman.seedText);
  hangman.outcome = element(document, "p", { class: "hangman-outcome", "data-hangman": "outcome", hidden: "" });
  hangman.message = element(document, "p", { class: "hangman-message", "data-hangman": "message", role: "status",
    "aria-live": "polite" });
  const keyboard = buildHangmanKeyboard(hangman);
  const controls = element(document, "div", { class: "hangman-controls" });
  hangman.newGameButton = element(document, "button", { type: "button", class: "hangman-button", "data-hangman": "new-game" }, "New game");
  hangman.settingsButton = element(document, "button", { type: "button", class: "hangman-button", "data-hangman": "settings-button",
    "aria-expanded": "false" }, "Settings");
  controls.append(hangman.newGameButton, hangman.settingsButton);
  hangman.settingsPanel = buildHangmanSettings(hangman);
  hangman.scoresPanel = element(document, "div", { class: "hangman-scores", "data-hangman": "scores", hidden: "" });
  play.append(hangman.pattern, status, hangman.outcome, hangman.message, keyboard, controls, hangman.settingsPanel,
    hangman.scoresPanel);
  play.hidden = false;
  for (const notice of root.querySelectorAll(".hangman-noscript")) notice.hidden = true;
}

/** The on-screen keyboard, in three rows; a letter's button guesses it. */
function buildHangmanKeyboard(hangman) {
  const { document } = hangman;
  const keyboard = element(document, "div", { class: "hangman-keyboard", role: "group", "aria-label": "Letters" });
  for (const letter of "QWERTYUIOPASDFGHJKLZXCVBNM") {
    const button = element(document, "button", { type: "button", class: "hangman-key", "data-letter": letter }, letter);
    button.addEventListener("click", () => guessLetter(hangman, letter));
    hangman.letterButtons[letter] = button;
    keyboard.append(button);
    if (letter === "P" || letter === "L") keyboard.append(element(document, "span", { class: "hangman-key-break" }));
  }
  return keyboard;
}

/** The settings of the next game, stored as they change; `panel.showSettings()` fills it in when it opens. */
function buildHangmanSettings(hangman) {
  const { document, lengths } = hangman;
  const panel = element(document, "fieldset", { class: "hangman-settings", "data-hangman": "settings", hidden: "" });
  panel.append(element(document, "legend", {}, "Settings for the next game"));
  const lengthLabel = element(document, "label", {}, "Word length ");
  const lengthSelect = element(document, "select", { "data-setting": "length" });
  for (const length of lengths) lengthSelect.append(element(document, "option", { value: String(length) }, String(length)));
  lengthLabel.append(lengthSelect);
  const guessesLabel = element(document, "label", {}, "Wrong guesses allowed ");
  const guessesInput = element(document, "input", { type: "number", min: "1", max: "26", "data-setting": "guesses" });
  guessesLabel.append(guessesInput);
  const evilLabel = element(document, "label", {});
  const evilInput = element(document, "input", { type: "checkbox", "data-setting": "evil" });
  evilLabel.append(evilInput, " Evil (the computer never commits to a word)");
  panel.append(lengthLabel, guessesLabel, evilLabel);
  const show = () => {
    lengthSelect.value = String(hangman.settings.length);
    guessesInput.value = String(hangman.settings.guesses);
    evilInput.checked = hangman.settings.evil;
  };
  const change = () => {
    hangman.settings = validSettings({ length: Number(lengthSelect.value), guesses: Number(guessesInput.value), evil: evilInput.checked },
      hangman.settings, lengths);
    hangman.storage.write(hangman.keys.settings, hangman.settings);
    sayToPlayer(hangman, "Settings saved: they take effect in the next game.");
  };
  for (const control of [lengthSelect, guessesInput, evilInput]) control.addEventListener("change", change);
  panel.showSettings = show;
  return panel;
}

function sayToPlayer(hangman, text) {
  hangman.message.textContent = text;
}

// MARK: - The page: words and games

/** Calls back with the words of a length, loading its file once through a script tag. */
function withWords(hangman, length, callback) {
  const { document, words, loaded } = hangman;
  if (words[length]) {
    if (!loaded[length]) loaded[length] = decodeWords(words[length], length);
    callback(loaded[length]);
    return;
  }
  const script = element(document, "script", { src: `${hangman.base}words-${length}.js` });
  script.addEventListener("load", () => {
    if (words[length]) withWords(hangman, length, callback); else sayToPlayer(hangman, `The words of ${length} letters did not load.`);
  });
  script.addEventListener("error", () => sayToPlayer(hangman, `The words of ${length} letters did not load.`));
  document.head.append(script);
}

function randomSeed(window) {
  try {
    return window.crypto.getRandomValues(new Uint32Array(1))[0];
  } catch {
    return Math.floor(Math.random() * 4294967296) >>> 0;
  }
}

function startNewGame(hangman) {
  const chosen = Object.assign({}, hangman.settings);
  const seed = randomSeed(hangman.window);
  withWords(hangman, chosen.length, (list) => {
    hangman.game = newGame(list, chosen, seed);
    hangman.storage.write(hangman.keys.game, savedForm(hangman.game));
    sayToPlayer(hangman, `New game: a word of ${hangman.game.length} letters.`);
    updateHangman(hangman);
  });
}

/** Resumes the game in progress (or the last one, finished), else starts one. */
function resumeOrStartGame(hangman) {
  const { storage, keys, defaults, lengths } = hangman;
  const saved = storage.read(keys.game);
  if (saved && lengths.includes(saved.length) && typeof saved.letters === "string" && Number.isInteger(saved.seed)) {
    const resumed = validSettings(saved, defaults, lengths);
    withWords(hangman, resumed.length, (list) => {
      hangman.game = replayGame(list, Object.assign(resumed, { seed: saved.seed, letters: saved.letters }));
      if (hangman.game.outcome) sayToPlayer(hangman, resumeMessage(hangman.game));
      updateHangman(hangman);
    });
  } else {
    startNewGame(hangman);
  }
}

function guessLetter(hangman, input) {
  const { game, storage, keys } = hangman;
  if (!game) return;
  const played = playGuess(game, input);
  sayToPlayer(hangman, guessMessage(game, played, input));
  if (played.result === "ignored") return;
  storage.write(keys.game, savedForm(game));
  if (game.outcome === "won") {
    const scores = addHighScore(storage.read(keys.scores) || [], { word: game.pattern, mistakes: game.wrong, time: Date.now() });
    storage.write(keys.scores, scores);
  }
  updateHangman(hangman);
}

// MARK: - The page: drawing the game

function updateHangman(hangman) {
  const { game } = hangman;
  hangman.pattern.textContent = game.pattern;
  hangman.pattern.setAttribute("aria-label", patternLabel(game.pattern));
  hangman.left.textContent = String(game.allowed - game.wrong);
  hangman.guessed.textContent = game.guesses.split("").join(" ") || "none";
  hangman.seedText.textContent = String(game.seed);
  hangman.outcome.textContent = game.outcome;
  hangman.outcome.hidden = !game.outcome;
  hangman.root.classList.toggle("hangman-over", Boolean(game.outcome));
  for (const [letter, button] of Object.entries(hangman.letterButtons)) {
    const used = game.guesses.includes(letter);
    button.classList.toggle("hangman-key-used", used);
    button.classList.toggle("hangman-key-hit", used && game.pattern.includes(letter));
    button.setAttribute("aria-disabled", used || game.outcome ? "true" : "false");
  }
  showScores(hangman);
}

/** The high scores, once a game is over. */
function showScores(hangman) {
  const { document, game, scoresPanel } = hangman;
  scoresPanel.textContent = "";
  scoresPanel.hidden = !game.outcome;
  if (!game.outcome) return;
  const scores = hangman.storage.read(hangman.keys.scores);
  scoresPanel.append(element(document, "h2", {}, "High scores"));
  if (!Array.isArray(scores) || scores.length === 0) {
    scoresPanel.append(element(document, "p", {}, "No game won yet in this browser."));
    return;
  }
  const list = element(document, "ol", { class: "hangman-score-list" });
  for (const score of scores) {
    const item = element(document, "li", { "data-hangman": "score" });
    item.append(element(document, "span", { class: "hangman-score-word" }, String(score.word)),
      ` ${counted(Number(score.mistakes), "mistake")}`);
    list.append(item);
  }
  scoresPanel.append(list);
}

// MARK: - The page: input

/** Typed letters guess (outside text fields, and Space stays a button's), New game, and the settings' toggle. */
function setUpHangmanInput(hangman) {
  const { document, newGameButton, settingsButton, settingsPanel } = hangman;
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    if (event.key === " " && target && target.closest && target.closest("button")) return;
    event.preventDefault();
    guessLetter(hangman, event.key);
  });
  newGameButton.addEventListener("click", () => startNewGame(hangman));
  settingsButton.addEventListener("click", () => {
    const opening = settingsPanel.hidden;
    settingsPanel.hidden = !opening;
    settingsButton.setAttribute("aria-expanded", opening ? "true" : "false");
    if (opening) settingsPanel.showSettings();
  });
}

function setUpHangman(document, window) {
  const root = document.querySelector("[data-hangman-set]");
  if (!root) return;
  const hangman = createHangman(document, window, root);
  buildHangmanBoard(hangman);
  setUpHangmanInput(hangman);
  resumeOrStartGame(hangman);
}

if (typeof document !== "undefined") {
  setUpHangman(document, window);
}

if (typeof module !== "undefined") {
  module.exports = {
    newRandom, nextRandom, indexBelow, decodeWords, splitFamilies, keptFamily, newGame, playGuess, replayGame, savedForm,
    addHighScore, validSettings, HIGH_SCORE_COUNT, guessMessage, resumeMessage, patternLabel,
  };
}
