// Hoshi default theme: Lights Off puzzle pages and set index pages. Plain modern JavaScript, no libraries.
//
// A puzzle page embeds, in <script type="application/json" id="lights-data">, its starting board and the
// hint table the build computed (Sources/HoshiCore/LightsOff/LightsHintTable.swift documents it). Boards and
// press sets are arrays of bit rows; each bit row is an array of 32-bit words, column c at bit c % 32 of
// word c / 32. The fewest presses from any state are found with XOR and popcount only: XOR the table's
// press sets of the lit cells, then try every combination of the quiet patterns and keep the lightest.
"use strict";

// MARK: - Boards as bit rows (pure functions, unit-tested in Tests/javascript/lights.test.js)

/** An all-off board of the given size. */
function emptyBoard(width, height) {
  const words = Math.ceil(width / 32);
  return Array.from({ length: height }, () => new Array(words).fill(0));
}

function copyBoard(board) {
  return board.map((row) => row.slice());
}

function isLit(board, row, column) {
  return ((board[row][column >> 5] >>> (column & 31)) & 1) === 1;
}

/** Flips one light in place. */
function toggleLight(board, row, column) {
  board[row][column >> 5] = (board[row][column >> 5] ^ (1 << (column & 31))) >>> 0;
}

/** The cells a press toggles: the cell and its orthogonal neighbours, wrapping on a torus. Each distinct
 *  cell once (on a torus narrower than 3 the wrapped neighbours coincide). */
function pressedCells(width, height, rule, row, column) {
  const cells = [[row, column]];
  const offsets = [[-1, 0], [1, 0], [0, -1], [0, 1]];
  for (const [dr, dc] of offsets) {
    let r = row + dr;
    let c = column + dc;
    if (rule === "torus") {
      r = (r + height) % height;
      c = (c + width) % width;
    } else if (r < 0 || r >= height || c < 0 || c >= width) {
      continue;
    }
    if (!cells.some(([a, b]) => a === r && b === c)) cells.push([r, c]);
  }
  return cells;
}

/** The board after pressing a cell (a new board; the argument is not changed). */
function press(board, width, height, rule, row, column) {
  const next = copyBoard(board);
  for (const [r, c] of pressedCells(width, height, rule, row, column)) toggleLight(next, r, c);
  return next;
}

function litCells(board, width) {
  const cells = [];
  board.forEach((words, row) => {
    for (let column = 0; column < width; column += 1) if (isLit(board, row, column)) cells.push([row, column]);
  });
  return cells;
}

function isAllOff(board) {
  return board.every((row) => row.every((word) => word === 0));
}

