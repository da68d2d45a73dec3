// Unit tests for the search script's pure functions (templates/assets/search.js), run with `node --test`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const {
  fold, tokenize, parseQuery, decodeTerms, decodePostings, slug, decodeIndex, search, makeSnippet, resultCountText,
} = require(path.join(__dirname, "../../templates/assets/search.js"));

test("folding lower-cases and removes diacritics", () => {
  assert.equal(fold("Élan Ångström naïve"), "elan angstrom naive");
});

test("words are runs of Unicode letters and numbers; single letters are dropped", () => {
  assert.deepEqual(tokenize("Go's 19x19 board, Über-Regel: Ко́ми!"), ["go", "19x19", "board", "uber", "regel", "коми"]);
  assert.deepEqual(tokenize("a b", true), ["a", "b"]);
});

test("CJK runs become overlapping bigrams, a lone character stays whole", () => {
  assert.deepEqual(tokenize("囲碁規則"), ["囲碁", "碁規", "規則"]);
  assert.deepEqual(tokenize("碁 go"), ["碁", "go"]);
  assert.deepEqual(tokenize("komiは6目半"), ["komi", "は", "目半"]);
});

test("the last word is a prefix while it is typed; stop words are dropped", () => {
  const stop = new Set(["the"]);
  assert.deepEqual(parseQuery("the board si", stop), { words: ["board"], prefix: "si" });
  assert.deepEqual(parseQuery("board size ", stop), { words: ["board", "size"], prefix: null });
  assert.deepEqual(parseQuery("th", stop), { words: [], prefix: "th" });
  assert.deepEqual(parseQuery("  ", stop), { words: [], prefix: null });
});

test("front-coded terms and gap-coded postings decode", () => {
  assert.deepEqual(decodeTerms("0go,2ban,2te,0komi"), ["go", "goban", "gote", "komi"]);
  assert.deepEqual(decodeTerms(""), []);
  // [3, 4, 40, 100]: first number, then gaps 1, 36 ("A") and 60 ("Y"); 64 and more take leading base-26 digits.
  assert.deepEqual(decodePostings("31AY"), [3, 4, 40, 100]);
  assert.deepEqual(decodePostings("#0"), [64]);
  assert.deepEqual(decodePostings("$A"), [2 * 64 + 36]);
});

test("slugs of ASCII titles match the build's heading ids", () => {
  assert.equal(slug("How do I change the board size?"), "how-do-i-change-the-board-size");
  assert.equal(slug("What's new"), "whats-new");
  assert.equal(slug("?!"), "section");
});

const rawIndex = {
  version: 1,
  pages: [["index.html", "Home", "1f2e3d4c5b"], ["manual/scoring.html", "Scoring", "a0b1c2d3e4"]],
  targets: [
    [0, "", "", "Welcome to the board game help."],
    [1, "", "", "How the score is counted."],
    [1, 0, "Komi", "Komi compensates White for moving second."],
    [1, "territory-2", "Territory", "Count the board points and the komi."],
  ],
  // board: 0, 3; compensates: 2; counted: 1; game: 0; help: 0; komi: 2, 3; points: 3; score: 1;
  // scoring: 1; territory: 3; welcome: 0.
  terms: "0board,0compensates,2unted,0game,0help,0komi,0points,0score,4ing,0territory,0welcome",
  postings: "03,2,1,0,0,21,3,1,1,3,0",
  stopWords: "the to is how and",
  texts: "assets/search-text",
};

test("each decoded page names its text file, in the index's text folder", () => {
  const index = decodeIndex(rawIndex);
  assert.deepEqual(index.pages.map((page) => page.textFile), ["1f2e3d4c5b", "a0b1c2d3e4"]);
  assert.equal(index.textFolder, "assets/search-text");
  assert.deepEqual(index.targets.map((target) => target.position), [0, 0, 1, 2], "a target's place among its page's texts");
});

