// Hoshi default theme: Go problem pages and problem set indexes. Plain modern JavaScript, no libraries.
//
// A problem page embeds, in <script type="application/json" id="problem-data">, the solution tree the build
// analysed (Sources/HoshiSite/ContentKinds/Problems/ProblemPageData.swift documents the keys): per node its
// parent, move, the stones it adds and removes, its outcome (right or wrong) and the reply the opponent
// plays. This script never applies Go rules: a move in the tree replays the build's diff, a move outside it
// is placed as it is (no captures) and answered "wrong: not in the solution".
//
// Marks are kept in localStorage under "hoshi-problems:<set>" as {"<file>#<n>": "solved" | "failed"}. The
// coordinates toggle shares the game viewer's choice ("hoshi-go-coordinates": "on" or "off").
"use strict";

// MARK: - The tree (pure functions, unit-tested in Tests/javascript/problem.test.js)

/** "BpdWdd" -> [["B", "pd"], ["W", "dd"]]. */
function units(text) {
  const result = [];
  for (let index = 0; index + 3 <= (text || "").length; index += 3) {
    result.push([text[index], text.slice(index + 1, index + 3)]);
  }
  return result;
}

/** Each node's children, in file order. */
function childrenOf(data) {
  const children = data.nodes.map(() => []);
  data.nodes.forEach((node, index) => { if (index > 0) children[node.p].push(index); });
  return children;
}

/** The nodes from the start to `index`, start first. */
function pathTo(data, index) {
  const path = [];
  for (let node = index; node !== undefined; node = data.nodes[node].p) path.unshift(node);
  return path;
}

/** The stones (point -> "B" | "W") at a node: each node's removals, then its additions, from the start. */
function stonesAt(data, index) {
  const stones = new Map();
  for (const node of pathTo(data, index)) {
    for (const [, point] of units(data.nodes[node].r)) stones.delete(point);
    for (const [colour, point] of units(data.nodes[node].a)) stones.set(point, colour);
  }
  return stones;
}

/** The child of `index` where the player plays `point`, or -1. */
function childFor(data, children, index, point) {
  const move = data.player + point;
  return children[index].find((child) => data.nodes[child].m === move) ?? -1;
}

/** "right" or "wrong" once the line is decided at `index`, else "". */
function verdictAt(data, children, index) {
  if (data.nodes[index].o === "w") return "wrong";
  return children[index].length === 0 ? "right" : "";
}

/** The node after the opponent's automatic replies from `index`. */
function afterReplies(data, index) {
  let node = index;
  while (data.nodes[node].y !== undefined) node = data.nodes[node].y;
  return node;
}

/** A fresh attempt: at the start, nothing decided. */
function startState() {
  return { node: 0, verdict: "", stray: null };
}

/** The state after the reader plays `point`: the tree's answer, or "wrong" with the stone kept as `stray`. */
function play(data, children, state, point) {
  if (state.verdict || state.shown) return state;
  const child = childFor(data, children, state.node, point);
  if (child < 0) return { node: state.node, verdict: "wrong", stray: point, outside: true };
  const node = afterReplies(data, child);
  return { node, verdict: verdictAt(data, children, node), stray: null, reply: node !== child ? node : undefined, moved: child };
}

/** The first right line: at the player's turns the first right move, at the opponent's the reply. */
function solutionLine(data, children) {
  const line = [];
  let node = 0;
  for (;;) {
    const own = children[node].find((child) => data.nodes[child].m?.[0] === data.player && data.nodes[child].o === "r");
    const next = own ?? data.nodes[node].y;
    if (next === undefined) return line;
    line.push(next);
    node = next;
  }
}

// MARK: - Marks

function storageKey(set) {
  return "hoshi-problems:" + set;
}

