// Unit tests for the game page script (templates/assets/game.js), run with `node --test`.
// The trees are small and written by hand; every expectation (positions, lines, markers, labels) is worked
// out here from the viewer data format GameViewerData.swift documents, not taken from the script's own output.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
require(path.join(__dirname, "../../templates/assets/shared.js")); // the page scripts read `Hoshi`
const game = require(path.join(__dirname, "../../templates/assets/game.js"));

// A 5 x 5 record (points are SGF letters; index = row * 5 + column):
//
//   0 root, setup B bb                     children 1
//   1 W cc                                 children 2 (main), 4, 7
//   2 B cb          3 W dd (main line end)
//   4 B dc          5 W pass, 6 no move (name, comment)
//   7 B cd, captures W cc (k = [1, 0])     8 setup: W on cd replacing the black stone (a point in r and a)
const TREE = {
  size: [5, 5],
  variationStyle: 0,
  nodes: [
    { a: "Bbb" },
    { m: "Wcc", a: "Wcc" },
    { m: "Bcb", a: "Bcb" },
    { m: "Wdd", a: "Wdd" },
    { p: 1, m: "Bdc", a: "Bdc" },
    { m: "W" },
    { p: 4, c: 1, N: "A note" },
    { p: 1, m: "Bcd", a: "Bcd", r: "Wcc", k: [1, 0] },
    { a: "Wcd", r: "Bcd" },
  ],
};

/** The position as rows of X (black), O (white) and . from the top. */
function picture(board, columns) {
  const rows = [];
  for (let start = 0; start < board.length; start += columns) {
    rows.push([...board.slice(start, start + columns)].map((value) => ".XO"[value]).join(""));
  }
  return rows.join(" ");
}

// Hand-worked positions of TREE's nodes.
const POSITIONS = [
  "..... .X... ..... ..... .....",
  "..... .X... ..O.. ..... .....",
  "..... .XX.. ..O.. ..... .....",
  "..... .XX.. ..O.. ...O. .....",
  "..... .X... ..OX. ..... .....",
  "..... .X... ..OX. ..... .....",
  "..... .X... ..OX. ..... .....",
  "..... .X... ..... ..X.. .....",
  "..... .X... ..... ..O.. .....",
];

function withStyle(style, data = TREE) {
  return game.decodeGame({ ...data, variationStyle: style });
}

test("decoding fills in parents, move numbers, prisoners and children", () => {
  const g = game.decodeGame(TREE);
  assert.equal(g.columns, 5);
  assert.equal(g.rows, 5);
  assert.deepEqual(g.nodes.map((node) => node.parent), [-1, 0, 1, 2, 1, 4, 4, 1, 7]);
  assert.deepEqual(g.nodes.map((node) => node.number), [0, 1, 2, 3, 2, 3, 2, 2, 2]);
  assert.deepEqual(g.nodes.map((node) => node.captures), [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [1, 0], [1, 0]]);
  assert.deepEqual(g.nodes.map((node) => node.depth), [0, 1, 2, 3, 2, 3, 3, 2, 3]);
  assert.deepEqual(g.nodes[1].children, [2, 4, 7]);
  assert.deepEqual(g.nodes[4].children, [5, 6]);
  assert.deepEqual(g.nodes[1].move, { color: "W", at: 12 });
  assert.deepEqual(g.nodes[5].move, { color: "W", at: -1 }, "a pass has no point");
  assert.equal(g.nodes[6].move, null);
  assert.equal(g.nodes[6].name, "A note");
  assert.deepEqual(g.mainMoves, [0, 1, 2, 3]);
});

test("an explicit move number is inherited by the children; a root move is number 1", () => {
  const g = game.decodeGame({ size: [3, 3], nodes: [{ m: "Baa" }, { m: "Wbb", n: 50 }, { m: "Bcc" }, {}] });
  assert.deepEqual(g.nodes.map((node) => node.number), [1, 50, 51, 51]);
  assert.deepEqual(g.mainMoves, [0, 0, 1, 2], "move-0 falls back to the root when the root holds move 1");
});