test("the decoded index resolves slug ids and page targets", () => {
  const index = decodeIndex(rawIndex);
  assert.equal(index.targets[2].url, "manual/scoring.html#komi");
  assert.equal(index.targets[3].url, "manual/scoring.html#territory-2");
  assert.equal(index.targets[1].url, "manual/scoring.html");
  assert.equal(index.targets[1].title, "Scoring");
  assert.ok(index.targets[1].isPage);
  assert.deepEqual(index.terms.slice(6, 9), ["points", "score", "scoring"]);
});

test("title and heading hits rank before text hits", () => {
  const index = decodeIndex(rawIndex);
  const urls = (query) => search(index, query).map((result) => result.target.url);
  assert.deepEqual(urls("komi "), ["manual/scoring.html#komi", "manual/scoring.html#territory-2"]);
  assert.deepEqual(urls("board "), ["index.html", "manual/scoring.html#territory-2"]);
});

test("words are AND-ed, the page title counts, and the last word matches as a prefix", () => {
  const index = decodeIndex(rawIndex);
  const urls = (query) => search(index, query).map((result) => result.target.url);
  assert.deepEqual(urls("komi poi"), ["manual/scoring.html#territory-2"]);
  assert.deepEqual(urls("scoring komi "), ["manual/scoring.html#komi", "manual/scoring.html#territory-2"]);
  assert.deepEqual(urls("ter"), ["manual/scoring.html#territory-2"]);
  assert.deepEqual(urls("komi nothing"), []);
  assert.deepEqual(urls("the"), [], "a whole stop word alone finds nothing rather than everything");
});

test("snippets mark matching words and never carry markup", () => {
  const pieces = makeSnippet("Count the <b>board</b> points", [{ word: "board", isPrefix: false }, { word: "poi", isPrefix: true }]);
  assert.deepEqual(pieces, [
    { text: "Count the <b>", hit: false }, { text: "board", hit: true }, { text: "</b> ", hit: false },
    { text: "points", hit: true },
  ]);
  assert.deepEqual(makeSnippet("Ünïcode words", [{ word: "unicode", isPrefix: false }])[0], { text: "Ünïcode", hit: true });
  assert.deepEqual(makeSnippet("規則の説明", [{ word: "規則", isPrefix: false }])[0], { text: "規則", hit: true });
});

test("long text is cut around the first hit", () => {
  const text = "word ".repeat(100) + "needle " + "word ".repeat(100);
  const pieces = makeSnippet(text, [{ word: "needle", isPrefix: false }], 60);
  assert.equal(pieces[0].text, "…");
  assert.equal(pieces.at(-1).text, "…");
  assert.ok(pieces.some((piece) => piece.hit && piece.text === "needle"));
  assert.ok(pieces.map((piece) => piece.text).join("").length <= 64);
});

// MARK: - Ranking on a small site written here

/**
 * A raw index for `pages` ([{ path, title, sections: [{ id, title, text }] }], the first section being the
 * page itself with id ""), built by this test's own encoder: words are ASCII runs of two letters or more,
 * terms are written without shared prefixes ("0" + term), postings as gaps in the final-digit alphabet
 * (every target number here is below 64).
 */
function indexOfSite(pages) {
  const words = (text) => (text.toLowerCase().match(/[a-z0-9]{2,}/g) || []);
  const targets = [];
  const postings = new Map();
  pages.forEach((page, pageNumber) => {
    for (const section of page.sections) {
      const number = targets.length;
      targets.push([pageNumber, section.id, section.id ? section.title : "", ""]);
      for (const word of new Set([...words(section.id ? section.title : page.title), ...words(section.text)])) {
        postings.set(word, [...(postings.get(word) || []), number]);
      }
    }
  });
  assert.ok(targets.length < 64);
  const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";
  const terms = [...postings.keys()].sort();
  const gaps = (list) => list.map((value, i) => digits[value - (i ? list[i - 1] : 0)]).join("");
  return {
    version: 1,
    pages: pages.map((page) => [page.path, page.title, ""]),
    targets,
    terms: terms.map((term) => "0" + term).join(","),
    postings: terms.map((term) => gaps(postings.get(term))).join(","),
    stopWords: "the a of",
    texts: "",
  };
}