function readMarks(storage, set) {
  const value = Hoshi.storage.readJSON(storage, storageKey(set), {});
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

/** Records a result: "right" solves; "wrong" (or looking at the solution) fails a problem not yet solved. */
function recordResult(storage, set, id, verdict) {
  const marks = readMarks(storage, set);
  if (verdict === "right") marks[id] = "solved";
  else if (marks[id] !== "solved") marks[id] = "failed";
  Hoshi.storage.writeJSON(storage, storageKey(set), marks);
  return marks;
}

const COORDINATES_KEY = "hoshi-go-coordinates";

/** The coordinates preference the game viewer keeps too: "on" (the default) or "off". */
function readCoordinates(storage) {
  return Hoshi.storage.readChoice(storage, COORDINATES_KEY, ["on", "off"]);
}

function storeCoordinates(storage, value) {
  Hoshi.storage.write(storage, COORDINATES_KEY, value);
}

/** Whether Retry and Show the solution are offered: only once the reader has moved (or asked for the solution). */
function offersControls(state) {
  return state.node !== 0 || state.stray !== null || Boolean(state.shown);
}

function clearMarks(storage, set) {
  Hoshi.storage.remove(storage, storageKey(set));
}

// MARK: - Points in words

const { letterPointName } = Hoshi.points;

/** The 0-based index of one SGF coordinate letter. */
function sgfIndex(letter) {
  return Hoshi.points.letterIndex(letter.charCodeAt(0));
}

const { indexLetter: sgfLetter, colourName } = Hoshi.points;

// MARK: - Words about an attempt (pure, unit-tested)

/** The answer box's lines after the reader's move took the attempt from `previousNode` to `state`. */
function attemptLines(data, state, previousNode) {
  const rows = data.size[1];
  const lines = [];
  const node = data.nodes[state.node];
  if (state.outside) {
    lines.push(letterPointName(state.stray, rows) + " is not in the solution. Retry, or show the solution.");
  } else if (state.node !== previousNode) {
    const moved = state.moved !== undefined ? data.nodes[state.moved] : null;
    if (moved && moved.c && state.moved !== state.node) lines.push(moved.c);
    if (state.reply !== undefined) {
      const reply = data.nodes[state.node].m;
      lines.push(colourName(reply[0]) + (reply.length === 3 ? " answers at " + letterPointName(reply.slice(1), rows) + "." : " passes."));
    }
    if (node.c) lines.push(node.c);
  }
  return lines;
}

/** The answer box's lines for the solution `line` (see solutionLine): its moves in words, then the last comment. */
function solutionLines(data, line) {
  const rows = data.size[1];
  const words = line.map((node) => {
    const move = data.nodes[node].m;
    return colourName(move[0]) + (move.length === 3 ? " " + letterPointName(move.slice(1), rows) : " passes");
  });
  const last = data.nodes[line.length ? line[line.length - 1] : 0];
  return ["The solution: " + words.join(", ") + ".", ...(last.c ? [last.c] : [])];
}

/** The verdict line's text for a state. */
function verdictText(state) {
  if (state.verdict === "right") return "Right!";
  if (state.verdict === "wrong") return state.outside ? "Wrong: not in the solution." : "Wrong.";
  return "";
}

// MARK: - The page

const { element, svgElement } = Hoshi.dom;

/**
 * The problem page, one object handed to every part (as game.js's viewer): the page (`document`, `storage`),
 * the tree (`data`, `children`), the board picture's layers, the panel's parts, and what the reader is
 * doing: `state` (the attempt, see startState and play) and `focusPoint`, the point that keeps the keyboard.
 */
function createProblemPage(document, window, data, board, svg) {
  const pointsGroup = svgElement(document, "g", { class: "problem-points" });
  svg.appendChild(pointsGroup);
  return {
    document, data, board, svg,
    children: childrenOf(data),
    storage: Hoshi.storage.open(window),
    verdictElement: document.querySelector("[data-verdict]"),
    answer: document.querySelector(".problem-answer"),
    controls: document.querySelector(".problem-controls"),
    stonesGroup: svg.querySelector(".go-stones"),
    marksGroup: svg.querySelector(".go-marks"),
    pointsGroup,
    state: startState(),
    focusPoint: null,
  };
}

/** Coordinates on or off, as on game pages (the board carries both view boxes), the choice stored. */
function setUpProblemCoordinates(page) {
  const { document, board, svg, storage } = page;
  let coordinates = readCoordinates(storage);
  const coordinatesButton = element(document, "button", { type: "button", class: "problem-button", "data-action": "coordinates" }, "Coordinates");
  const options = element(document, "p", { class: "problem-options" });
  options.appendChild(coordinatesButton);
  const panel = document.querySelector(".problem-panel");
  if (panel && svg.hasAttribute("data-view-coordinates")) panel.appendChild(options);
  function applyCoordinates() {
    coordinatesButton.setAttribute("aria-pressed", coordinates === "on" ? "true" : "false");
    board.classList.toggle("go-no-coordinates", coordinates === "off");
    const box = svg.getAttribute(coordinates === "on" ? "data-view-coordinates" : "data-view-plain");
    if (box) svg.setAttribute("viewBox", box);
  }
  coordinatesButton.addEventListener("click", () => {
    coordinates = coordinates === "on" ? "off" : "on";
    storeCoordinates(storage, coordinates);
    applyCoordinates();
  });
  applyCoordinates();
}

/** Shows `lines` in the answer box, one paragraph per blank-line-separated part. */
function showAnswer(page, lines) {
  const { document, answer } = page;
  if (!answer) return;
  answer.replaceChildren();
  for (const line of lines) {
    for (const paragraph of String(line).split(/\n\s*\n/)) {
      if (paragraph.trim()) answer.appendChild(element(document, "p", {}, paragraph.trim()));
    }
  }
}

// MARK: - The page: drawing the attempt

/** The stones of the attempt: the tree's position at its node, plus the stray stone of a move outside it. */
function drawProblemStones(page, stones) {
  const { document, state, stonesGroup } = page;
  stonesGroup.replaceChildren();
  for (const [point, colour] of stones) {
    const circle = svgElement(document, "circle", {
      class: "go-stone " + (colour === "B" ? "go-black" : "go-white") + (point === state.stray ? " problem-stray" : ""),
      cx: sgfIndex(point[0]), cy: sgfIndex(point[1]), r: 0.48, "data-point": point, "data-stone": colour,
    });
    stonesGroup.appendChild(circle);
  }
}

/** Move numbers of the line played since the start, on the stones still there. */
function drawProblemMoveNumbers(page, stones) {
  const { document, data, state, marksGroup } = page;
  marksGroup.replaceChildren();
  const line = pathTo(data, state.node).slice(1);
  const moves = line.map((node) => data.nodes[node].m).filter((move) => move && move.length === 3);
  if (state.stray) moves.push(data.player + state.stray);
  moves.forEach((move, index) => {
    const point = move.slice(1);
    if (stones.get(point) !== move[0]) return;
    const text = svgElement(document, "text", {
      class: "go-number " + (move[0] === "B" ? "go-on-black" : "go-on-white"), x: sgfIndex(point[0]), y: sgfIndex(point[1]),
    });
    text.textContent = String(index + 1);
    marksGroup.appendChild(text);
  });
}

/** A target on every empty point of the problem's area, the one at `focusPoint` (or the first) in the tab order
 *  while the attempt is open. */
function drawProblemTargets(page, stones, open) {
  const { document, data, pointsGroup } = page;
  const [firstColumn, firstRow, lastColumn, lastRow] = data.area;
  pointsGroup.replaceChildren();
  const targets = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const point = sgfLetter(column) + sgfLetter(row);
      if (stones.has(point)) continue;
      const target = svgElement(document, "rect", {
        class: "problem-point", x: column - 0.5, y: row - 0.5, width: 1, height: 1, "data-point": point,
        role: "button", "aria-label": "Play " + letterPointName(point, data.size[1]), tabindex: -1,
      });
      if (!open) target.setAttribute("aria-disabled", "true");
      pointsGroup.appendChild(target);
      targets.push(target);
    }
  }
  const focused = targets.find((target) => target.getAttribute("data-point") === page.focusPoint) || targets[0];
  if (focused && open) focused.setAttribute("tabindex", "0");
}