test("a bad parent index falls back to the previous node, empty data to a lone root", () => {
  const g = game.decodeGame({ size: [3, 3], nodes: [{}, { p: 5 }, { p: -2 }] });
  assert.deepEqual(g.nodes.map((node) => node.parent), [-1, 0, 1]);
  assert.equal(game.decodeGame({ size: [9, 9] }).nodes.length, 1);
});

test("positions apply removals before additions along the path", () => {
  const g = game.decodeGame(TREE);
  POSITIONS.forEach((expected, k) => assert.equal(picture(game.positionAt(g, k), 5), expected, `node ${k}`));
});

test("stepping between any two nodes gives the same position as replaying from the root", () => {
  const g = game.decodeGame(TREE);
  for (let from = 0; from < POSITIONS.length; from += 1) {
    for (let to = 0; to < POSITIONS.length; to += 1) {
      const board = game.positionAt(g, from);
      game.stepPosition(g, board, from, to);
      assert.equal(picture(board, 5), POSITIONS[to], `${from} → ${to}`);
    }
  }
});

test("move numbers: the latest move on each standing stone, the last 10, or none", () => {
  const g = game.decodeGame(TREE);
  const numbers = (k, mode) => Object.fromEntries(game.moveNumbers(g, game.positionAt(g, k), k, mode));
  assert.deepEqual(numbers(3, "all"), { 12: 1, 7: 2, 18: 3 }, "the setup stone has no number");
  assert.deepEqual(numbers(7, "all"), { 17: 2 }, "the captured stone's number goes with it");
  assert.deepEqual(numbers(8, "all"), {}, "a stone replaced by setup loses its number");
  assert.deepEqual(numbers(3, "off"), {});
  // Twelve moves along the top row: only moves 3 to 12 keep their numbers with `last`.
  const nodes = [{}];
  for (let column = 0; column < 12; column += 1) {
    const move = `${column % 2 ? "W" : "B"}${String.fromCharCode(97 + column)}a`;
    nodes.push({ m: move, a: move });
  }
  const row = game.decodeGame({ size: [12, 1], nodes });
  const last = Object.fromEntries(game.moveNumbers(row, game.positionAt(row, 12), 12, "last"));
  assert.deepEqual(last, { 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 10, 10: 11, 11: 12 });
});

test("a point played again after a capture shows the newer number", () => {
  const g = game.decodeGame({ size: [3, 1], nodes: [{}, { m: "Baa", a: "Baa" }, { m: "Wba", a: "Wba", r: "Baa", k: [0, 1] }, { m: "Baa", a: "Baa" }] });
  assert.deepEqual(Object.fromEntries(game.moveNumbers(g, game.positionAt(g, 3), 3, "all")), { 0: 3, 1: 2 });
  assert.deepEqual(Object.fromEntries(game.moveNumbers(g, game.positionAt(g, 2), 2, "all")), { 1: 2 });
});

test("the current line runs from the root through the node and on along remembered or first children", () => {
  const g = game.decodeGame(TREE);
  const none = new Int32Array(9).fill(-1);
  assert.deepEqual(game.currentLine(g, 0, none), [0, 1, 2, 3]);
  assert.deepEqual(game.currentLine(g, 4, none), [0, 1, 4, 5]);
  assert.deepEqual(game.currentLine(g, 6, none), [0, 1, 4, 6]);
  const remembered = new Int32Array(9).fill(-1);
  remembered[1] = 7;
  assert.deepEqual(game.currentLine(g, 0, remembered), [0, 1, 7, 8]);
  assert.deepEqual(game.currentLine(g, 2, remembered), [0, 1, 2, 3], "the path to the node wins over memory");
});

test("next follows the child visited last, and ignores a remembered node that is not a child", () => {
  const g = game.decodeGame(TREE);
  const remembered = new Int32Array(9).fill(-1);
  assert.equal(game.nextChild(g, 1, remembered), 2);
  remembered[1] = 4;
  assert.equal(game.nextChild(g, 1, remembered), 4);
  remembered[1] = 5;
  assert.equal(game.nextChild(g, 1, remembered), 2);
  assert.equal(game.nextChild(g, 3, remembered), -1);
});