function popcount(word) {
  let value = word >>> 0;
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function countLit(board) {
  let count = 0;
  for (const row of board) for (const word of row) count += popcount(word);
  return count;
}

/** XORs `other` into `board` in place. */
function xorInto(board, other) {
  for (let row = 0; row < board.length; row += 1) {
    for (let index = 0; index < board[row].length; index += 1) {
      board[row][index] = (board[row][index] ^ other[row][index]) >>> 0;
    }
  }
}

/** Whether two boards share an odd number of lit cells. */
function oddOverlap(board, pattern) {
  let count = 0;
  for (let row = 0; row < board.length; row += 1) {
    for (let index = 0; index < board[row].length; index += 1) count += popcount(board[row][index] & pattern[row][index]);
  }
  return count % 2 === 1;
}

/** Most quiet patterns whose combinations are all tried (2^20 XORs of one board each); above it the
 *  particular solution is returned as it is (still a solution, possibly not the shortest). */
const MAXIMUM_QUIET_PATTERNS = 20;

/**
 * The fewest presses that turn `state` off, from the build's hint table, or null when the state cannot be
 * turned off (it shares an odd number of lit cells with a quiet pattern). Steps as in LightsHintTable.swift:
 * parity check, XOR of the lit cells' press sets, then the lightest combination with the quiet patterns
 * (visited in Gray-code order, one XOR per combination).
 */
function minimumPresses(table, state) {
  const quiet = table.quietPatterns;
  if (quiet.some((pattern) => oddOverlap(state, pattern))) return null;
  const presses = emptyBoard(table.width, table.height);
  for (const [row, column] of litCells(state, table.width)) xorInto(presses, table.cellPresses[row * table.width + column]);
  if (quiet.length > MAXIMUM_QUIET_PATTERNS) return presses;
  let best = copyBoard(presses);
  let bestCount = countLit(best);
  const candidate = presses;
  for (let step = 1; step < 2 ** quiet.length; step += 1) {
    // Gray code: combination `step ^ (step >> 1)` differs from the previous one in the lowest set bit of step.
    let bit = 0;
    while (((step >> bit) & 1) === 0) bit += 1;
    xorInto(candidate, quiet[bit]);
    const count = countLit(candidate);
    if (count < bestCount) {
      best = copyBoard(candidate);
      bestCount = count;
    }
  }
  return best;
}

/** One press of a fewest-press solution (the first in row-major order), or null when solved or unsolvable. */
function hintCell(table, state) {
  const presses = minimumPresses(table, state);
  if (!presses) return null;
  const cells = litCells(presses, table.width);
  return cells.length > 0 ? cells[0] : null;
}

// MARK: - Solved marks in localStorage

/** Storage key of a set's solved marks: one key per set, its value a JSON list of puzzle fingerprints. */
function solvedKey(setID) {
  return `hoshi-lights-solved:${setID}`;
}

function readSolved(storage, setID) {
  const value = Hoshi.storage.readJSON(storage, solvedKey(setID), []);
  return new Set(Array.isArray(value) ? value.filter((item) => typeof item === "string") : []);
}

function markSolved(storage, setID, puzzleID) {
  const solved = readSolved(storage, setID);
  solved.add(puzzleID);
  Hoshi.storage.writeJSON(storage, solvedKey(setID), [...solved].sort());
  return solved;
}

function clearSolved(storage, setID) {
  Hoshi.storage.remove(storage, solvedKey(setID));
}

// MARK: - Puzzle page

const { element } = Hoshi.dom;

function pluralPresses(count) {
  return Hoshi.text.counted(count, "press", "presses");
}

function setUpPuzzle(document, window) {
  const dataElement = document.getElementById("lights-data");
  const container = document.querySelector(".lights-play");
  if (!dataElement || !container) return;
  const data = JSON.parse(dataElement.textContent);
  const { width, height, rule, par } = data;
  const table = data.hints;
  const start = data.board;
  const storage = Hoshi.storage.open(window);
  let state = copyBoard(start);
  let history = [];
  let showingSolution = false;
  let hinted = null;

  // The board: real buttons, one tab stop (roving tabindex), arrow keys move between cells.
  const grid = element(document, "div", { class: "lights-grid", role: "group",
    "aria-label": `Board, ${width} by ${height}. Arrow keys move, Enter or Space presses.` });
  grid.style.setProperty("--lights-columns", String(width));
  const buttons = [];
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const button = element(document, "button", { type: "button", class: "lights-cell", "data-row": String(row),
        "data-column": String(column), tabindex: row === 0 && column === 0 ? "0" : "-1" });
      button.addEventListener("click", () => pressAt(row, column));
      button.addEventListener("keydown", (event) => moveFocus(event, row, column));
      buttons.push(button);
      grid.append(button);
    }
  }
  const status = element(document, "p", { class: "lights-status" });
  const moves = element(document, "span", { class: "lights-moves", id: "lights-moves" });
  status.append(moves);
  const controls = element(document, "div", { class: "lights-controls" });
  const hintButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-hint" }, "Hint");
  const solutionButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-show-solution",
    "aria-pressed": "false" }, "Show solution");
  const undoButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-undo" }, "Undo");
  const resetButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-reset" }, "Reset");
  if (table) controls.append(hintButton, solutionButton);
  controls.append(undoButton, resetButton);
  const message = element(document, "p", { class: "lights-message", id: "lights-message", role: "status", "aria-live": "polite" });
  const win = element(document, "div", { class: "lights-win", id: "lights-win", role: "status", hidden: "" });
  container.append(status, grid, controls, message, win);
  container.hidden = false;
  // The picture and the solution from the start are the no-JavaScript (and print) form; the buttons above
  // replace them.
  for (const replaced of document.querySelectorAll(".lights-static, .lights-solution")) {
    replaced.classList.add("lights-static-replaced");
  }
  if (storage && readSolved(storage, data.set).has(data.puzzle)) {
    status.append(element(document, "span", { class: "lights-solved-before" }, " · ✓ solved before"));
  }

  function cellButton(row, column) {
    return buttons[row * width + column];
  }

  function moveFocus(event, row, column) {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let target = null;
    if (steps[event.key]) {
      const [dr, dc] = steps[event.key];
      target = [Math.min(height - 1, Math.max(0, row + dr)), Math.min(width - 1, Math.max(0, column + dc))];
    } else if (event.key === "Home") {
      target = [row, 0];
    } else if (event.key === "End") {
      target = [row, width - 1];
    }
    if (!target) return;
    event.preventDefault();
    focusCell(target[0], target[1]);
  }

  function focusCell(row, column) {
    for (const button of buttons) button.tabIndex = -1;
    const button = cellButton(row, column);
    button.tabIndex = 0;
    button.focus();
  }

  function pressAt(row, column) {
    history.push([row, column]);
    state = press(state, width, height, rule, row, column);
    hinted = null;
    message.textContent = "";
    update();
  }

  function update() {
    const solution = showingSolution && table ? minimumPresses(table, state) : null;
    for (let row = 0; row < height; row += 1) {
      for (let column = 0; column < width; column += 1) {
        const button = cellButton(row, column);
        const lit = isLit(state, row, column);
        const marked = solution !== null && isLit(solution, row, column);
        const hint = hinted !== null && hinted[0] === row && hinted[1] === column;
        button.dataset.lit = lit ? "true" : "false";
        button.classList.toggle("lights-hint", hint);
        button.classList.toggle("lights-marked", marked);
        button.setAttribute("aria-label", `Row ${row + 1}, column ${column + 1}: ${lit ? "on" : "off"}`
          + (hint ? ", hint: press this" : marked ? ", part of the solution" : ""));
      }
    }
    if (solution && !hinted && countLit(solution) > 0) {
      message.textContent = `The marked cells solve it from here: ${pluralPresses(countLit(solution))}.`;
    }
    moves.dataset.moves = String(history.length);
    moves.textContent = `Moves: ${history.length} · par ${par}`;
    undoButton.disabled = history.length === 0;
    resetButton.disabled = history.length === 0;
    const solved = isAllOff(state);
    hintButton.disabled = solved;
    grid.classList.toggle("lights-solved", solved && history.length > 0);
    if (solved && history.length > 0) {
      win.hidden = false;
      const verdict = history.length <= par ? "That is par: the fewest possible." : `Par is ${par}; can you match it?`;
      win.textContent = `Solved in ${pluralPresses(history.length)}! ${verdict}`;
      if (storage) markSolved(storage, data.set, data.puzzle);
      const next = document.querySelector(".lights-pager a[rel=next]");
      if (next) {
        win.append(" ");
        win.append(element(document, "a", { href: next.getAttribute("href"), class: "lights-next-link" }, "Next puzzle →"));
      }
    } else {
      win.hidden = true;
    }
  }

  hintButton.addEventListener("click", () => {
    hinted = hintCell(table, state);
    if (hinted) {
      cellButton(hinted[0], hinted[1]).scrollIntoView({ block: "nearest", inline: "nearest" });
      const remaining = countLit(minimumPresses(table, state));
      message.textContent = `Hint: press row ${hinted[0] + 1}, column ${hinted[1] + 1} (${pluralPresses(remaining)} to go).`;
    } else {
      message.textContent = isAllOff(state) ? "Already solved." : "This position cannot be solved.";
    }
    update();
  });
  solutionButton.addEventListener("click", () => {
    showingSolution = !showingSolution;
    solutionButton.setAttribute("aria-pressed", showingSolution ? "true" : "false");
    solutionButton.textContent = showingSolution ? "Hide solution" : "Show solution";
    hinted = null;
    message.textContent = "";
    update();
  });
  undoButton.addEventListener("click", () => {
    const last = history.pop();
    if (last) state = press(state, width, height, rule, last[0], last[1]);
    hinted = null;
    message.textContent = "";
    update();
  });
  resetButton.addEventListener("click", () => {
    state = copyBoard(start);
    history = [];
    hinted = null;
    message.textContent = "";
    update();
  });
  update();
}

