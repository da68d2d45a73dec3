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

/** The cell an arrow key, Home or End moves the focus to from (row, column), kept on the board; null for
 *  other keys. */
function focusTarget(key, row, column, width, height) {
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (steps[key]) {
    const [dr, dc] = steps[key];
    return [Math.min(height - 1, Math.max(0, row + dr)), Math.min(width - 1, Math.max(0, column + dc))];
  }
  if (key === "Home") return [row, 0];
  if (key === "End") return [row, width - 1];
  return null;
}

/** A cell's name for assistive technology: where it is, whether it is on, and what the hint or solution says of it. */
function cellLabel(row, column, lit, hint, marked) {
  return `Row ${row + 1}, column ${column + 1}: ${lit ? "on" : "off"}`
    + (hint ? ", hint: press this" : marked ? ", part of the solution" : "");
}

/** What the win box says after solving in `presses` presses. */
function winText(presses, par) {
  const verdict = presses <= par ? "That is par: the fewest possible." : `Par is ${par}; can you match it?`;
  return `Solved in ${pluralPresses(presses)}! ${verdict}`;
}

/**
 * The puzzle page, one object handed to every part (as game.js's viewer): the page, the puzzle (`data`, its
 * size, rule, par and hint table), the parts built for it, and what the reader has done: `state` (the board
 * now), `history` (the cells pressed), `showingSolution` and `hinted` (the cell a hint names, or null).
 */
function createPuzzle(document, window, data) {
  const { width, height, rule, par } = data;
  return {
    document, data, width, height, rule, par,
    table: data.hints,
    start: data.board,
    storage: Hoshi.storage.open(window),
    state: copyBoard(data.board),
    history: [],
    showingSolution: false,
    hinted: null,
    buttons: [],
  };
}

/** The board: real buttons, one tab stop (roving tabindex), arrow keys move between cells. */
function buildLightsGrid(puzzle) {
  const { document, width, height, buttons } = puzzle;
  const grid = element(document, "div", { class: "lights-grid", role: "group",
    "aria-label": `Board, ${width} by ${height}. Arrow keys move, Enter or Space presses.` });
  grid.style.setProperty("--lights-columns", String(width));
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const button = element(document, "button", { type: "button", class: "lights-cell", "data-row": String(row),
        "data-column": String(column), tabindex: row === 0 && column === 0 ? "0" : "-1" });
      button.addEventListener("click", () => pressLightsCell(puzzle, row, column));
      button.addEventListener("keydown", (event) => {
        const target = focusTarget(event.key, row, column, width, height);
        if (!target) return;
        event.preventDefault();
        focusLightsCell(puzzle, target[0], target[1]);
      });
      buttons.push(button);
      grid.append(button);
    }
  }
  return grid;
}

/** The status line, the board, the buttons, the message and the win box, shown in place of the static picture. */
function buildPuzzlePanel(puzzle, container) {
  const { document, data, storage } = puzzle;
  const status = element(document, "p", { class: "lights-status" });
  puzzle.moves = element(document, "span", { class: "lights-moves", id: "lights-moves" });
  status.append(puzzle.moves);
  puzzle.grid = buildLightsGrid(puzzle);
  const controls = element(document, "div", { class: "lights-controls" });
  puzzle.hintButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-hint" }, "Hint");
  puzzle.solutionButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-show-solution",
    "aria-pressed": "false" }, "Show solution");
  puzzle.undoButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-undo" }, "Undo");
  puzzle.resetButton = element(document, "button", { type: "button", class: "lights-button", id: "lights-reset" }, "Reset");
  if (puzzle.table) controls.append(puzzle.hintButton, puzzle.solutionButton);
  controls.append(puzzle.undoButton, puzzle.resetButton);
  puzzle.message = element(document, "p", { class: "lights-message", id: "lights-message", role: "status", "aria-live": "polite" });
  puzzle.win = element(document, "div", { class: "lights-win", id: "lights-win", role: "status", hidden: "" });
  container.append(status, puzzle.grid, controls, puzzle.message, puzzle.win);
  container.hidden = false;
  // The picture and the solution from the start are the no-JavaScript (and print) form; the buttons above
  // replace them.
  for (const replaced of document.querySelectorAll(".lights-static, .lights-solution")) {
    replaced.classList.add("lights-static-replaced");
  }
  if (storage && readSolved(storage, data.set).has(data.puzzle)) {
    status.append(element(document, "span", { class: "lights-solved-before" }, " · ✓ solved before"));
  }
}

function cellButton(puzzle, row, column) {
  return puzzle.buttons[row * puzzle.width + column];
}

function focusLightsCell(puzzle, row, column) {
  for (const button of puzzle.buttons) button.tabIndex = -1;
  const button = cellButton(puzzle, row, column);
  button.tabIndex = 0;
  button.focus();
}

