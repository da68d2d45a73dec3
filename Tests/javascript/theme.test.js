// Unit tests for the default theme's script (templates/assets/hoshi.js), run with `node --test`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { nextTheme, readStoredTheme, storeTheme } = require(path.join(__dirname, "../../templates/assets/hoshi.js"));

test("toggle goes to the opposite of what is shown", () => {
  assert.equal(nextTheme("dark", false), "light");
  assert.equal(nextTheme("light", true), "dark");
});

test("without a stored choice the system preference decides what is shown", () => {
  assert.equal(nextTheme(null, true), "light");
  assert.equal(nextTheme(null, false), "dark");
  assert.equal(nextTheme("bogus", true), "light");
});

test("storage failures do not break the toggle", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  assert.equal(readStoredTheme(broken), null);
  assert.doesNotThrow(() => storeTheme(broken, "dark"));
});

test("the choice is stored under one key", () => {
  const values = new Map();
  const storage = { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value) };
  storeTheme(storage, "dark");
  assert.equal(readStoredTheme(storage), "dark");
  assert.deepEqual([...values.keys()], ["hoshi-theme"]);
});