/** Draws the attempt: the board, the verdict, and the controls once the reader has moved. */
function renderProblem(page) {
  const { data, state, board, verdictElement, controls } = page;
  const stones = stonesAt(data, state.node);
  if (state.stray) stones.set(state.stray, data.player);
  drawProblemStones(page, stones);
  drawProblemMoveNumbers(page, stones);
  const open = !state.verdict && !state.shown;
  drawProblemTargets(page, stones, open);
  if (verdictElement) {
    verdictElement.setAttribute("data-verdict", state.verdict);
    verdictElement.textContent = verdictText(state);
  }
  board.classList.toggle("problem-decided", !open);
  if (controls) controls.hidden = !offersControls(state);
}

// MARK: - The page: input

/** The reader plays `point`: the tree's answer shown, described and, once decided, recorded. */
function playProblemAt(page, point) {
  const { document, data, storage } = page;
  const previous = page.state.node;
  const next = play(data, page.children, page.state, point);
  if (next === page.state) return;
  page.state = next;
  page.focusPoint = point;
  showAnswer(page, attemptLines(data, next, previous));
  renderProblem(page);
  if (next.verdict && storage) recordResult(storage, data.set, data.id, next.verdict);
  const focus = page.pointsGroup.querySelector('[tabindex="0"]');
  if (focus && document.activeElement && document.activeElement.closest && document.activeElement.closest(".problem-points")) focus.focus();
}