function pressLightsCell(puzzle, row, column) {
  puzzle.history.push([row, column]);
  puzzle.state = press(puzzle.state, puzzle.width, puzzle.height, puzzle.rule, row, column);
  puzzle.hinted = null;
  puzzle.message.textContent = "";
  updatePuzzle(puzzle);
}

// MARK: - Puzzle page: drawing

/** Each cell on or off, marked when the hint or the solution shown names it. */
function drawLightsCells(puzzle, solution) {
  const { width, height, state, hinted } = puzzle;
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const button = cellButton(puzzle, row, column);
      const lit = isLit(state, row, column);
      const marked = solution !== null && isLit(solution, row, column);
      const hint = hinted !== null && hinted[0] === row && hinted[1] === column;
      button.dataset.lit = lit ? "true" : "false";
      button.classList.toggle("lights-hint", hint);
      button.classList.toggle("lights-marked", marked);
      button.setAttribute("aria-label", cellLabel(row, column, lit, hint, marked));
    }
  }
}

/** The win box once the board is off: the presses against par, the set's mark, a link to the next puzzle. */
function showLightsWin(puzzle, solved) {
  const { document, data, storage, history, win } = puzzle;
  if (!solved) {
    win.hidden = true;
    return;
  }
  win.hidden = false;
  win.textContent = winText(history.length, puzzle.par);
  if (storage) markSolved(storage, data.set, data.puzzle);
  const next = document.querySelector(".lights-pager a[rel=next]");
  if (next) {
    win.append(" ");
    win.append(element(document, "a", { href: next.getAttribute("href"), class: "lights-next-link" }, "Next puzzle →"));
  }
}

/** Draws what the reader has done: the cells, the solution's count, the moves, the buttons and the win. */
function updatePuzzle(puzzle) {
  const { table, state, history, par } = puzzle;
  const solution = puzzle.showingSolution && table ? minimumPresses(table, state) : null;
  drawLightsCells(puzzle, solution);
  if (solution && !puzzle.hinted && countLit(solution) > 0) {
    puzzle.message.textContent = `The marked cells solve it from here: ${pluralPresses(countLit(solution))}.`;
  }
  puzzle.moves.dataset.moves = String(history.length);
  puzzle.moves.textContent = `Moves: ${history.length} · par ${par}`;
  puzzle.undoButton.disabled = history.length === 0;
  puzzle.resetButton.disabled = history.length === 0;
  const solved = isAllOff(state);
  puzzle.hintButton.disabled = solved;
  puzzle.grid.classList.toggle("lights-solved", solved && history.length > 0);
  showLightsWin(puzzle, solved && history.length > 0);
}

// MARK: - Puzzle page: the buttons

/** Hint, Show solution, Undo and Reset. */
function setUpPuzzleButtons(puzzle) {
  const { table, message, solutionButton } = puzzle;
  const restart = () => {
    puzzle.hinted = null;
    message.textContent = "";
    updatePuzzle(puzzle);
  };
  puzzle.hintButton.addEventListener("click", () => {
    puzzle.hinted = hintCell(table, puzzle.state);
    const hinted = puzzle.hinted;
    if (hinted) {
      cellButton(puzzle, hinted[0], hinted[1]).scrollIntoView({ block: "nearest", inline: "nearest" });
      const remaining = countLit(minimumPresses(table, puzzle.state));
      message.textContent = `Hint: press row ${hinted[0] + 1}, column ${hinted[1] + 1} (${pluralPresses(remaining)} to go).`;
    } else {
      message.textContent = isAllOff(puzzle.state) ? "Already solved." : "This position cannot be solved.";
    }
    updatePuzzle(puzzle);
  });
  solutionButton.addEventListener("click", () => {
    puzzle.showingSolution = !puzzle.showingSolution;
    solutionButton.setAttribute("aria-pressed", puzzle.showingSolution ? "true" : "false");
    solutionButton.textContent = puzzle.showingSolution ? "Hide solution" : "Show solution";
    restart();
  });
  puzzle.undoButton.addEventListener("click", () => {
    const last = puzzle.history.pop();
    if (last) puzzle.state = press(puzzle.state, puzzle.width, puzzle.height, puzzle.rule, last[0], last[1]);
    restart();
  });
  puzzle.resetButton.addEventListener("click", () => {
    puzzle.state = copyBoard(puzzle.start);
    puzzle.history = [];
    restart();
  });
}

function setUpPuzzle(document, window) {
  const dataElement = document.getElementById("lights-data");
  const container = document.querySelector(".lights-play");
  if (!dataElement || !container) return;
  const puzzle = createPuzzle(document, window, JSON.parse(dataElement.textContent));
  buildPuzzlePanel(puzzle, container);
  setUpPuzzleButtons(puzzle);
  updatePuzzle(puzzle);
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
    minimumPresses, hintCell, solvedKey, readSolved, markSolved, clearSolved, focusTarget, cellLabel, winText,
  };
}
