// Hoshi default theme: the helpers the page scripts share, under one name (`Hoshi`). Plain modern
// JavaScript, no libraries. A classic script, not a module, so that pages work from file:// (module
// scripts do not load there): layouts load it before their page's script, and the page scripts read
// `Hoshi.dom`, `Hoshi.storage`, `Hoshi.points`, `Hoshi.sets` and `Hoshi.text` when they run. Node tests `require` it
// first, which sets the same global.
"use strict";

globalThis.Hoshi = (() => {
  // MARK: - Building the page

  const SVG_NS = "http://www.w3.org/2000/svg";

  /** An HTML element with attributes and, unless `text` is absent or empty, its text. */
  function element(document, name, attributes = {}, text = "") {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (text !== undefined && text !== null && text !== "") node.textContent = String(text);
    return node;
  }

  /** An SVG element (board pictures) with attributes, numbers written as the build writes them. */
  function svgElement(document, name, attributes) {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  }

  // MARK: - Stored choices and marks

  // Private modes and file:// may refuse localStorage (reading the property throws) or refuse a write
  // (storage full or denied); every page must still work then, its choices lasting for the page.

  /** `window.localStorage`, or null where it is refused. */
  function open(window) {
    try { return window.localStorage || null; } catch { return null; }
  }

  /** The stored text under `key`, or null when absent or refused. */
  function read(storage, key) {
    try { return storage ? storage.getItem(key) : null; } catch { return null; }
  }

  /** Stores `value` under `key`; does nothing when refused. */
  function write(storage, key, value) {
    try { if (storage) storage.setItem(key, value); } catch { /* refused: the choice lasts for this page */ }
  }

  function remove(storage, key) {
    try { if (storage) storage.removeItem(key); } catch { /* refused: nothing stored then */ }
  }

  /** The JSON stored under `key`, or `fallback` when absent, refused or not JSON. */
  function readJSON(storage, key, fallback) {
    const text = read(storage, key);
    if (text === null) return fallback;
    try { return JSON.parse(text); } catch { return fallback; }
  }

  function writeJSON(storage, key, value) {
    write(storage, key, JSON.stringify(value));
  }

  /** A stored choice among `allowed`, or the first allowed value when absent, unknown or refused. */
  function readChoice(storage, key, allowed) {
    const value = read(storage, key);
    return allowed.includes(value) ? value : allowed[0];
  }

  // MARK: - SGF points and their names

  /** Column letters skip I, as on printed boards; columns past 25 get two letters (AA, AB, … then BA …). */
  const COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

  function columnLabel(column) {
    return column < 25 ? COLUMN_LETTERS[column] : COLUMN_LETTERS[Math.floor(column / 25) - 1] + COLUMN_LETTERS[column % 25];
  }

  /** One SGF coordinate letter's code as a 0-based index: a-z 0-25, A-Z 26-51, -1 for anything else. */
  function letterIndex(code) {
    if (code >= 97 && code <= 122) return code - 97;
    if (code >= 65 && code <= 90) return code - 39;
    return -1;
  }

  /** The SGF letter of a 0-based index. */
  function indexLetter(index) {
    return String.fromCharCode(index < 26 ? 97 + index : 39 + index);
  }

  /** The board array index (row * columns + column) of two SGF letters at `offset`, or -1 off the board. */
  function pointIndex(text, offset, columns, rows) {
    const column = letterIndex(text.charCodeAt(offset));
    const row = letterIndex(text.charCodeAt(offset + 1));
    return column >= 0 && row >= 0 && column < columns && row < rows ? row * columns + column : -1;
  }

  /** "Q16": the column letter and the row counted from the bottom, as players read a point. */
  function pointName(index, columns, rows) {
    return columnLabel(index % columns) + (rows - Math.floor(index / columns));
  }

  /** The name of a point given as two SGF letters: "pd" on 19 rows is "Q16". */
  function letterPointName(point, rows) {
    return columnLabel(letterIndex(point.charCodeAt(0))) + String(rows - letterIndex(point.charCodeAt(1)));
  }

  /** "Black" for SGF's B, "White" for W, as the pages say a player in words. */
  function colourName(colour) {
    return colour === "B" ? "Black" : "White";
  }

  // MARK: - Progress on a set's index page

  /**
   * Shows a set index page's stored progress: each card marked (`markCard(card, mark)`, the mark from
   * `markOf()`'s reader, undefined for none), the counts per mark handed to `showCounts`, the hidden
   * progress panel revealed and its reset button clearing the marks (`clear()`) and showing the page again.
   */
  function showProgress({ panel, reset, cards, markOf, markCard, showCounts, clear }) {
    const show = () => {
      const mark = markOf();
      const counts = {};
      for (const card of cards) {
        const value = mark(card);
        markCard(card, value);
        if (value) counts[value] = (counts[value] || 0) + 1;
      }
      showCounts(counts);
    };
    if (panel) panel.hidden = false;
    if (reset) reset.addEventListener("click", () => { clear(); show(); });
    show();
  }

  // MARK: - Words

  /** A count and its noun, singular for one: "1 press", "3 presses" (`plural` when it is not the noun + s). */
  function counted(count, noun, plural = `${noun}s`) {
    return `${count} ${count === 1 ? noun : plural}`;
  }

  return {
    dom: { element, svgElement },
    storage: { open, read, write, remove, readJSON, writeJSON, readChoice },
    points: { COLUMN_LETTERS, columnLabel, letterIndex, indexLetter, pointIndex, pointName, letterPointName, colourName },
    sets: { showProgress },
    text: { counted },
  };
})();

if (typeof module !== "undefined") {
  module.exports = globalThis.Hoshi;
}