test("up and down move only between the siblings of the node; where there is no choice they go nowhere", () => {
  const g = game.decodeGame(TREE);
  assert.equal(game.siblingNode(g, 4, 1), 7);
  assert.equal(game.siblingNode(g, 4, -1), 2);
  assert.equal(game.siblingNode(g, 7, 1), -1, "no wrapping past the last variation");
  assert.equal(game.siblingNode(g, 2, -1), -1);
  assert.equal(game.siblingNode(g, 5, 1), 6, "node 5 sits at a branch itself");
  assert.equal(game.siblingNode(g, 8, -1), -1, "node 8 has no siblings: no jump to the branch above node 7");
  assert.equal(game.siblingNode(g, 3, 1), -1, "node 3 has no siblings either");
  assert.equal(game.siblingNode(g, 0, 1), -1);
});

test("the variations panel's branch points, the reader's choice and the line's end", () => {
  const g = game.decodeGame(TREE);
  assert.deepEqual(game.lineBranchPoints(g, [0, 1, 2, 3]), [1]);
  assert.deepEqual(game.lineBranchPoints(g, [0, 1, 4, 5]), [1, 4]);
  assert.equal(game.currentChoice(g, 3), 2, "node 3 is in the choice of node 2 at node 1");
  assert.equal(game.currentChoice(g, 6), 6);
  assert.equal(game.currentChoice(g, 8), 7);
  assert.equal(game.currentChoice(g, 1), -1, "before any branch: no choice");
  assert.equal(game.lineEndNumber(g, [0, 1, 2, 3]), 3);
  assert.equal(game.lineEndNumber(g, [0, 1, 4, 6]), 2, "a node without a move keeps the number before it");
});

test("candidates: loss against the most visited one, and its class", () => {
  const losses = game.candidateLosses([
    { share: 20, winRate: 55 }, { share: 50, winRate: 52 }, { share: 10, winRate: 48.5 }, { share: 5, winRate: 45 }, { share: 5, winRate: 30 },
  ]);
  assert.deepEqual(losses.map((item) => item.kind), ["good", "best", "inaccuracy", "mistake", "blunder"]);
  assert.deepEqual(losses.map((item) => Math.round(item.loss * 10) / 10), [-3, 0, 3.5, 7, 22]);
  assert.deepEqual(game.candidateLosses([]), []);
});

test("branch markers follow ST: children, siblings, or none", () => {
  const children = [{ at: 7, letter: "A", node: 2 }, { at: 13, letter: "B", node: 4 }, { at: 17, letter: "C", node: 7 }];
  assert.deepEqual(game.branchMarkers(withStyle(0), 1), children);
  assert.deepEqual(game.branchMarkers(withStyle(0), 2), [], "a single child gets no marker");
  assert.deepEqual(game.branchMarkers(withStyle(0), 4), [], "a pass and a node without a move get no marker");
  assert.deepEqual(game.branchMarkers(withStyle(1), 4), children, "bit 1: the current node's siblings");
  assert.deepEqual(game.branchMarkers(withStyle(1), 7), children);
  assert.deepEqual(game.branchMarkers(withStyle(1), 1), [], "node 1 has no siblings");
  assert.deepEqual(game.branchMarkers(withStyle(1), 0), []);
  assert.deepEqual(game.branchMarkers(withStyle(2), 1), [], "bit 2: no markers");
  assert.deepEqual(game.branchMarkers(withStyle(3), 4), []);
});

test("a pass keeps its letter so the board agrees with the variation panel", () => {
  const g = game.decodeGame({ size: [3, 3], nodes: [{}, { m: "B" }, { p: 0, m: "Bbb", a: "Bbb" }, { p: 0, m: "Bbb", a: "Bbb" }] });
  assert.deepEqual(game.branchMarkers(g, 0), [{ at: 4, letter: "B", node: 2 }], "the same point twice: the first letter only");
  assert.deepEqual([0, 25, 26, 27, 51, 52].map(game.branchLetter), ["A", "Z", "AA", "AB", "AZ", "BA"]);
});

