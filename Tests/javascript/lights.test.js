// Unit tests for the Lights Off page script (templates/assets/lights.js), run with `node --test`.
// The hint table below is the one the build embeds for plain 5 x 5 boards (copied from a built page of the
// demo site); the tests check the script's XOR-and-combine step against an exhaustive search written here.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
require(path.join(__dirname, "../../templates/assets/shared.js")); // the page scripts read `Hoshi`
const lights = require(path.join(__dirname, "../../templates/assets/lights.js"));

const TABLE_5X5 = {
  width: 5, height: 5, rule: "plain", wordsPerRow: 1,
  cellPresses: [[[0],[1],[3],[5],[14]],[[0],[2],[7],[8],[27]],[[6],[13],[23],[31],[25]],[[7],[2],[0],[2],[7]],
    [[3],[20],[21],[1],[22]],[[1],[3],[4],[13],[21]],[[4],[14],[19],[18],[12]],[[5],[13],[16],[21],[5]],
    [[4],[14],[25],[9],[6]],[[1],[3],[21],[22],[4]],[[5],[13],[20],[26],[23]],[[0],[0],[0],[2],[7]],
    [[3],[4],[13],[17],[22]],[[7],[10],[28],[8],[0]],[[6],[9],[25],[30],[20]],[[4],[14],[17],[21],[5]],
    [[2],[7],[8],[27],[10]],[[1],[3],[5],[14],[20]],[[6],[9],[25],[14],[4]],[[0],[0],[0],[0],[16]],
    [[3],[4],[13],[21],[24]],[[7],[10],[28],[0],[28]],[[6],[9],[25],[14],[12]],[[0],[0],[0],[0],[0]],[[0],[0],[0],[0],[0]]],
  quietPatterns: [[[14],[21],[27],[21],[14]],[[21],[21],[0],[21],[21]]],
};

function board(picture) {
  const rows = picture.trim().split(/\s+/);
  const result = lights.emptyBoard(rows[0].length, rows.length);
  rows.forEach((row, r) => [...row].forEach((cell, c) => { if (cell === "x") lights.toggleLight(result, r, c); }));
  return result;
}

/** Fewest presses by trying all 2^25 press sets would be slow in a unit test; light chasing over the 32
 *  first rows enumerates every solution of a plain 5 x 5 board exactly (each later row is forced). */
function chasePar(start) {
  let best = null;
  for (let first = 0; first < 32; first += 1) {
    let state = lights.copyBoard(start);
    let count = 0;
    for (let c = 0; c < 5; c += 1) if ((first >> c) & 1) { state = lights.press(state, 5, 5, "plain", 0, c); count += 1; }
    for (let r = 1; r < 5; r += 1) {
      for (let c = 0; c < 5; c += 1) if (lights.isLit(state, r - 1, c)) { state = lights.press(state, 5, 5, "plain", r, c); count += 1; }
    }
    if (lights.isAllOff(state) && (best === null || count < best)) best = count;
  }
  return best;
}

function randomBoard(seed) {
  let value = seed;
  const result = lights.emptyBoard(5, 5);
  for (let cell = 0; cell < 25; cell += 1) {
    value = (value * 1103515245 + 12345) >>> 0;
    if ((value >>> 16) & 1) lights.toggleLight(result, Math.floor(cell / 5), cell % 5);
  }
  return result;
}

test("a press toggles the cell and its orthogonal neighbours", () => {
  assert.deepEqual(lights.press(lights.emptyBoard(5, 5), 5, 5, "plain", 2, 2), board("----- --x-- -xxx- --x-- -----"));
  assert.deepEqual(lights.press(lights.emptyBoard(5, 5), 5, 5, "plain", 0, 0), board("xx--- x---- ----- ----- -----"));
  assert.deepEqual(lights.press(lights.emptyBoard(5, 5), 5, 5, "torus", 0, 0), board("xx--x x---- ----- ----- x----"));
  const start = board("x---- ----- ----- ----- -----");
  lights.press(start, 5, 5, "plain", 1, 1);
  assert.deepEqual(start, board("x---- ----- ----- ----- -----"), "press returns a new board");
});

test("a torus narrower than 3 toggles each neighbour once", () => {
  assert.deepEqual(lights.pressedCells(2, 1, "torus", 0, 0), [[0, 0], [0, 1]]);
});

test("columns above 31 use the next word", () => {
  const wide = lights.emptyBoard(40, 1);
  lights.toggleLight(wide, 0, 31);
  lights.toggleLight(wide, 0, 35);
  assert.deepEqual(wide, [[2147483648, 8]]);
  assert.deepEqual(lights.litCells(wide, 40), [[0, 31], [0, 35]]);
  assert.equal(lights.countLit(wide), 2);
});

test("popcount counts all 32 bits", () => {
  assert.equal(lights.popcount(0xffffffff), 32);
  assert.equal(lights.popcount(0x80000001), 2);
  assert.equal(lights.popcount(0), 0);
});