// Pages in site order with the ones that only start with "ko" first, so site order alone ranks them wrongly.
const goSite = [
  { path: "komi.html", title: "Komi", sections: [
    { id: "", title: "", text: "Komi compensates White for moving second." },
    { id: "korean-komi", title: "Korean komi", text: "Korean rules give six and a half points." } ] },
  { path: "players.html", title: "Players", sections: [
    { id: "", title: "", text: "Korean professionals and their teachers." },
    { id: "kobayashi", title: "Kobayashi Koichi", text: "A champion of the 1980s." } ] },
  { path: "rules.html", title: "Rules", sections: [
    { id: "", title: "", text: "Captures, suicide and the ko rule in short." },
    { id: "repetition", title: "Repetition", text: "A ko may not be retaken at once; komi is unrelated." } ] },
  { path: "ko.html", title: "Ko", sections: [
    { id: "", title: "", text: "A ko is a shape where stones could be captured back and forth." },
    { id: "ko-threats", title: "Ko threats", text: "A threat elsewhere, answered before the ko is retaken." },
    { id: "history", title: "History", text: "Old books tell of famous fights." } ] },
  { path: "endgame.html", title: "Endgame", sections: [
    { id: "", title: "", text: "Counting the last points." } ] },
];

/**
 * The rule, computed from the pages themselves: 0 exact word in the target's title (page title or heading),
 * 1 exact word in its text, 2 a word starting with the query in its title, 3 in its text; null when the
 * target holds no such word.
 */
function matchClass(page, section, query, isPrefix) {
  const words = (text) => text.toLowerCase().match(/[a-z0-9]{2,}/g) || [];
  const title = words(section.id ? section.title : page.title);
  const text = words(section.text);
  const classes = [];
  if (title.includes(query)) classes.push(0);
  if (text.includes(query)) classes.push(1);
  if (isPrefix && title.some((word) => word.startsWith(query))) classes.push(2);
  if (isPrefix && text.some((word) => word.startsWith(query))) classes.push(3);
  return classes.length ? Math.min(...classes) : null;
}

function expectedClasses(query, isPrefix) {
  const classes = new Map();
  for (const page of goSite) {
    for (const section of page.sections) {
      const found = matchClass(page, section, query, isPrefix);
      if (found !== null) classes.set(section.id ? `${page.path}#${section.id}` : page.path, found);
    }
  }
  return classes;
}

test("an exact word outranks a prefix match, and a title or heading outranks text", () => {
  const index = decodeIndex(indexOfSite(goSite));
  for (const [query, isPrefix] of [["ko", true], ["ko ", false], ["kor", true], ["komi", true]]) {
    const expected = expectedClasses(query.trim(), isPrefix);
    const urls = search(index, query).map((result) => result.target.url);
    assert.deepEqual(new Set(urls), new Set(expected.keys()), `every target holding "${query}" and no other`);
    const classes = urls.map((url) => expected.get(url));
    assert.deepEqual(classes, [...classes].sort((a, b) => a - b), `"${query}": ${urls.join(", ")}`);
  }
  const first = search(index, "ko").map((result) => result.target.url).slice(0, 2);
  assert.deepEqual(new Set(first), new Set(["ko.html", "ko.html#ko-threats"]), "the pages about ko come first");
});

test("every match is returned, however many, and the count is said", () => {
  const pages = Array.from({ length: 30 }, (_, i) => ({
    path: `page${i}.html`, title: `Page ${i}`, sections: [{ id: "", title: "", text: `Stones and liberties, page ${i}.` }],
  }));
  const index = decodeIndex(indexOfSite(pages));
  assert.equal(search(index, "liberties ").length, 30);
  assert.equal(resultCountText(10, 30), "10 of 30 results");
  assert.equal(resultCountText(30, 30), "30 results");
  assert.equal(resultCountText(1, 1), "1 result");
  assert.equal(resultCountText(0, 0), "No results");
});

test("a snippet is cut around the first whole word, not an earlier prefix match", () => {
  const text = "komi " + "filler ".repeat(60) + "the ko rule " + "filler ".repeat(60);
  const pieces = makeSnippet(text, [{ word: "ko", isPrefix: true }], 80);
  const shown = pieces.map((piece) => piece.text).join("");
  assert.ok(shown.includes("the ko rule"), shown);
});