test("column labels skip I and use two letters past 25 columns", () => {
  assert.deepEqual([0, 7, 8, 18, 24].map(game.columnLabel), ["A", "H", "J", "T", "Z"]);
  assert.deepEqual([25, 26, 49, 50, 51].map(game.columnLabel), ["AA", "AB", "AZ", "BA", "BB"]);
});

test("points: SGF letters to board indexes and to the names players read", () => {
  assert.equal(game.pointIndex("pd", 0, 19, 19), 3 * 19 + 15);
  assert.equal(game.pointName(3 * 19 + 15, 19, 19), "Q16");
  assert.equal(game.pointName(0, 19, 19), "A19");
  assert.equal(game.pointName(18 * 19 + 8, 19, 19), "J1");
  assert.equal(game.pointIndex("Aa", 0, 52, 52), 26, "capital letters are 26-51");
  assert.equal(game.pointName(51 * 52 + 51, 52, 52), "BB1");
  assert.equal(game.pointIndex("tt", 0, 19, 19), -1, "off the board");
  assert.equal(game.pointIndex("a", 0, 19, 19), -1);
});

test("nodes in words", () => {
  const g = game.decodeGame(TREE);
  assert.equal(game.describeNode(g, 0), "Start");
  assert.equal(game.describeNode(g, 2), "Move 2: B C4");
  assert.equal(game.describeNode(g, 5), "Move 3: W pass");
  assert.equal(game.describeNode(g, 6), "After move 2");
  assert.equal(game.describeNode(g, 1, true), "Move 1: White C3");
  assert.deepEqual(game.annotationWords({ moveAnnotation: "BM2", positionAnnotations: ["GW", "XX", "HO"] }),
    [["BM2", "Very bad move"], ["GW", "Good for White"], ["HO", "Hotspot"]]);
  assert.deepEqual(game.annotationWords({ moveAnnotation: "", positionAnnotations: [] }), []);
});

test("fragments: parsing, the node they name, and the fragment of a node", () => {
  assert.deepEqual(game.parseFragment("#move-12"), { kind: "move", number: 12 });
  assert.deepEqual(game.parseFragment("#node-40"), { kind: "node", number: 40 });
  assert.deepEqual(game.parseFragment("move-0"), { kind: "move", number: 0 });
  for (const bad of ["", "#", "#move-", "#move-1x", "#node--1", "#comments", "#move-12#x"]) assert.equal(game.parseFragment(bad), null, bad);
  const g = game.decodeGame(TREE);
  assert.equal(game.nodeForFragment(g, { kind: "move", number: 2 }), 2);
  assert.equal(game.nodeForFragment(g, { kind: "move", number: 4 }), -1);
  assert.equal(game.nodeForFragment(g, { kind: "node", number: 7 }), 7);
  assert.equal(game.nodeForFragment(g, { kind: "node", number: 9 }), -1);
  assert.equal(game.nodeForFragment(g, null), -1);
  assert.deepEqual([0, 1, 2, 3, 4, 7, 8].map((k) => game.fragmentFor(g, k)),
    ["move-0", "move-1", "move-2", "move-3", "node-4", "node-7", "node-8"]);
});

test("move-0 is the last main-line node before the first move; nodes without moves after it are node-K", () => {
  const g = game.decodeGame({ size: [3, 3], nodes: [{ a: "Baa" }, { a: "Wcc" }, { m: "Bbb", a: "Bbb" }, {}, { m: "Wab", a: "Wab" }] });
  assert.deepEqual(g.mainMoves, [1, 2, 4]);
  assert.deepEqual([0, 1, 2, 3, 4].map((k) => game.fragmentFor(g, k)), ["node-0", "move-0", "move-1", "node-3", "move-2"]);
});

