// Unit tests for the problem page script (templates/assets/problem.js), run with `node --test`.
// The tree below is written by hand in the build's format (ProblemPageData.swift): Black to play; B ba is
// right (White replies aa, Black ca captures), B aa is wrong (White ba captures it). Expectations are worked
// out by hand from that tree, not read from a page.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { memoryStorage } = require("./memory-storage.js");
require(path.join(__dirname, "../../templates/assets/shared.js")); // the page scripts read `Hoshi`
const problem = require(path.join(__dirname, "../../templates/assets/problem.js"));

const TREE = {
  set: "problems/index.html", id: "problems/a.sgf#1", player: "B", size: [19, 19], area: [0, 0, 6, 4],
  nodes: [
    { a: "WabWbbBacBbc", o: "r" },
    { p: 0, m: "Bba", a: "Bba", o: "r", y: 2 },
    { p: 1, m: "Waa", a: "Waa", o: "r" },
    { p: 2, m: "Bca", a: "Bca", r: "WaaWab", o: "r", c: "Correct." },
    { p: 0, m: "Baa", a: "Baa", o: "w", y: 5 },
    { p: 4, m: "Wba", a: "Wba", r: "Baa", o: "w", c: "Wrong." },
  ],
};

test("units split colour and point", () => {
  assert.deepEqual(problem.units("BpdWdd"), [["B", "pd"], ["W", "dd"]]);
  assert.deepEqual(problem.units(undefined), []);
});

test("stones replay removals before additions along the path", () => {
  const stones = problem.stonesAt(TREE, 3);
  assert.deepEqual([...stones.entries()].sort(), [["ac", "B"], ["ba", "B"], ["bb", "W"], ["bc", "B"], ["ca", "B"]]);
  assert.deepEqual([...problem.stonesAt(TREE, 5).keys()].sort(), ["ab", "ac", "ba", "bb", "bc"]);
});

test("a right first move is answered with the reply, and the line ends right", () => {
  const children = problem.childrenOf(TREE);
  const afterFirst = problem.play(TREE, children, problem.startState(), "ba");
  assert.equal(afterFirst.node, 2, "White's reply at aa is played");
  assert.equal(afterFirst.verdict, "");
  const afterSecond = problem.play(TREE, children, afterFirst, "ca");
  assert.equal(afterSecond.node, 3);
  assert.equal(afterSecond.verdict, "right");
});

test("a wrong move in the tree shows the refutation and says wrong", () => {
  const children = problem.childrenOf(TREE);
  const state = problem.play(TREE, children, problem.startState(), "aa");
  assert.equal(state.node, 5);
  assert.equal(state.verdict, "wrong");
  assert.equal(state.outside, undefined);
});

test("a move outside the tree is wrong, keeps its stone and ends the attempt", () => {
  const children = problem.childrenOf(TREE);
  const state = problem.play(TREE, children, problem.startState(), "dd");
  assert.deepEqual([state.node, state.verdict, state.stray, state.outside], [0, "wrong", "dd", true]);
  assert.equal(problem.play(TREE, children, state, "ba"), state, "no move after a verdict");
});

test("the solution line takes the right move and the replies", () => {
  assert.deepEqual(problem.solutionLine(TREE, problem.childrenOf(TREE)), [1, 2, 3]);
});

test("marks: right solves, wrong fails only an unsolved problem, and clearing forgets them", () => {
  const storage = memoryStorage();
  problem.recordResult(storage, "s", "a#1", "wrong");
  problem.recordResult(storage, "s", "b#1", "right");
  problem.recordResult(storage, "s", "b#1", "wrong");
  problem.recordResult(storage, "s", "c#1", "shown");
  assert.deepEqual(problem.readMarks(storage, "s"), { "a#1": "failed", "b#1": "solved", "c#1": "failed" });
  problem.recordResult(storage, "s", "a#1", "right");
  assert.deepEqual(problem.readMarks(storage, "s"), { "a#1": "solved", "b#1": "solved", "c#1": "failed" });
  problem.clearMarks(storage, "s");
  assert.deepEqual(problem.readMarks(storage, "s"), {});
  storage.setItem("hoshi-problems:broken", "[1,");
  assert.deepEqual(problem.readMarks(storage, "broken"), {});
});

test("points are named as players say them", () => {
  assert.equal(problem.pointName("pd", 19), "Q16");
  assert.equal(problem.pointName("aa", 19), "A19");
  assert.equal(problem.pointName("ss", 19), "T1");
  assert.equal(problem.sgfLetter(problem.sgfIndex("C")), "C");
});

test("retry and the solution are offered only once the reader has moved", () => {
  const children = problem.childrenOf(TREE);
  const start = problem.startState();
  assert.equal(problem.offersControls(start), false);
  assert.equal(problem.offersControls(problem.play(TREE, children, start, "ba")), true, "a right move answered by the tree");
  assert.equal(problem.offersControls(problem.play(TREE, children, start, "ss")), true, "a move outside the tree too");
  assert.equal(problem.offersControls({ ...start, shown: true }), true);
});

test("the coordinates choice is the game viewer's, on unless turned off", () => {
  const storage = memoryStorage();
  assert.equal(problem.readCoordinates(storage), "on");
  assert.equal(problem.readCoordinates(null), "on");
  storage.setItem("hoshi-go-coordinates", "off");
  assert.equal(problem.readCoordinates(storage), "off");
  storage.setItem("hoshi-go-coordinates", "sideways");
  assert.equal(problem.readCoordinates(storage), "on");
});

test("the answer box names the reply, the comments, or the stray point", () => {
  const children = problem.childrenOf(TREE);
  const start = problem.startState();
  const right = problem.play(TREE, children, start, "ba");
  assert.deepEqual(problem.attemptLines(TREE, right, 0), ["White answers at A19."]);
  assert.deepEqual(problem.attemptLines(TREE, problem.play(TREE, children, right, "ca"), 2), ["Correct."],
    "no reply after the last move, the node's comment");
  assert.deepEqual(problem.attemptLines(TREE, problem.play(TREE, children, start, "aa"), 0), ["White answers at B19.", "Wrong."]);
  assert.deepEqual(problem.attemptLines(TREE, problem.play(TREE, children, start, "dd"), 0),
    ["D16 is not in the solution. Retry, or show the solution."]);
  assert.deepEqual(problem.attemptLines(TREE, start, 0), [], "nothing said when the node did not change");
});

test("the solution is told in words, with the last node's comment", () => {
  const line = problem.solutionLine(TREE, problem.childrenOf(TREE));
  assert.deepEqual(problem.solutionLines(TREE, line), ["The solution: Black B19, White A19, Black C19.", "Correct."]);
  const passing = { ...TREE, nodes: [{ o: "r" }, { p: 0, m: "B", o: "r" }] };
  assert.deepEqual(problem.solutionLines(passing, [1]), ["The solution: Black passes."]);
});

test("the verdict line", () => {
  assert.equal(problem.verdictText(problem.startState()), "");
  assert.equal(problem.verdictText({ verdict: "right" }), "Right!");
  assert.equal(problem.verdictText({ verdict: "wrong" }), "Wrong.");
  assert.equal(problem.verdictText({ verdict: "wrong", outside: true }), "Wrong: not in the solution.");
});