// MARK: - Set index page

function setUpSetIndex(document, window) {
  const set = document.querySelector("[data-lights-set]");
  if (!set) return;
  const storage = Hoshi.storage.open(window);
  if (!storage) return;
  const setID = set.getAttribute("data-lights-set");
  const progress = set.querySelector(".lights-progress");
  const count = set.querySelector(".lights-solved-count");
  Hoshi.sets.showProgress({
    panel: progress,
    reset: progress && progress.querySelector(".lights-reset-marks"),
    cards: [...set.querySelectorAll(".lights-card")],
    markOf: () => {
      const solved = readSolved(storage, setID);
      return (card) => (solved.has(card.getAttribute("data-puzzle")) ? "solved" : undefined);
    },
    markCard: (card, mark) => {
      card.classList.toggle("lights-card-solved", mark === "solved");
      const badge = card.querySelector(".lights-solved-mark");
      if (badge) badge.hidden = mark !== "solved";
    },
    showCounts: (counts) => {
      if (count) count.textContent = String(counts.solved || 0);
    },
    clear: () => clearSolved(storage, setID),
  });
}

if (typeof document !== "undefined") {
  setUpPuzzle(document, window);
  setUpSetIndex(document, window);
}

if (typeof module !== "undefined") {
  module.exports = {
    emptyBoard, copyBoard, isLit, toggleLight, pressedCells, press, litCells, isAllOff, popcount, countLit,
    minimumPresses, hintCell, solvedKey, readSolved, markSolved, clearSolved,
  };
}