test("jumping to a move number on the current line", () => {
  const g = game.decodeGame(TREE);
  assert.equal(game.nodeForMoveNumber(g, [0, 1, 2, 3], 2), 2);
  assert.equal(game.nodeForMoveNumber(g, [0, 1, 4, 5], 3), 5, "a pass is a move");
  assert.equal(game.nodeForMoveNumber(g, [0, 1, 2, 3], 0), 0);
  assert.equal(game.nodeForMoveNumber(g, [0, 1, 2, 3], -5), 0);
  assert.equal(game.nodeForMoveNumber(g, [0, 1, 2, 3], 99), 3);
  const setup = game.decodeGame({ size: [3, 3], nodes: [{ a: "Baa" }, { a: "Wcc" }, { m: "Bbb", a: "Bbb" }] });
  assert.equal(game.nodeForMoveNumber(setup, [0, 1, 2], 0), 1);
  const renumbered = game.decodeGame({ size: [3, 3], nodes: [{}, { m: "Baa", n: 10 }, { m: "Wbb" }] });
  assert.equal(game.nodeForMoveNumber(renumbered, [0, 1, 2], 5), 1, "the first move numbered at least N");
});

const ROWS = [
  { name: "castle", date: "1846-09-11", players: "Honinbō Shūsaku – Gennan Inseki", result: "B+2", moves: "325", event: "Castle game" },
  { name: "unknown", date: "", players: "", result: "", moves: "" },
  { name: "shinfuseki", date: "1933-10-16", players: "Go Seigen – Honinbo Shusai", result: "W+2", moves: "252", event: "Nihon Shimbun" },
  { name: "short", date: "1933", players: "alpha – beta", result: "W+R", moves: "99", event: "" },
];

function sortedNames(key, descending) {
  return ROWS.slice().sort((a, b) => game.compareGameRows(key, a, b, descending)).map((row) => row.name);
}

test("collection rows sort by date, moves (as numbers), players and result; empty values last", () => {
  assert.deepEqual(sortedNames("date", false), ["castle", "short", "shinfuseki", "unknown"]);
  assert.deepEqual(sortedNames("date", true), ["shinfuseki", "short", "castle", "unknown"]);
  assert.deepEqual(sortedNames("moves", false), ["short", "shinfuseki", "castle", "unknown"], "99 before 252: numbers, not text");
  assert.deepEqual(sortedNames("moves", true), ["castle", "shinfuseki", "short", "unknown"]);
  assert.deepEqual(sortedNames("players", false), ["short", "shinfuseki", "castle", "unknown"], "case does not matter");
  assert.deepEqual(sortedNames("result", false), ["castle", "shinfuseki", "short", "unknown"]);
});

test("the filter matches players or event, ignoring case and accents", () => {
  const [castle, unknown, shinfuseki] = ROWS;
  assert.equal(game.rowMatches(castle, "SHUSAKU"), true);
  assert.equal(game.rowMatches(castle, "castle"), true);
  assert.equal(game.rowMatches(castle, "  gennan "), true, "surrounding spaces are ignored");
  assert.equal(game.rowMatches(castle, "B+2"), false, "the result is not searched");
  assert.equal(game.rowMatches(shinfuseki, "shimbun"), true);
  assert.equal(game.rowMatches(unknown, "go"), false, "missing data does not match");
  assert.equal(game.rowMatches(unknown, ""), true, "an empty filter shows every row");
  assert.equal(game.foldText("Honinbō"), "honinbo");
});

// Hints (the data's `hints`, an entry per node): on the 5 x 5 board, "cc" is index 12, "bb" 6, "dd" 18, "ab" 5.
test("hint candidates decode with their share, win rate and continuation; passes and junk", () => {
  // The continuation follows the candidate, which starts it; `=` gives one that does not start with it whole.
  assert.deepEqual(game.parseHints("cc.52.481.bbdd .10.300.= bb.8.1000.--ab dd.5.400. .3.200.cc ab.1.100.=ccbb", 5, 5), [
    { at: 12, share: 52, winRate: 48.1, variation: [12, 6, 18] },
    { at: -1, share: 10, winRate: 30, variation: [] },
    { at: 6, share: 8, winRate: 100, variation: [6, -1, 5] },
    { at: 18, share: 5, winRate: 40, variation: [18] },
    { at: -1, share: 3, winRate: 20, variation: [-1, 12] },
    { at: 5, share: 1, winRate: 10, variation: [12, 6] },
  ]);
  assert.deepEqual(game.parseHints("zz.1.2.zz cc.x.1.cc cc.1.2", 5, 5), []);
  assert.deepEqual(game.parseHints("", 5, 5), []);
  assert.deepEqual(game.parseHints(undefined, 5, 5), []);
});