/** Moves the keyboard focus from point `from` to the next target in direction (dx, dy) within the area. */
function moveProblemFocus(page, from, dx, dy) {
  const { pointsGroup } = page;
  const [firstColumn, firstRow, lastColumn, lastRow] = page.data.area;
  let column = sgfIndex(from[0]) + dx;
  let row = sgfIndex(from[1]) + dy;
  while (column >= firstColumn && column <= lastColumn && row >= firstRow && row <= lastRow) {
    const target = pointsGroup.querySelector('[data-point="' + sgfLetter(column) + sgfLetter(row) + '"]');
    if (target) {
      for (const other of pointsGroup.querySelectorAll('[tabindex="0"]')) other.setAttribute("tabindex", "-1");
      target.setAttribute("tabindex", "0");
      target.focus();
      page.focusPoint = target.getAttribute("data-point");
      return;
    }
    column += dx;
    row += dy;
  }
}

/** A click on a point plays it; Enter or Space on the focused point plays it, the arrows move the focus. */
function setUpProblemInput(page) {
  const { pointsGroup } = page;
  pointsGroup.addEventListener("click", (event) => {
    const target = event.target.closest("[data-point]");
    if (target) playProblemAt(page, target.getAttribute("data-point"));
  });
  pointsGroup.addEventListener("keydown", (event) => {
    const target = event.target.closest("[data-point]");
    if (!target) return;
    const point = target.getAttribute("data-point");
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      playProblemAt(page, point);
    } else if (steps[event.key]) {
      event.preventDefault();
      moveProblemFocus(page, point, ...steps[event.key]);
    }
  });
}

/** Retry starts again; Show the solution plays the first right line and fails a problem not yet solved. */
function setUpProblemActions(page) {
  const { document, data, storage } = page;
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-action]");
    if (!button) return;
    const action = button.getAttribute("data-action");
    if (action === "retry") {
      page.state = startState();
      showAnswer(page, []);
      renderProblem(page);
      // The button hides until the next move: the board keeps the keyboard.
      const focus = page.pointsGroup.querySelector('[tabindex="0"]');
      if (focus) focus.focus();
    } else if (action === "solution") {
      const line = solutionLine(data, page.children);
      page.state = { node: line.length ? line[line.length - 1] : 0, verdict: "", stray: null, shown: true };
      showAnswer(page, solutionLines(data, line));
      renderProblem(page);
      if (storage) recordResult(storage, data.set, data.id, "shown");
    }
  });
}

function setUpProblem(document, window) {
  const dataElement = document.getElementById("problem-data");
  const board = document.querySelector('[data-board="problem"]');
  const svg = board && board.querySelector("svg");
  if (!dataElement || !svg) return;
  let data;
  try { data = JSON.parse(dataElement.textContent); } catch (error) { return; }
  const page = createProblemPage(document, window, data, board, svg);
  const staticSolution = document.querySelector(".problem-solution-text");
  if (staticSolution) staticSolution.hidden = true;
  setUpProblemCoordinates(page);
  setUpProblemInput(page);
  setUpProblemActions(page);
  renderProblem(page);
}

function setUpSetIndex(document, window) {
  const set = document.querySelector("[data-problem-set]");
  if (!set) return;
  const setID = set.getAttribute("data-problem-set");
  const storage = Hoshi.storage.open(window);
  const scoreElement = set.querySelector(".problem-score");
  if (!storage || !scoreElement) return;
  Hoshi.sets.showProgress({
    panel: scoreElement,
    reset: scoreElement.querySelector('[data-action="reset-marks"]'),
    cards: [...set.querySelectorAll("[data-problem-key]")],
    markOf: () => {
      const marks = readMarks(storage, setID);
      return (card) => marks[card.getAttribute("data-problem-key")];
    },
    markCard: (card, mark) => {
      card.classList.toggle("problem-card-solved", mark === "solved");
      card.classList.toggle("problem-card-failed", mark === "failed");
      const badge = card.querySelector(".problem-mark");
      if (badge) {
        badge.hidden = !mark;
        badge.textContent = mark === "solved" ? " ✓ solved" : mark === "failed" ? " ✗ failed" : "";
      }
    },
    showCounts: (counts) => {
      set.querySelector('[data-score="solved"]').textContent = String(counts.solved || 0);
      set.querySelector('[data-score="failed"]').textContent = String(counts.failed || 0);
    },
    clear: () => clearMarks(storage, setID),
  });
}

if (typeof document !== "undefined") {
  setUpProblem(document, window);
  setUpSetIndex(document, window);
}

if (typeof module !== "undefined") {
  module.exports = {
    units, childrenOf, pathTo, stonesAt, childFor, verdictAt, afterReplies, startState, play, solutionLine,
    readMarks, recordResult, clearMarks, pointName: letterPointName, sgfIndex, sgfLetter, offersControls, readCoordinates,
    attemptLines, solutionLines, verdictText,
  };
}