test("minimum presses match light chasing on 500 random boards, and solve them", () => {
  let unsolvable = 0;
  for (let seed = 1; seed <= 500; seed += 1) {
    const state = randomBoard(seed);
    const presses = lights.minimumPresses(TABLE_5X5, state);
    const par = chasePar(state);
    if (par === null) {
      assert.equal(presses, null, `seed ${seed}`);
      unsolvable += 1;
      continue;
    }
    assert.equal(lights.countLit(presses), par, `seed ${seed}`);
    let after = state;
    for (const [r, c] of lights.litCells(presses, 5)) after = lights.press(after, 5, 5, "plain", r, c);
    assert.ok(lights.isAllOff(after), `seed ${seed}: the presses turn the board off`);
  }
  assert.ok(unsolvable > 250 && unsolvable < 500, "about three quarters of random boards are unsolvable");
});

test("following hints solves in exactly par presses", () => {
  for (let seed = 1; seed <= 100; seed += 1) {
    let state = randomBoard(seed);
    const par = chasePar(state);
    if (par === null) continue;
    let presses = 0;
    for (let hint = lights.hintCell(TABLE_5X5, state); hint; hint = lights.hintCell(TABLE_5X5, state)) {
      state = lights.press(state, 5, 5, "plain", hint[0], hint[1]);
      presses += 1;
      assert.ok(presses <= par);
    }
    assert.ok(lights.isAllOff(state));
    assert.equal(presses, par);
  }
});

test("a solved board has no hint and an empty solution", () => {
  assert.equal(lights.hintCell(TABLE_5X5, lights.emptyBoard(5, 5)), null);
  assert.equal(lights.countLit(lights.minimumPresses(TABLE_5X5, lights.emptyBoard(5, 5))), 0);
});

test("solved marks are stored per set and can be reset", () => {
  const values = new Map();
  const storage = {
    getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, String(value)),
    removeItem: (key) => values.delete(key),
  };
  lights.markSolved(storage, "puzzles/a", "5x5-1");
  lights.markSolved(storage, "puzzles/a", "5x5-2");
  lights.markSolved(storage, "puzzles/b", "5x5-1");
  assert.deepEqual([...lights.readSolved(storage, "puzzles/a")].sort(), ["5x5-1", "5x5-2"]);
  assert.deepEqual([...values.keys()].sort(), ["hoshi-lights-solved:puzzles/a", "hoshi-lights-solved:puzzles/b"]);
  lights.clearSolved(storage, "puzzles/a");
  assert.equal(lights.readSolved(storage, "puzzles/a").size, 0);
  assert.equal(lights.readSolved(storage, "puzzles/b").size, 1);
});

test("broken or foreign stored values do not break the page", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() { throw new Error("denied"); } };
  assert.equal(lights.readSolved(broken, "s").size, 0);
  assert.doesNotThrow(() => lights.markSolved(broken, "s", "p"));
  assert.doesNotThrow(() => lights.clearSolved(broken, "s"));
  const garbage = { getItem: () => "{not json", setItem() {} };
  assert.equal(lights.readSolved(garbage, "s").size, 0);
  const wrongShape = { getItem: () => "[1, \"a\", null]", setItem() {} };
  assert.deepEqual([...lights.readSolved(wrongShape, "s")], ["a"]);
});

test("the arrows move the focus one cell and stop at the edges; Home and End go to the row's ends", () => {
  assert.deepEqual(lights.focusTarget("ArrowRight", 1, 2, 5, 4), [1, 3]);
  assert.deepEqual(lights.focusTarget("ArrowUp", 1, 2, 5, 4), [0, 2]);
  assert.deepEqual(lights.focusTarget("ArrowUp", 0, 2, 5, 4), [0, 2], "no wrapping at the top");
  assert.deepEqual(lights.focusTarget("ArrowDown", 3, 4, 5, 4), [3, 4], "nor at the bottom");
  assert.deepEqual(lights.focusTarget("ArrowLeft", 2, 0, 5, 4), [2, 0]);
  assert.deepEqual(lights.focusTarget("Home", 2, 3, 5, 4), [2, 0]);
  assert.deepEqual(lights.focusTarget("End", 2, 1, 5, 4), [2, 4]);
  assert.equal(lights.focusTarget("Enter", 2, 1, 5, 4), null);
});

test("cells are named by row and column, from 1, with what the hint or the solution says", () => {
  assert.equal(lights.cellLabel(0, 0, true, false, false), "Row 1, column 1: on");
  assert.equal(lights.cellLabel(2, 4, false, true, true), "Row 3, column 5: off, hint: press this");
  assert.equal(lights.cellLabel(2, 4, false, false, true), "Row 3, column 5: off, part of the solution");
});

test("the win box compares the presses with par", () => {
  assert.equal(lights.winText(1, 1), "Solved in 1 press! That is par: the fewest possible.");
  assert.equal(lights.winText(7, 5), "Solved in 7 presses! Par is 5; can you match it?");
});