test("a hint entry is Black's win rate, then the candidates after a space", () => {
  assert.deepEqual(game.splitHintEntry("450 cb.60.550.cbdd .10.300."), { candidates: "cb.60.550.cbdd .10.300.", blackWinRate: 450 });
  assert.deepEqual(game.splitHintEntry("1000"), { candidates: "", blackWinRate: 1000 }, "a win rate without candidates");
  assert.deepEqual(game.splitHintEntry(""), { candidates: "", blackWinRate: null });
  assert.deepEqual(game.splitHintEntry(undefined), { candidates: "", blackWinRate: null });
  assert.deepEqual(game.splitHintEntry("x5 cb.60.550.cb"), { candidates: "cb.60.550.cb", blackWinRate: null }, "no number, no win rate");
});

test("hint entries are kept per node and a variation node belongs to its main-line move on the graph", () => {
  const data = JSON.parse(JSON.stringify(TREE));
  data.hints = ["", "450 cb.60.550.cbdd"];
  const decoded = game.decodeGame(data);
  assert.equal(decoded.hasHints, true);
  assert.equal(decoded.nodes[1].hints, "cb.60.550.cbdd");
  assert.equal(decoded.nodes[1].blackWinRate, 450);
  assert.equal(decoded.nodes[0].blackWinRate, null);
  assert.equal(decoded.nodes[2].blackWinRate, null, "nodes past the end of `hints` have none");
  assert.equal(decoded.nodes[2].hints, "");
  assert.equal(game.decodeGame(TREE).hasHints, false);
  // Main line: 0 (start), 1 (move 1), 2 (move 2), 3 (move 3); node 5 sits in the variation from node 1.
  assert.equal(game.mainLineOrdinal(decoded, 3), 3);
  assert.equal(game.mainLineOrdinal(decoded, 5), 1);
  assert.equal(game.mainLineOrdinal(decoded, 8), 1);
});

