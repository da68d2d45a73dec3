// Unit tests for the helpers the page scripts share (templates/assets/shared.js), run with `node --test`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { memoryStorage } = require("./memory-storage.js");
const Hoshi = require(path.join(__dirname, "../../templates/assets/shared.js"));

const refusing = {
  getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() { throw new Error("denied"); },
};

test("requiring the script sets the one global the page scripts read", () => {
  assert.equal(globalThis.Hoshi, Hoshi);
  assert.deepEqual(Object.keys(Hoshi).sort(), ["dom", "points", "sets", "storage", "text"]);
});

test("points are named as players read them, from an index or from SGF letters", () => {
  const { pointName, letterPointName, pointIndex, letterIndex, indexLetter } = Hoshi.points;
  // SGF "p" is column 15, named Q because I is skipped; row "d" (3) is 16 counted from the bottom of 19.
  assert.equal(pointName(3 * 19 + 15, 19, 19), "Q16");
  assert.equal(letterPointName("pd", 19), "Q16");
  assert.equal(letterPointName("aa", 19), "A19");
  assert.equal(letterPointName("ss", 19), "T1");
  assert.equal(pointIndex("xpdx", 1, 19, 19), 3 * 19 + 15);
  assert.equal(pointIndex("tt", 0, 19, 19), -1, "tt is off a 19 x 19 board (an old pass)");
  assert.equal(letterIndex("-".charCodeAt(0)), -1);
  for (let index = 0; index < 52; index += 1) assert.equal(letterIndex(indexLetter(index).charCodeAt(0)), index);
  // A 30-column board: past Z (the 25th letter without I) come AA, AB, ...
  assert.equal(pointName(25, 30, 1), "AA1");
});

test("stored values round-trip, and refused or absent storage gives the fallback without throwing", () => {
  const { read, write, remove, readJSON, writeJSON } = Hoshi.storage;
  const storage = memoryStorage();
  write(storage, "k", "v");
  assert.equal(read(storage, "k"), "v");
  writeJSON(storage, "j", { a: [1] });
  assert.deepEqual(readJSON(storage, "j", null), { a: [1] });
  storage.setItem("bad", "{1,");
  assert.deepEqual(readJSON(storage, "bad", []), []);
  remove(storage, "k");
  assert.equal(read(storage, "k"), null);
  for (const store of [refusing, null]) {
    write(store, "k", "v");
    remove(store, "k");
    assert.equal(read(store, "k"), null);
    assert.deepEqual(readJSON(store, "k", { none: true }), { none: true });
  }
  assert.equal(Hoshi.storage.open({ get localStorage() { throw new Error("file://"); } }), null);
});

test("a stored choice is one of the allowed values, else the first: absent, unknown or refused", () => {
  const { readChoice, write } = Hoshi.storage;
  const storage = memoryStorage();
  const numbers = ["last", "all", "off"];
  assert.equal(readChoice(storage, "hoshi-go-numbers", numbers), "last");
  write(storage, "hoshi-go-numbers", "off");
  assert.equal(readChoice(storage, "hoshi-go-numbers", numbers), "off");
  write(storage, "hoshi-go-coordinates", "sideways");
  assert.equal(readChoice(storage, "hoshi-go-coordinates", ["on", "off"]), "on");
  assert.equal(readChoice(refusing, "hoshi-go-numbers", numbers), "last");
  assert.equal(readChoice(null, "hoshi-go-hints", ["off", "on"]), "off");
});

test("players and counts in words", () => {
  assert.equal(Hoshi.points.colourName("B"), "Black");
  assert.equal(Hoshi.points.colourName("W"), "White");
  const { counted } = Hoshi.text;
  assert.deepEqual([0, 1, 2].map((count) => counted(count, "mistake")), ["0 mistakes", "1 mistake", "2 mistakes"]);
  assert.deepEqual([1, 3].map((count) => counted(count, "press", "presses")), ["1 press", "3 presses"]);
});

test("set progress marks every card, counts the marks, and reset clears then shows again", () => {
  let stored = { a: "solved", b: "failed", c: "solved" };
  const cards = ["a", "b", "c", "d"].map((key) => ({ key, mark: "stale" }));
  const counted = [];
  let onReset = null;
  const panel = { hidden: true };
  Hoshi.sets.showProgress({
    panel,
    reset: { addEventListener: (type, listener) => { assert.equal(type, "click"); onReset = listener; } },
    cards,
    markOf: () => { const marks = { ...stored }; return (card) => marks[card.key]; },
    markCard: (card, mark) => { card.mark = mark; },
    showCounts: (counts) => counted.push(counts),
    clear: () => { stored = {}; },
  });
  assert.equal(panel.hidden, false);
  assert.deepEqual(cards.map((card) => card.mark), ["solved", "failed", "solved", undefined]);
  assert.deepEqual(counted, [{ solved: 2, failed: 1 }]);
  onReset();
  assert.deepEqual(cards.map((card) => card.mark), [undefined, undefined, undefined, undefined]);
  assert.deepEqual(counted[1], {});
});