test("a node given as a bare string is its move alone, and a move adds its own stone unless `a` says otherwise", () => {
  const g = game.decodeGame({ size: [5, 5], nodes: [{}, "Bba", "Waa", { m: "Bab", r: "Waa", k: [1, 0] }, { m: "Wcc", a: "" }, "W"] });
  assert.deepEqual(g.nodes.map((node) => node.add), ["", "Bba", "Waa", "Bab", "", ""]);
  assert.deepEqual(g.nodes.map((node) => node.number), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual([...game.positionAt(g, 3)].map((stone, at) => [at, stone]).filter(([, stone]) => stone), [[1, 1], [5, 1]]);
  assert.equal(g.nodes[5].move.at, -1, "a bare W is a pass");
});

// MARK: - The viewer's state (the parts of the viewer that touch no page)

/** Checks `state.lineIndex` against the line, computed a second way: each node's index in `state.line`. */
function assertLineIndex(state, count) {
  for (let k = 0; k < count; k += 1) assert.equal(state.lineIndex[k], state.line.indexOf(k), `lineIndex of node ${k}`);
}

test("the viewer's state follows the node shown: its position, the line and the children remembered", () => {
  const g = game.decodeGame(TREE);
  const state = game.newViewerState(g, 0, { numbersMode: "last", coordinates: "on", hintsMode: "off" });
  assert.equal(state.current, 0);
  assert.equal(picture(state.position, 5), POSITIONS[0]);
  assert.equal(game.moveViewer(g, state, 0, true), true, "the first node shown builds the line");
  assert.deepEqual(state.line, [0, 1, 2, 3]);
  assert.deepEqual([...state.remembered], [1, 2, 3, -1, -1, -1, -1, -1, -1], "the main line below the start is remembered");
  assertLineIndex(state, 9);

  assert.equal(game.moveViewer(g, state, 2, false), false, "a node on the line keeps the line");
  assert.equal(picture(state.position, 5), POSITIONS[2]);
  assert.deepEqual(state.line, [0, 1, 2, 3]);

  assert.equal(game.moveViewer(g, state, 5, false), true, "a node off the line changes it");
  assert.equal(picture(state.position, 5), POSITIONS[5]);
  assert.deepEqual(state.line, [0, 1, 4, 5]);
  assert.equal(state.remembered[1], 4);
  assert.equal(state.remembered[4], 5);
  assertLineIndex(state, 9);

  assert.equal(game.moveViewer(g, state, 1, false), false);
  assert.equal(game.actionTarget(g, state, "next"), 4, "Next goes back into the variation visited last");
  assert.equal(game.actionTarget(g, state, "last"), 5);

  assert.equal(game.moveViewer(g, state, 6, false), true);
  assert.deepEqual(state.line, [0, 1, 4, 6], "the sibling visited replaces the pass on the line");
  assertLineIndex(state, 9);

  assert.equal(game.moveViewer(g, state, 1, true), true, "a main-line jump rebuilds the line even from a node on it");
  assert.deepEqual(state.line, [0, 1, 2, 3]);
  assert.equal(state.remembered[1], 2);
  assert.equal(picture(state.position, 5), POSITIONS[1]);
  assertLineIndex(state, 9);
});

test("a state started at a node holds that node's position", () => {
  const g = game.decodeGame(TREE);
  for (let k = 0; k < POSITIONS.length; k += 1) {
    const state = game.newViewerState(g, k, { numbersMode: "all", coordinates: "off", hintsMode: "on" });
    assert.equal(picture(state.position, 5), POSITIONS[k], `node ${k}`);
    assert.equal(state.typing, false);
    assert.deepEqual([state.numbersMode, state.coordinates, state.hintsMode], ["all", "off", "on"]);
  }
});

test("the step controls' targets: first, previous, next, last, up, down", () => {
  const g = game.decodeGame(TREE);
  const state = game.newViewerState(g, 0, { numbersMode: "last", coordinates: "on", hintsMode: "off" });
  game.moveViewer(g, state, 4, false);
  const targets = Object.fromEntries(["first", "previous", "next", "last", "up", "down"].map((action) => [action, game.actionTarget(g, state, action)]));
  assert.deepEqual(targets, { first: 0, previous: 1, next: 5, last: 5, up: 2, down: 7 });
  game.moveViewer(g, state, 0, false);
  assert.equal(game.actionTarget(g, state, "previous"), -1, "nothing before the root");
  assert.equal(game.actionTarget(g, state, "up"), -1);
  assert.equal(game.actionTarget(g, state, "jump"), -1, "not a step");
});

test("a click on a point plays the next move there: a child, or with ST bit 1 a sibling", () => {
  // On the 5 x 5 board: cb (node 2) is index 7, dc (node 4) 13, cd (node 7) 17.
  const g = withStyle(0);
  assert.equal(game.nodeAtPoint(g, 1, 7), 2);
  assert.equal(game.nodeAtPoint(g, 1, 13), 4);
  assert.equal(game.nodeAtPoint(g, 1, 17), 7);
  assert.equal(game.nodeAtPoint(g, 1, 0), -1, "no move there");
  assert.equal(game.nodeAtPoint(g, 4, 13), -1, "node 4's children are a pass and a node without a move");
  const siblings = withStyle(1);
  assert.equal(game.nodeAtPoint(siblings, 4, 7), 2, "bit 1: the alternatives to the node shown");
  assert.equal(game.nodeAtPoint(siblings, 4, 13), -1, "the node shown itself");
  assert.equal(game.nodeAtPoint(siblings, 0, 12), 1, "the root has no siblings: its children");
});

test("a typed move number: the node on the line, and a note past its end", () => {
  const g = game.decodeGame(TREE);
  assert.deepEqual(game.typedMoveTarget(g, [0, 1, 2, 3], "2"), { node: 2, note: "" });
  assert.deepEqual(game.typedMoveTarget(g, [0, 1, 2, 3], "0"), { node: 0, note: "" });
  assert.deepEqual(game.typedMoveTarget(g, [0, 1, 2, 3], "9"), { node: 3, note: "This line ends at move 3." });
  // Node 6 has no move: the line [0, 1, 4, 6] ends after move 2.
  assert.deepEqual(game.typedMoveTarget(g, [0, 1, 4, 6], "3"), { node: 6, note: "This line ends at move 2." });
  assert.equal(game.typedMoveTarget(g, [0, 1, 2, 3], ""), null);
  assert.equal(game.typedMoveTarget(g, [0, 1, 2, 3], "two"), null);
});

test("an address opens the node its fragment names, else the start", () => {
  const g = game.decodeGame(TREE);
  assert.deepEqual(game.fragmentTarget(g, ""), { node: 0, named: false, mainLine: true });
  assert.deepEqual(game.fragmentTarget(g, "#move-2"), { node: 2, named: true, mainLine: true });
  assert.deepEqual(game.fragmentTarget(g, "#node-7"), { node: 7, named: true, mainLine: false }, "a variation's node keeps the line through it");
  assert.deepEqual(game.fragmentTarget(g, "#comments"), { node: 0, named: false, mainLine: true });
  assert.deepEqual(game.fragmentTarget(g, "#move-9"), { node: 0, named: false, mainLine: true }, "past the main line's end");
  const setup = game.decodeGame({ size: [3, 3], nodes: [{ a: "Baa" }, { a: "Wcc" }, { m: "Bbb", a: "Bbb" }] });
  assert.equal(game.fragmentTarget(setup, "").node, 1, "the start is the last node before the first move");
});

test("history: a jump to another node pushes an entry, steps replace it, and `none` leaves it", () => {
  assert.equal(game.historyMethod("push", true), "pushState");
  assert.equal(game.historyMethod("push", false), "replaceState", "a jump to the node shown adds no entry");
  assert.equal(game.historyMethod("replace", true), "replaceState");
  assert.equal(game.historyMethod("none", true), null);
});

test("the board and the node in words for assistive technology", () => {
  const g = game.decodeGame(TREE);
  for (let k = 0; k < POSITIONS.length; k += 1) {
    // Stones counted on the hand-worked picture, captures from the tree's `k` fields (node 7 onwards).
    const black = POSITIONS[k].split("X").length - 1;
    const white = POSITIONS[k].split("O").length - 1;
    const captures = k >= 7 ? "Black 1, White 0" : "Black 0, White 0";
    assert.equal(game.boardDescription(g, k, game.positionAt(g, k)),
      `${game.describeNode(g, k)}. ${black} black and ${white} white stones on the board; captures: ${captures}.`);
  }
  assert.equal(game.boardDescription(g, 7, game.positionAt(g, 7)),
    "Move 2: B C2. 2 black and 0 white stones on the board; captures: Black 1, White 0.");
  assert.equal(game.announcement(g, 1, false), "Move 1: White C3. 3 variations.");
  assert.equal(game.announcement(g, 1, true), "Move 1: White C3. Comment. 3 variations.");
  assert.equal(game.announcement(g, 3, false), "Move 3: White D2.");
  assert.equal(game.announcement(g, 0, false), "Start.", "one child: no variations to announce");
});

test("the viewer's options: stored choices, or the defaults without storage", () => {
  const { memoryStorage } = require("./memory-storage.js");
  assert.deepEqual(game.readViewerOptions(null), { numbersMode: "last", coordinates: "on", hintsMode: "off" });
  const storage = memoryStorage();
  storage.setItem("hoshi-go-numbers", "off");
  storage.setItem("hoshi-go-coordinates", "off");
  storage.setItem("hoshi-go-hints", "maybe");
  assert.deepEqual(game.readViewerOptions(storage), { numbersMode: "off", coordinates: "off", hintsMode: "off" });
});
