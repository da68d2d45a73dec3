// Hoshi default theme: game record pages and game collection pages. Plain modern JavaScript, no libraries.
//
// A game page embeds, in <script type="application/json" id="game-data">, every node of the record with the
// stones it adds and removes. The build replayed the rules; this script only applies
// those diffs, so it never decides captures, ko or legality and always agrees with `hoshi sgf show`.
"use strict";

// MARK: - Shared helpers (templates/assets/shared.js, loaded first)

const { element, svgElement } = Hoshi.dom;
const { columnLabel, letterIndex, indexLetter, pointIndex, pointName, colourName } = Hoshi.points;

// MARK: - The record

/**
 * The embedded data with every default filled in (the build leaves out what a reader can infer to keep
 * pages small): a bare string is a node with only its move, a move adds its own stone unless `a` says
 * otherwise, parents, move numbers and prisoners are inherited, children lists and depths added. The
 * main line (first children from the root) is indexed for `#move-N` fragments.
 */
function decodeGame(data) {
  const [columns, rows] = data.size;
  const raw = Array.isArray(data.nodes) && data.nodes.length > 0 ? data.nodes : [{}];
  const hintEntries = Array.isArray(data.hints) ? data.hints : [];
  const nodes = new Array(raw.length);
  for (let index = 0; index < raw.length; index += 1) {
    // A node that is only a move is the move's string (GameViewerData.swift).
    const item = typeof raw[index] === "string" ? { m: raw[index] } : raw[index] || {};
    const parent = index === 0 ? -1 : Number.isInteger(item.p) && item.p >= 0 && item.p < index ? item.p : index - 1;
    const up = parent >= 0 ? nodes[parent] : null;
    let move = null;
    if (typeof item.m === "string" && (item.m[0] === "B" || item.m[0] === "W")) {
      move = { color: item.m[0], at: item.m.length === 3 ? pointIndex(item.m, 1, columns, rows) : -1 };
    }
    const number = Number.isInteger(item.n) ? item.n : (up ? up.number : 0) + (move ? 1 : 0);
    const hint = splitHintEntry(hintEntries[index]);
    nodes[index] = {
      parent, depth: up ? up.depth + 1 : 0, children: [], move, number,
      captures: Array.isArray(item.k) ? item.k : up ? up.captures : [0, 0],
      // Without `a`, a move on a point adds its own stone (the `m` text is that unit).
      add: typeof item.a === "string" ? item.a : move && move.at >= 0 ? item.m : "", remove: typeof item.r === "string" ? item.r : "",
      name: typeof item.N === "string" ? item.N : "",
      moveAnnotation: item.ma || "", positionAnnotations: Array.isArray(item.pa) ? item.pa : [], markup: item.mk || null,
      hints: hint.candidates, blackWinRate: hint.blackWinRate,
    };
    if (up) up.children.push(index);
  }
  // mainMoves[N] is the node of main-line move N, mainMoves[0] the start; mainOrdinal is the inverse.
  const mainMoves = [0];
  const mainOrdinal = new Int32Array(nodes.length).fill(-1);
  for (let index = 0; ; index = nodes[index].children[0]) {
    if (nodes[index].move) {
      mainOrdinal[index] = mainMoves.length;
      mainMoves.push(index);
    } else if (mainMoves.length === 1) {
      mainMoves[0] = index;
    }
    if (nodes[index].children.length === 0) break;
  }
  if (mainOrdinal[mainMoves[0]] < 0) mainOrdinal[mainMoves[0]] = 0;
  return {
    columns, rows, style: Number(data.variationStyle) || 0, nodes, mainMoves, mainOrdinal,
    hasHints: nodes.some((node) => node.hints !== ""),
    // Scratch marks for moveNumbers: one generation counter instead of a new Set per step on deep records.
    seen: new Int32Array(columns * rows), generation: 0,
  };
}

// MARK: - Hints: the build's engine analysis, drawn as it is

/**
 * A node's entry of the data's `hints` (GameViewerData.swift): Black's win rate in tenths of a percent, then
 * the candidates (`parseHints`), each after a space; "" or absent for a node without hints. Gives the
 * candidates' text and the win rate (null when the entry has none).
 */
function splitHintEntry(entry) {
  if (typeof entry !== "string" || entry === "") return { candidates: "", blackWinRate: null };
  const space = entry.indexOf(" ");
  const rate = space < 0 ? entry : entry.slice(0, space);
  return { candidates: space < 0 ? "" : entry.slice(space + 1), blackWinRate: /^\d+$/.test(rate) ? Number(rate) : null };
}

/**
 * A node's candidates as its hint entry writes them (`splitHintEntry`), most visited first:
 * `point.share.winrate.continuation` separated by spaces (point empty for a pass; share in percent of the
 * search's visits; the mover's win rate in tenths of a percent; the moves expected after the candidate as
 * points, `--` for a pass). A continuation that does not start with the candidate (none at all, or an
 * analysis that says so) is written whole after `=`. Passes come back with `at` -1; malformed candidates are
 * left out.
 */
function parseHints(text, columns, rows) {
  if (typeof text !== "string" || text === "") return [];
  const candidates = [];
  for (const unit of text.split(" ")) {
    const fields = unit.split(".");
    if (fields.length !== 4) continue;
    const share = Number(fields[1]);
    const winRate = Number(fields[2]);
    if (!Number.isFinite(share) || !Number.isFinite(winRate)) continue;
    const at = fields[0] === "" ? -1 : pointIndex(fields[0], 0, columns, rows);
    if (fields[0] !== "" && at < 0) continue;
    const whole = fields[3].startsWith("=");
    const moves = whole ? fields[3].slice(1) : fields[3];
    const variation = whole ? [] : [at];
    for (let offset = 0; offset + 1 < moves.length; offset += 2) {
      variation.push(moves.slice(offset, offset + 2) === "--" ? -1 : pointIndex(moves, offset, columns, rows));
    }
    candidates.push({ at, share, winRate: winRate / 10, variation });
  }
  return candidates;
}

/** The main-line move (0 the start) a node belongs to: its own, or its nearest main-line ancestor's. */
function mainLineOrdinal(game, k) {
  let node = k;
  while (node >= 0 && game.mainOrdinal[node] < 0) node = game.nodes[node].parent;
  return node >= 0 ? game.mainOrdinal[node] : 0;
}

// MARK: - Positions: the build's diffs, applied and undone

const STONE = { B: 1, W: 2 };

function emptyPosition(game) {
  return new Uint8Array(game.columns * game.rows);
}

function setStones(game, board, units, clear) {
  for (let offset = 0; offset + 2 < units.length; offset += 3) {
    const at = pointIndex(units, offset + 1, game.columns, game.rows);
    if (at >= 0) board[at] = clear ? 0 : STONE[units[offset]] || 0;
  }
}

/** Node k's diff: its removals first, then its additions (a point may be in both, section 3). */
function applyNode(game, board, k) {
  setStones(game, board, game.nodes[k].remove, true);
  setStones(game, board, game.nodes[k].add, false);
}

/** The inverse, exact because `r` names every stone that went, replaced setup stones included. */
function undoNode(game, board, k) {
  setStones(game, board, game.nodes[k].add, true);
  setStones(game, board, game.nodes[k].remove, false);
}

/** The position at node k replayed from the root (used for jumps; steps go through stepPosition). */
function positionAt(game, k) {
  const path = [];
  for (let x = k; x >= 0; x = game.nodes[x].parent) path.push(x);
  const board = emptyPosition(game);
  for (let index = path.length - 1; index >= 0; index -= 1) applyNode(game, board, path[index]);
  return board;
}

/** Turns the position at `from` into the one at `to` in place, through their nearest common ancestor, so a
 *  step costs one diff however deep the record is. */
function stepPosition(game, board, from, to) {
  const nodes = game.nodes;
  const down = [];
  let a = from;
  let b = to;
  while (nodes[a].depth > nodes[b].depth) { undoNode(game, board, a); a = nodes[a].parent; }
  while (nodes[b].depth > nodes[a].depth) { down.push(b); b = nodes[b].parent; }
  while (a !== b) {
    undoNode(game, board, a);
    a = nodes[a].parent;
    down.push(b);
    b = nodes[b].parent;
  }
  for (let index = down.length - 1; index >= 0; index -= 1) applyNode(game, board, down[index]);
  return board;
}

/**
 * The move number to print on each stone of node k's position (Map of point index → number): the latest
 * move on a point, walking back along the path, when its stone still stands there. `last` numbers the last
 * 10 moves only, `off` none.
 */
function moveNumbers(game, board, k, mode) {
  const numbers = new Map();
  if (mode === "off") return numbers;
  game.generation += 1;
  let moves = 0;
  for (let x = k; x >= 0 && (mode !== "last" || moves < 10); x = game.nodes[x].parent) {
    const move = game.nodes[x].move;
    if (!move) continue;
    moves += 1;
    if (move.at < 0 || game.seen[move.at] === game.generation) continue;
    game.seen[move.at] = game.generation;
    if (board[move.at] === STONE[move.color]) numbers.set(move.at, game.nodes[x].number);
  }
  return numbers;
}

// MARK: - Navigation

/** The child Next goes to: the one last visited from k (Sabaki and BesoGo do the same), else the first. */
function nextChild(game, k, remembered) {
  const chosen = remembered ? remembered[k] : -1;
  if (chosen >= 0 && game.nodes[chosen] && game.nodes[chosen].parent === k) return chosen;
  return game.nodes[k].children.length > 0 ? game.nodes[k].children[0] : -1;
}

/** Root → k → the children Next would follow, to the end: what the slider and Last range over. */
function currentLine(game, k, remembered) {
  const line = [];
  for (let x = k; x >= 0; x = game.nodes[x].parent) line.push(x);
  line.reverse();
  for (let x = nextChild(game, k, remembered); x >= 0; x = nextChild(game, x, remembered)) line.push(x);
  return line;
}

/** The previous (delta -1) or next (+1) sibling of k, or -1: Up and Down switch only between the
 *  alternatives of the node shown, so where there is no choice they do nothing. */
function siblingNode(game, k, delta) {
  const parent = game.nodes[k].parent;
  if (parent < 0) return -1;
  const siblings = game.nodes[parent].children;
  const index = siblings.indexOf(k) + delta;
  return index >= 0 && index < siblings.length ? siblings[index] : -1;
}

/** The branch points of `line` (nodes with two or more children), in order: what the variations panel lists. */
function lineBranchPoints(game, line) {
  return line.filter((k) => game.nodes[k].children.length > 1);
}

/** The nearest node at or above k that is one of several alternatives (its parent has two or more children),
 *  or -1: the choice the reader is in. */
function currentChoice(game, k) {
  for (let x = k; game.nodes[x].parent >= 0; x = game.nodes[x].parent) {
    if (game.nodes[game.nodes[x].parent].children.length > 1) return x;
  }
  return -1;
}

/** The highest move number on `line` (its last node's). */
function lineEndNumber(game, line) {
  return game.nodes[line[line.length - 1]].number;
}

/** How a candidate compares with the search's first choice: its loss in points of win rate and a class
 *  (`best`, then `good` under 2 points, `inaccuracy` under 5, `mistake` under 10, `blunder`), as KaTrain
 *  and OGS colour them. The first choice is the most visited candidate. */
function candidateLosses(candidates) {
  let best = null;
  for (const candidate of candidates) if (!best || candidate.share > best.share) best = candidate;
  return candidates.map((candidate) => {
    const loss = candidate === best ? 0 : best.winRate - candidate.winRate;
    const kind = candidate === best ? "best" : loss < 2 ? "good" : loss < 5 ? "inaccuracy" : loss < 10 ? "mistake" : "blunder";
    return { loss, kind };
  });
}

/** The node on `line` where move `number` is played; 0 or less: the start (last node before the first
 *  move); past the end: the line's last node. */
function nodeForMoveNumber(game, line, number) {
  let start = line[0];
  for (const x of line) {
    const node = game.nodes[x];
    if (!node.move) {
      if (node.number === 0) start = x;
      continue;
    }
    if (number <= 0) return start;
    if (node.number >= number) return x;
  }
  return number <= 0 ? start : line[line.length - 1];
}

/** Letters of variations: A … Z, then AA, AB … */
function branchLetter(index) {
  return index < 26 ? String.fromCharCode(65 + index) : branchLetter(Math.floor(index / 26) - 1) + branchLetter(index % 26);
}

/**
 * The branch letters to draw at node k, as [{at, letter, node}]: its children, or its siblings when ST has
 * bit 1, when there are at least two; none with ST bit 2. A letter is the variation's rank, so a pass or a
 * setup node uses up its letter without a marker and the board agrees with the variation panel.
 */
function branchMarkers(game, k) {
  if (game.style & 2) return [];
  const parent = game.nodes[k].parent;
  const options = game.style & 1 ? (parent >= 0 ? game.nodes[parent].children : []) : game.nodes[k].children;
  if (options.length < 2) return [];
  const markers = [];
  options.forEach((node, index) => {
    const move = game.nodes[node].move;
    if (move && move.at >= 0 && !markers.some((marker) => marker.at === move.at)) markers.push({ at: move.at, letter: branchLetter(index), node });
  });
  return markers;
}

// MARK: - Words

/** "B Q16" or "W pass" ("Black Q16" when `spoken`), empty without a move. */
function moveText(game, k, spoken = false) {
  const move = game.nodes[k].move;
  if (!move) return "";
  const color = spoken ? colourName(move.color) : move.color;
  return `${color} ${move.at < 0 ? "pass" : pointName(move.at, game.columns, game.rows)}`;
}

/** "Move 12: B Q16", "Move 13: W pass", "Start", or "After move 12" for a node without a move. */
function describeNode(game, k, spoken = false) {
  const node = game.nodes[k];
  if (node.move) return `Move ${node.number}: ${moveText(game, k, spoken)}`;
  return node.number === 0 ? "Start" : `After move ${node.number}`;
}

const ANNOTATIONS = {
  TE: "Good move", TE2: "Very good move", BM: "Bad move", BM2: "Very bad move", DO: "Doubtful move", IT: "Interesting move",
  GB: "Good for Black", GB2: "Very good for Black", GW: "Good for White", GW2: "Very good for White",
  DM: "Even position", DM2: "Very even position", UC: "Unclear position", UC2: "Very unclear position",
  HO: "Hotspot", HO2: "Important hotspot",
};

/** The node's annotations in words, move annotation first, as [code, words]; unknown codes are skipped. */
function annotationWords(node) {
  return [node.moveAnnotation, ...node.positionAnnotations].filter((code) => ANNOTATIONS[code]).map((code) => [code, ANNOTATIONS[code]]);
}

// MARK: - Fragments and preferences

/** `#move-N` / `#node-K` as {kind, number}, or null. */
function parseFragment(hash) {
  const match = /^#?(move|node)-(\d{1,9})$/.exec(hash || "");
  return match ? { kind: match[1], number: Number(match[2]) } : null;
}

function nodeForFragment(game, fragment) {
  if (!fragment) return -1;
  if (fragment.kind === "move") return fragment.number < game.mainMoves.length ? game.mainMoves[fragment.number] : -1;
  return fragment.number < game.nodes.length ? fragment.number : -1;
}

/** `move-N` for the start and the main line's moves (N counts main-line moves), `node-K` for the rest. */
function fragmentFor(game, k) {
  return game.mainOrdinal[k] >= 0 ? `move-${game.mainOrdinal[k]}` : `node-${k}`;
}

const { readChoice, write: storePreference } = Hoshi.storage;

// MARK: - Collection pages: sorting and filtering

/** Lower case without accents, so "shusaku" finds "Honinbō Shūsaku". */
function foldText(text) {
  return String(text || "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function rowMatches(row, query) {
  const folded = foldText(query).trim();
  return folded === "" || foldText(row.players).includes(folded) || foldText(row.event).includes(folded);
}

/** Row data sorted as numbers: a game's moves, a player's games, wins, losses and games without a winner. */
const NUMERIC_SORT_KEYS = ["moves", "games", "wins", "losses", "others"];

/** Orders two rows' data (`row.date`, `.players`, `.result`, `.moves`) by key; empty values go last in
 *  both directions, so a sort never starts with a screen of unknowns. */
function compareGameRows(key, a, b, descending) {
  const numeric = NUMERIC_SORT_KEYS.includes(key);
  const x = numeric ? parseFloat(a[key]) : a[key] || "";
  const y = numeric ? parseFloat(b[key]) : b[key] || "";
  const xEmpty = x === "" || Number.isNaN(x);
  const yEmpty = y === "" || Number.isNaN(y);
  if (xEmpty || yEmpty) return xEmpty - yEmpty;
  let order;
  if (numeric) order = x - y;
  else if (key === "date") order = x < y ? -1 : x > y ? 1 : 0;
  else order = x.localeCompare(y, undefined, { numeric: true, sensitivity: "base" });
  return descending ? -order : order;
}

// MARK: - The viewer (DOM)

/** A control button with a stroked icon (24-unit paths) and a spoken label. */
function iconButton(document, action, label, path) {
  const button = element(document, "button", { type: "button", class: "game-button", "data-action": action, "aria-label": label, title: label });
  const icon = svgElement(document, "svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  icon.append(svgElement(document, "path", { d: path }));
  button.append(icon);
  return button;
}

// MARK: - The viewer: the board

/**
 * The picture's layers: the build's grid stays; stones, hints (under the marks) and marks are the script's
 * from here on; an arrow head for AR marks, and the title and description the board is announced with.
 */
function boardLayers(document, svg) {
  const group = (name) => {
    let found = svg.querySelector(`:scope > g.${name}`);
    if (!found) svg.append(found = svgElement(document, "g", { class: name }));
    return found;
  };
  const stonesGroup = group("go-stones");
  const marksGroup = group("go-marks");
  stonesGroup.replaceChildren();
  svg.append(marksGroup);
  const defs = svgElement(document, "defs", {});
  const arrowHead = svgElement(document, "marker", { id: "game-viewer-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 4, markerHeight: 4, orient: "auto" });
  arrowHead.append(svgElement(document, "path", { d: "M0 0L10 5L0 10z", class: "go-arrow-head" }));
  defs.append(arrowHead);
  svg.append(defs);
  const svgTitle = svg.querySelector("title") || svg.insertBefore(svgElement(document, "title", {}), svg.firstChild);
  const svgDescription = svg.querySelector("desc") || svg.insertBefore(svgElement(document, "desc", {}), svgTitle.nextSibling);
  const hintsGroup = group("go-hints");
  svg.insertBefore(hintsGroup, marksGroup);
  return { stonesGroup, marksGroup, hintsGroup, svgTitle, svgDescription };
}

/**
 * The marks of node k over the position `board` (its markup, branch letters, move numbers in `numbersMode`,
 * the last move), as a fragment; `lineIndex` tells which branches lie on the line shown.
 */
function drawMarks(document, game, board, k, lineIndex, numbersMode) {
  const { columns, rows } = game;
  const node = game.nodes[k];
  const onStone = (at) => (board[at] === 1 ? "go-on-black" : board[at] === 2 ? "go-on-white" : "go-on-empty");
  const marks = document.createDocumentFragment();
  const taken = new Set();
  const x = (at) => at % columns;
  const y = (at) => Math.floor(at / columns);
  const add = (name, at, attributes, text) => {
    const mark = svgElement(document, name, attributes);
    mark.setAttribute("class", `${attributes.class} ${onStone(at)}`);
    if (text !== undefined) {
      mark.setAttribute("text-anchor", "middle");
      mark.setAttribute("dominant-baseline", "central");
      mark.textContent = text;
    }
    marks.append(mark);
    taken.add(at);
  };
  const text = (at, className, value, size) => {
    if (board[at] === 0) marks.append(svgElement(document, "circle", { class: "go-label-back", cx: x(at), cy: y(at), r: 0.4 }));
    add("text", at, { class: className, x: x(at), y: y(at), "font-size": size }, value);
  };
  const each = (points, draw) => {
    if (typeof points !== "string") return;
    for (let offset = 0; offset + 1 < points.length; offset += 2) {
      const at = pointIndex(points, offset, columns, rows);
      if (at >= 0) draw(at, x(at), y(at));
    }
  };
  const markup = node.markup || {};
  each(markup.SL, (at, cx, cy) => add("rect", at, { class: "go-selected", x: cx - 0.5, y: cy - 0.5, width: 1, height: 1 }));
  each(markup.DD, (at, cx, cy) => add("rect", at, { class: "go-dimmed", x: cx - 0.5, y: cy - 0.5, width: 1, height: 1 }));
  taken.clear(); // selection and dimming colour the point; a number or a mark still goes on top
  each(markup.TB, (at, cx, cy) => add("rect", at, { class: "go-territory go-territory-black", x: cx - 0.15, y: cy - 0.15, width: 0.3, height: 0.3 }));
  each(markup.TW, (at, cx, cy) => add("rect", at, { class: "go-territory go-territory-white", x: cx - 0.15, y: cy - 0.15, width: 0.3, height: 0.3 }));
  each(markup.TR, (at, cx, cy) => add("path", at, { class: "go-triangle", d: `M${cx} ${cy - 0.3}L${cx + 0.26} ${cy + 0.15}H${cx - 0.26}Z` }));
  each(markup.CR, (at, cx, cy) => add("circle", at, { class: "go-circle", cx, cy, r: 0.25 }));
  each(markup.SQ, (at, cx, cy) => add("rect", at, { class: "go-square", x: cx - 0.2, y: cy - 0.2, width: 0.4, height: 0.4 }));
  each(markup.MA, (at, cx, cy) => add("path", at, { class: "go-cross", d: `M${cx - 0.2} ${cy - 0.2}l0.4 0.4m0-0.4l-0.4 0.4` }));
  if (Array.isArray(markup.LB)) {
    for (const label of markup.LB) {
      const at = Array.isArray(label) && typeof label[0] === "string" ? pointIndex(label[0], 0, columns, rows) : -1;
      if (at >= 0) text(at, "go-label", String(label[1]), String(label[1]).length > 2 ? 0.38 : 0.5);
    }
  }
  for (const [key, className] of [["AR", "go-arrow"], ["LN", "go-line"]]) {
    if (!Array.isArray(markup[key])) continue;
    for (const pair of markup[key]) {
      const from = typeof pair === "string" ? pointIndex(pair, 0, columns, rows) : -1;
      const to = typeof pair === "string" ? pointIndex(pair, 2, columns, rows) : -1;
      if (from < 0 || to < 0) continue;
      const line = svgElement(document, "line", { class: className, x1: x(from), y1: y(from), x2: x(to), y2: y(to) });
      if (key === "AR") line.setAttribute("marker-end", "url(#game-viewer-arrow)");
      marks.append(line);
    }
  }
  for (const marker of branchMarkers(game, k)) {
    if (taken.has(marker.at)) continue;
    text(marker.at, lineIndex[marker.node] >= 0 ? "go-branch go-branch-current" : "go-branch", marker.letter, 0.5);
  }
  for (const [at, number] of moveNumbers(game, board, k, numbersMode)) {
    if (taken.has(at)) continue;
    const digits = String(number).length;
    add("text", at, { class: "go-number", x: x(at), y: y(at), "font-size": digits < 3 ? 0.5 : digits === 3 ? 0.42 : 0.32 }, String(number));
  }
  const move = node.move;
  if (move && move.at >= 0 && !taken.has(move.at) && board[move.at] !== 0) {
    add("circle", move.at, { class: "go-last-move", cx: x(move.at), cy: y(move.at), r: 0.2 });
  }
  return marks;
}

// MARK: - The viewer: hints

/**
 * Hints: the candidates of node k as ghost stones of the player to move, with their win rate, and as a list
 * in `hintBox`; the move played next is marked. Returns the candidates and their player for
 * `showHintVariation`: a candidate's continuation appears while it is hovered or focused.
 */
function renderHints(document, game, k, remembered, hintsMode, hintsGroup, hintBox) {
  const { columns, rows, nodes } = game;
  const node = nodes[k];
  const on = game.hasHints && hintsMode === "on";
  const candidates = on ? parseHints(node.hints, columns, rows) : [];
  const next = nextChild(game, k, remembered);
  const played = next >= 0 && nodes[next].move ? nodes[next].move.at : -2;
  const mover = next >= 0 && nodes[next].move ? nodes[next].move.color : (node.move && node.move.color === "B" ? "W" : "B");
  const colour = mover === "B" ? "black" : "white";
  const ghosts = document.createDocumentFragment();
  const items = [];
  const losses = candidateLosses(candidates);
  candidates.forEach((candidate, index) => {
    const where = candidate.at >= 0 ? pointName(candidate.at, columns, rows) : "pass";
    const isPlayed = candidate.at === played;
    const { loss, kind } = losses[index];
    const versus = kind === "best" ? "the engine’s choice" : `${loss >= 0 ? "−" : "+"}${Math.abs(loss).toFixed(1)} points`;
    const label = `${where}: ${candidate.share}% of the search, ${colourName(mover)} wins ${candidate.winRate.toFixed(1)}% (${versus})${isPlayed ? ", played" : ""}`;
    if (candidate.at >= 0) {
      const cx = candidate.at % columns;
      const cy = Math.floor(candidate.at / columns);
      const ghost = svgElement(document, "g", { class: `go-hint go-hint-${colour} go-hint-loss-${kind}${isPlayed ? " go-hint-played" : ""}`, "data-hint": String(index),
        "data-point": indexLetter(cx) + indexLetter(cy), "data-loss": loss.toFixed(1), tabindex: "0", role: "button", "aria-label": label });
      ghost.append(svgElement(document, "circle", { class: "go-hint-stone", cx, cy, r: 0.46 }));
      const text = svgElement(document, "text", { class: "go-hint-rate", x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 0.36 });
      text.textContent = String(Math.round(candidate.winRate));
      ghost.append(text);
      ghosts.append(ghost);
    }
    const button = element(document, "button", { type: "button", class: `game-hint game-hint-loss-${kind}${isPlayed ? " game-hint-played" : ""}`, "data-hint": String(index) }, label);
    items.push(element(document, "li", {}));
    items[items.length - 1].append(button);
  });
  if (on && played >= 0 && !candidates.some((candidate) => candidate.at === played)) {
    const cx = played % columns;
    const cy = Math.floor(played / columns);
    ghosts.append(svgElement(document, "circle", { class: "go-hint-played-move", cx, cy, r: 0.3 }));
  }
  hintsGroup.replaceChildren(ghosts);
  hintsGroup.dataset.node = String(k);
  if (!on || node.hints === "") {
    hintBox.hidden = true;
    hintBox.replaceChildren();
    return { candidates, mover };
  }
  const heading = element(document, "p", { class: "game-hint-heading" }, `Engine candidates for ${colourName(mover)}` +
    (node.blackWinRate !== null ? ` · Black's win rate ${(node.blackWinRate / 10).toFixed(1)}%` : ""));
  const list = element(document, "ol", { class: "game-hint-list" });
  list.append(...items);
  hintBox.replaceChildren(heading, list);
  hintBox.hidden = false;
  return { candidates, mover };
}

/** The continuation of `candidates[index]` as numbered ghost stones, `mover` first; none for -1. */
function showHintVariation(document, svg, columns, hintsGroup, { candidates, mover }, index) {
  for (const old of hintsGroup.querySelectorAll(".go-hint-variation")) old.remove();
  const candidate = candidates[index];
  // While a continuation shows, its numbers are the only ones: move numbers and other candidates step back.
  svg.classList.toggle("go-showing-variation", Boolean(candidate));
  if (!candidate) return;
  const variationGroup = svgElement(document, "g", { class: "go-hint-variation", "data-hint": String(index) });
  let colour = mover;
  candidate.variation.forEach((at, step) => {
    if (at >= 0) {
      const cx = at % columns;
      const cy = Math.floor(at / columns);
      const stone = colour === "B" ? "black" : "white";
      variationGroup.append(svgElement(document, "circle", { class: `go-hint-pv go-hint-pv-${stone}`, cx, cy, r: 0.46 }));
      const number = svgElement(document, "text", { class: `go-number go-on-${stone}`, x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 0.5 });
      number.textContent = String(step + 1);
      variationGroup.append(number);
    }
    colour = colour === "B" ? "W" : "B";
  });
  hintsGroup.append(variationGroup);
}

// MARK: - The viewer: comments

/**
 * The comments the build wrote once each, in the list below the board, by node (the panel shows clones);
 * each one's move label becomes a button that shows its node (`show(k)`).
 */
function commentsByNode(document, game, show) {
  const comments = new Map();
  for (const item of document.querySelectorAll("[data-comment-node]")) {
    const k = Number(item.getAttribute("data-comment-node"));
    comments.set(k, item);
    const label = item.querySelector(".game-comment-move");
    if (label && Number.isInteger(k) && k >= 0 && k < game.nodes.length) {
      const button = element(document, "button", { type: "button", class: "game-comment-link", title: "Show on the board" }, label.textContent);
      button.addEventListener("click", () => show(k));
      label.replaceChildren(button);
    }
  }
  return comments;
}

// MARK: - The viewer: variations

/** The variations list of `line`: its branch points, each with a button per choice (kept in `variationButtons`). */
function buildVariations(document, game, line, variationList, variationButtons) {
  const { nodes } = game;
  variationButtons.clear();
  const items = [];
  for (const point of lineBranchPoints(game, line)) {
    const children = nodes[point].children;
    const first = nodes[children[0]];
    const item = element(document, "li", { "data-branch": String(point) });
    const where = `Move ${first.move ? first.number : nodes[point].number + 1}`;
    item.append(element(document, "span", { class: "game-variation-where" }, game.mainOrdinal[point] >= 0 ? where : `${where} (in a variation)`));
    children.forEach((child, index) => {
      const text = moveText(game, child) || nodes[child].name || "no move";
      const button = element(document, "button", { type: "button", class: "game-variation", "data-node": String(child) });
      button.append(element(document, "b", {}, branchLetter(index)), ` ${text}`);
      variationButtons.set(child, button);
      item.append(button);
    });
    items.push(item);
  }
  if (items.length === 0) items.push(element(document, "li", { class: "game-variation-none" }, "No variations on this line."));
  variationList.replaceChildren(...items);
}

/** Marks the choices on the line shown and the one made at node k, scrolling the list (never the page) to it. */
function markVariations(game, k, lineIndex, variationList, variationButtons) {
  const choice = currentChoice(game, k);
  for (const [node, button] of variationButtons) {
    button.classList.toggle("game-variation-on-line", lineIndex[node] >= 0);
    if (node === choice) button.setAttribute("aria-current", "true"); else button.removeAttribute("aria-current");
  }
  const here = variationButtons.get(choice);
  for (const item of variationList.children) item.classList.toggle("game-variation-here", Boolean(here) && item.contains(here));
  // The list scrolls by itself, never the page.
  if (here && variationList.scrollHeight > variationList.clientHeight) {
    const item = here.closest("li");
    const top = item.offsetTop - variationList.offsetTop;
    if (top < variationList.scrollTop || top + item.offsetHeight > variationList.scrollTop + variationList.clientHeight) {
      variationList.scrollTop = Math.max(0, top - variationList.clientHeight / 3);
    }
  }
}

// MARK: - The viewer: the panel

/**
 * The panel beside the board: move controls with the move box, a note for numbers past the line's end, the
 * slider, status and captures, the win-rate graph (moved here from the analysis section, back for print),
 * hints, the comment, the variations of the line when the game has any, options and a live announcer.
 */
function buildPanel(document, window, game, panel) {
  const controls = element(document, "div", { class: "game-controls", role: "group", "aria-label": "Moves" });
  const jump = element(document, "input", { type: "number", class: "game-jump", "data-action": "jump", min: "0", inputmode: "numeric",
    "aria-label": "Go to move number", title: "Go to move number" });
  controls.append(iconButton(document, "first", "First move (Home)", "M6 5v14M18 5l-7 7 7 7"),
    iconButton(document, "previous", "Previous move (Left arrow)", "M15 5l-7 7 7 7"), jump,
    iconButton(document, "next", "Next move (Right arrow)", "M9 5l7 7-7 7"),
    iconButton(document, "last", "Last move (End)", "M18 5v14M6 5l7 7-7 7"));
  const slider = element(document, "input", { type: "range", class: "game-slider", "data-action": "slider", min: "0", step: "1",
    "aria-label": "Position in the game" });
  const status = element(document, "div", { class: "game-status" });
  const statusMove = element(document, "span", { class: "game-status-move" });
  const captures = element(document, "span", { class: "game-captures" });
  const capturedByBlack = element(document, "span", { class: "game-capture game-capture-black", title: "Stones captured by Black" });
  const capturedByWhite = element(document, "span", { class: "game-capture game-capture-white", title: "Stones captured by White" });
  captures.append("Captures ", capturedByBlack, " ", capturedByWhite);
  status.append(statusMove, captures);
  const commentBox = element(document, "div", { class: "game-comment-box" });
  const options = element(document, "div", { class: "game-options" });
  const numbersGroup = element(document, "div", { class: "game-segmented", role: "group", "aria-label": "Move numbers" });
  numbersGroup.append(element(document, "span", { class: "game-option-label" }, "Numbers"));
  const numberButtons = [["all", "All"], ["last", "Last 10"], ["off", "Off"]].map(([value, label]) => {
    const button = element(document, "button", { type: "button", "data-numbers": value }, label);
    numbersGroup.append(button);
    return button;
  });
  const coordinatesButton = element(document, "button", { type: "button", class: "game-toggle", "data-action": "coordinates" }, "Coordinates");
  options.append(numbersGroup, coordinatesButton);
  const hintsButton = game.hasHints ? element(document, "button", { type: "button", class: "game-toggle", "data-action": "hints" }, "Hints") : null;
  if (hintsButton) options.append(hintsButton);
  const hintBox = element(document, "div", { class: "game-hint-box", hidden: "" });
  const announcer = element(document, "p", { class: "game-visually-hidden", "aria-live": "polite" });
  // Says when a typed number lies past the line's end (the box then shows the end).
  const jumpNote = element(document, "p", { class: "game-jump-note", role: "status", hidden: "" });
  panel.append(controls, jumpNote, slider, status);
  // The win-rate graph goes beside the board (under it on a phone), so a click on it changes a board in view.
  const graphFigure = document.querySelector("figure.win-rate");
  if (graphFigure) {
    const home = graphFigure.parentNode;
    const after = graphFigure.nextSibling;
    panel.append(graphFigure);
    // Print leaves the panel out: the graph goes back to the analysis section for it.
    window.addEventListener("beforeprint", () => home.insertBefore(graphFigure, after));
    window.addEventListener("afterprint", () => hintBox.before(graphFigure));
  }
  panel.append(hintBox, commentBox);

  // Variations: the choices along the line shown (the branch points from the start to the line's end), the
  // reader's own choice marked and kept in view; rebuilt when the line changes.
  const hasVariations = game.nodes.some((node) => node.children.length > 1);
  const variations = hasVariations ? element(document, "section", { class: "game-variations", "aria-label": "Variations on this line" }) : null;
  const variationList = element(document, "ol", { class: "game-variation-list" });
  if (variations) {
    variations.append(element(document, "h3", { class: "game-variations-title" }, "Variations on this line"), variationList);
    panel.append(variations);
  }
  panel.append(options, announcer);
  return {
    controls, jump, slider, statusMove, capturedByBlack, capturedByWhite, commentBox, numbersGroup, numberButtons,
    coordinatesButton, hintsButton, hintBox, announcer, jumpNote, variations, variationList,
  };
}

// MARK: - The viewer: the graph

/** The graph's cursor on node k (its main-line ordinal), said to assistive technology as the slider's value. */
function moveGraphCursor(game, graph, graphCursor, k) {
  if (!graph || !graphCursor) return;
  const ordinal = mainLineOrdinal(game, k);
  graphCursor.setAttribute("x1", String(ordinal));
  graphCursor.setAttribute("x2", String(ordinal));
  graphCursor.setAttribute("visibility", "visible");
  graph.setAttribute("aria-valuenow", String(ordinal));
  graph.setAttribute("aria-valuetext", `Move ${ordinal}`);
}

/** Makes the graph a slider: a click or the arrow keys on it show the main line's move there (`show(k)`). */
function setUpGraph(game, graph, shownNode, show) {
  const last = game.mainMoves.length - 1;
  graph.setAttribute("tabindex", "0");
  graph.setAttribute("role", "slider");
  graph.setAttribute("aria-label", "Win rate graph: click or use the arrow keys to go to a move");
  graph.setAttribute("aria-valuemin", "0");
  graph.setAttribute("aria-valuemax", String(last));
  graph.removeAttribute("aria-labelledby");
  graph.classList.add("win-rate-live");
  // The graph is the main line's: a move on it opens the main line there.
  const goToOrdinal = (ordinal) => show(game.mainMoves[Math.max(0, Math.min(last, ordinal))]);
  graph.addEventListener("click", (event) => {
    const box = graph.getBoundingClientRect();
    if (box.width <= 0) return;
    goToOrdinal(Math.round((event.clientX - box.left) / box.width * Number(graph.dataset.moves || last)));
  });
  graph.addEventListener("keydown", (event) => {
    const ordinal = mainLineOrdinal(game, shownNode());
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[event.key];
    if (step !== undefined) goToOrdinal(ordinal + step);
    else if (event.key === "Home") goToOrdinal(0);
    else if (event.key === "End") goToOrdinal(last);
    else return;
    event.preventDefault();
  });
}

// MARK: - The viewer: input

/**
 * Keyboard: inside the viewer always; elsewhere on the page only while the board is on screen, so the
 * arrows and Home/End still scroll a page read further down (text fields keep their keys). `act(action)`
 * takes a step (see actionTarget).
 */
function setUpKeyboard(document, window, viewer, boardBox, act) {
  let boardOnScreen = true;
  if ("IntersectionObserver" in window) {
    new window.IntersectionObserver((entries) => { boardOnScreen = entries[entries.length - 1].isIntersecting; }).observe(boardBox);
  }
  const keys = { ArrowLeft: "previous", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const action = keys[event.key];
    if (!action || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (!viewer.contains(target) && !boardOnScreen) return;
    event.preventDefault();
    act(action);
  });
  boardBox.setAttribute("tabindex", "0");
  boardBox.setAttribute("role", "group");
  boardBox.setAttribute("aria-label", "Board. Left and Right arrows step through the moves, Up and Down switch variations.");
}

/** Touch: a horizontal swipe steps (left: next). */
function setUpSwipe(boardBox, act) {
  let touchStart = null;
  boardBox.addEventListener("touchstart", (event) => {
    touchStart = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  boardBox.addEventListener("touchend", (event) => {
    if (!touchStart || event.changedTouches.length !== 1) return;
    const dx = event.changedTouches[0].clientX - touchStart[0];
    const dy = event.changedTouches[0].clientY - touchStart[1];
    touchStart = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) act(dx < 0 ? "next" : "previous");
  }, { passive: true });
}

// MARK: - The viewer: its state

/**
 * What the reader is looking at, in one object the viewer owns (`viewer.state`): the node shown
 * (`current`) and its position; `remembered[k]`, the child last visited from k (the path to the node
 * shown is always in it); the line the slider and Last range over, with `lineIndex[k]` its index on it
 * or -1; the three options; and `typing`, true while the reader types in the move box (the box keeps
 * their digits until Enter, a blur or Escape). Only `moveViewer` changes the node, the position and the
 * line; the option buttons change the options, the move box `typing`.
 */
function newViewerState(game, start, options) {
  return {
    current: start,
    position: positionAt(game, start),
    remembered: new Int32Array(game.nodes.length).fill(-1),
    line: [],
    lineIndex: new Int32Array(game.nodes.length).fill(-1),
    numbersMode: options.numbersMode,
    coordinates: options.coordinates,
    hintsMode: options.hintsMode,
    typing: false,
  };
}

/** The reader's stored options, or the defaults (storage null or refused: the choices last for the page). */
function readViewerOptions(storage) {
  return {
    numbersMode: readChoice(storage, "hoshi-go-numbers", ["last", "all", "off"]),
    coordinates: readChoice(storage, "hoshi-go-coordinates", ["on", "off"]),
    hintsMode: readChoice(storage, "hoshi-go-hints", ["off", "on"]),
  };
}

/**
 * Moves `state` to node k (a node of the game): the position stepped there; with `mainLine`, the first
 * children below k remembered, so Next, Last and the slider follow the main line rather than a variation
 * visited before; the line recomputed when k lies off the line shown or `mainLine` asks for it. Returns
 * whether the line changed (the slider's range and the variations list follow it).
 */
function moveViewer(game, state, k, mainLine) {
  const { nodes } = game;
  const { remembered, lineIndex } = state;
  stepPosition(game, state.position, state.current, k);
  state.current = k;
  if (mainLine) {
    for (let x = k; nodes[x].children.length > 0; x = nodes[x].children[0]) remembered[x] = nodes[x].children[0];
  }
  if (lineIndex[k] >= 0 && !mainLine) return false;
  for (let x = k; nodes[x].parent >= 0; x = nodes[x].parent) remembered[nodes[x].parent] = x;
  for (const x of state.line) lineIndex[x] = -1;
  state.line = currentLine(game, k, remembered);
  state.line.forEach((x, index) => { lineIndex[x] = index; });
  return true;
}

/** The node a step control (a button, a key, a swipe) goes to from the state shown, or -1 where there is none. */
function actionTarget(game, state, action) {
  const k = state.current;
  switch (action) {
    case "first": return 0;
    case "previous": return game.nodes[k].parent;
    case "next": return nextChild(game, k, state.remembered);
    case "last": return state.line[state.line.length - 1];
    case "up": return siblingNode(game, k, -1);
    case "down": return siblingNode(game, k, 1);
    default: return -1;
  }
}

/** The node a click on point `at` plays from node k: the move there among k's children (its siblings
 *  when ST has bit 1, as the branch letters show them), or -1. */
function nodeAtPoint(game, k, at) {
  const { nodes } = game;
  const parent = nodes[k].parent;
  const options = game.style & 1 && parent >= 0 ? nodes[parent].children : nodes[k].children;
  const target = options.find((x) => nodes[x].move && nodes[x].move.at === at);
  return target !== undefined && target !== k ? target : -1;
}

/** What a number typed in the move box asks for on `line`: the node (see nodeForMoveNumber) and a note when
 *  the number lies past the line's end (the box then shows the end); null when the text is no number. */
function typedMoveTarget(game, line, text) {
  const number = parseInt(text, 10);
  if (!Number.isFinite(number)) return null;
  const end = lineEndNumber(game, line);
  return { node: nodeForMoveNumber(game, line, number), note: number > end ? `This line ends at move ${end}.` : "" };
}

/**
 * The node an address opens (`hash`, the page's fragment): the node a `#move-N` or `#node-K` names, else
 * the start. `named` says whether the fragment named one (other fragments, the skip link and headings,
 * are not the board's); `mainLine` whether the line below it becomes the main line (all but `#node-K`).
 */
function fragmentTarget(game, hash) {
  const fragment = parseFragment(hash);
  const named = nodeForFragment(game, fragment);
  return { node: named >= 0 ? named : game.mainMoves[0], named: named >= 0, mainLine: named < 0 || fragment.kind === "move" };
}

/** The history method a move to another node (`moved`) or to the same one calls for `how` (see showNode),
 *  or null for "none": a push only when the board changes, so a repeated jump adds no entry. */
function historyMethod(how, moved) {
  if (how === "none") return null;
  return how === "push" && moved ? "pushState" : "replaceState";
}

/** The board's description for assistive technology: the node, the stones on the board and the captures. */
function boardDescription(game, k, position) {
  let black = 0;
  let white = 0;
  for (const stone of position) {
    if (stone === 1) black += 1; else if (stone === 2) white += 1;
  }
  const captures = game.nodes[k].captures;
  return `${describeNode(game, k)}. ${black} black and ${white} white stones on the board; captures: Black ${captures[0]}, White ${captures[1]}.`;
}

/** What the live announcer says on arriving at node k: the move in words, then a comment and variations, if any. */
function announcement(game, k, hasComment) {
  const branches = game.nodes[k].children.length;
  return `${describeNode(game, k, true)}.` + (hasComment ? " Comment." : "") + (branches > 1 ? ` ${branches} variations.` : "");
}

// MARK: - The viewer: showing a node

/**
 * Shows node k. `how` is what the browser's history gets: stepping (buttons, keys, the slider, a swipe, the
 * graph, the variation panel) replaces the current entry, so Back leaves the page; a deliberate jump (a link
 * to a move, a key moment, a search hit, a typed number) pushes one; "none" when the address already says
 * k. `mainLine`: see moveViewer.
 */
function showNode(viewer, k, how = "replace", mainLine = false) {
  const { game, state, panel } = viewer;
  if (!Number.isInteger(k) || k < 0 || k >= game.nodes.length) return;
  const moved = k !== state.current;
  if (moveViewer(game, state, k, mainLine)) {
    panel.slider.max = String(state.line.length - 1);
    if (panel.variations) buildVariations(viewer.document, game, state.line, panel.variationList, viewer.variationButtons);
  }
  markVariations(game, k, state.lineIndex, panel.variationList, viewer.variationButtons);
  showJumpNote(panel.jumpNote, "");
  renderViewer(viewer);
  const method = historyMethod(how, moved);
  if (method) {
    try { viewer.window.history[method](null, "", `#${fragmentFor(game, k)}`); } catch { /* sandboxed: no history */ }
  }
}

function showJumpNote(jumpNote, text) {
  jumpNote.textContent = text;
  jumpNote.hidden = text === "";
}

/** Draws the state: the board, its marks and hints, the graph's cursor, the words about the node, the comment
 *  and the controls. */
function renderViewer(viewer) {
  const { document, game, state, layers, panel } = viewer;
  const k = state.current;
  const node = game.nodes[k];
  drawStones(document, game, state.position, viewer.drawn, layers.stonesGroup);
  layers.marksGroup.replaceChildren(drawMarks(document, game, state.position, k, state.lineIndex, state.numbersMode));
  viewer.hints = renderHints(document, game, k, state.remembered, state.hintsMode, layers.hintsGroup, panel.hintBox);
  moveGraphCursor(game, viewer.graph, viewer.graphCursor, k);

  const description = describeNode(game, k);
  viewer.root.dataset.node = String(k);
  viewer.root.dataset.move = String(node.number);
  layers.svgTitle.textContent = `${viewer.gameTitle}: ${description}`;
  layers.svgDescription.textContent = boardDescription(game, k, state.position);
  panel.statusMove.textContent = description;
  panel.capturedByBlack.textContent = `Black ${node.captures[0]}`;
  panel.capturedByWhite.textContent = `White ${node.captures[1]}`;
  const hasComment = renderComment(viewer);
  renderControls(viewer, description);
  panel.announcer.textContent = announcement(game, k, hasComment);
}

/**
 * Brings the stones drawn in line with `position`, touching only the points that changed since the last call:
 * `drawn.stones` is the position drawn, `drawn.elements` each point's stone element, kept for reuse.
 */
function drawStones(document, game, position, drawn, stonesGroup) {
  for (let at = 0; at < position.length; at += 1) {
    if (position[at] === drawn.stones[at]) continue;
    drawn.stones[at] = position[at];
    let stone = drawn.elements[at];
    if (position[at] === 0) {
      if (stone) stone.remove();
      continue;
    }
    if (!stone) {
      const column = at % game.columns;
      const row = Math.floor(at / game.columns);
      stone = drawn.elements[at] = svgElement(document, "circle", { cx: column, cy: row, r: 0.48, "data-point": indexLetter(column) + indexLetter(row) });
    }
    const color = position[at] === 1 ? "B" : "W";
    stone.setAttribute("class", `go-stone go-${color === "B" ? "black" : "white"}`);
    stone.setAttribute("data-stone", color);
    stonesGroup.append(stone);
  }
}

/** The panel's comment box: the node's name, annotations and comment; its comment in the list below the board
 *  highlighted. Returns whether the node has a comment. */
function renderComment(viewer) {
  const { document, game, state, panel } = viewer;
  const node = game.nodes[state.current];
  const parts = [];
  if (node.name) parts.push(element(document, "h3", { class: "game-node-name" }, node.name));
  const words = annotationWords(node);
  if (words.length > 0) {
    const list = element(document, "p", { class: "game-annotations" });
    for (const [code, text] of words) list.append(element(document, "span", { class: `game-annotation game-annotation-${code.replace(/2$/, "").toLowerCase()}` }, text), " ");
    parts.push(list);
  }
  const item = viewer.comments.get(state.current);
  const text = item && item.querySelector(".game-comment-text");
  if (text) parts.push(text.cloneNode(true));
  panel.commentBox.replaceChildren(...parts);
  panel.commentBox.hidden = parts.length === 0;
  if (viewer.highlighted) viewer.highlighted.classList.remove("game-comment-current");
  viewer.highlighted = item || null;
  if (viewer.highlighted) viewer.highlighted.classList.add("game-comment-current");
  return Boolean(text);
}

/** The step buttons at either end, the move box (unless the reader is typing in it) and the slider. */
function renderControls(viewer, description) {
  const { game, state, panel } = viewer;
  const node = game.nodes[state.current];
  const atStart = node.parent < 0;
  const atEnd = node.children.length === 0;
  for (const button of panel.controls.querySelectorAll("button")) {
    const disabled = button.dataset.action === "first" || button.dataset.action === "previous" ? atStart : atEnd;
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus at either end.
    button.setAttribute("aria-disabled", disabled ? "true" : "false");
  }
  if (!state.typing) panel.jump.value = String(node.number);
  panel.slider.value = String(state.lineIndex[state.current]);
  panel.slider.setAttribute("aria-valuetext", description);
}

function scrollToViewer(viewer) {
  const smooth = !viewer.window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  viewer.root.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}

// MARK: - The viewer: controls and options

/** The step buttons and the slider; `act(action)` takes a step (see actionTarget). */
function setUpControls(viewer, act) {
  const { controls, slider } = viewer.panel;
  controls.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && button.getAttribute("aria-disabled") !== "true") act(button.dataset.action);
  });
  slider.addEventListener("input", () => showNode(viewer, viewer.state.line[Number(slider.value)], "replace"));
}

/**
 * The move box shows the node shown. Typed digits wait for Enter (or the box losing the focus, which
 * restores the node's number); a number past the line's end goes to the end and says so. Its arrow keys
 * and spinner step the board like the buttons.
 */
function setUpMoveBox(viewer) {
  const { state, panel: { jump, jumpNote } } = viewer;
  const stopTyping = () => {
    state.typing = false;
    renderViewer(viewer);
  };
  const commit = () => {
    const target = typedMoveTarget(viewer.game, state.line, jump.value);
    if (!target) return stopTyping();
    state.typing = false;
    showNode(viewer, target.node, "push");
    if (target.note) showJumpNote(jumpNote, target.note);
  };
  jump.addEventListener("input", (event) => {
    if (event.inputType) {
      state.typing = true;
      return;
    }
    // A step of the spinner or of the arrow keys: no typing involved.
    const target = typedMoveTarget(viewer.game, state.line, jump.value);
    if (target) showNode(viewer, target.node, "replace");
  });
  jump.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      stopTyping();
    }
  });
  jump.addEventListener("change", () => { if (state.typing) commit(); });
  jump.addEventListener("blur", stopTyping);
}

/** The option buttons: move numbers, coordinates and hints, each choice stored for the next page. */
function setUpOptions(viewer) {
  const { state, storage, panel: { numbersGroup, hintsButton, coordinatesButton } } = viewer;
  numbersGroup.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-numbers]");
    if (!button) return;
    state.numbersMode = button.dataset.numbers;
    storePreference(storage, "hoshi-go-numbers", state.numbersMode);
    applyOptions(viewer);
    renderViewer(viewer);
  });
  if (hintsButton) {
    hintsButton.addEventListener("click", () => {
      state.hintsMode = state.hintsMode === "on" ? "off" : "on";
      storePreference(storage, "hoshi-go-hints", state.hintsMode);
      applyOptions(viewer);
      renderViewer(viewer);
    });
  }
  coordinatesButton.addEventListener("click", () => {
    state.coordinates = state.coordinates === "on" ? "off" : "on";
    storePreference(storage, "hoshi-go-coordinates", state.coordinates);
    applyOptions(viewer);
  });
}

function applyOptions(viewer) {
  const { game: { columns, rows }, state, svg, panel } = viewer;
  for (const button of panel.numberButtons) button.setAttribute("aria-pressed", button.dataset.numbers === state.numbersMode ? "true" : "false");
  panel.coordinatesButton.setAttribute("aria-pressed", state.coordinates === "on" ? "true" : "false");
  viewer.root.classList.toggle("go-no-coordinates", state.coordinates === "off");
  if (panel.hintsButton) panel.hintsButton.setAttribute("aria-pressed", state.hintsMode === "on" ? "true" : "false");
  svg.setAttribute("viewBox", state.coordinates === "on" ? `-1.5 -1.5 ${columns + 2} ${rows + 2}` : `-0.7 -0.7 ${columns + 0.4} ${rows + 0.4}`);
}

// MARK: - The viewer: variations and hints

/** A choice in the variations list shows its node. */
function setUpVariationChoices(viewer) {
  const { variations } = viewer.panel;
  if (!variations) return;
  variations.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-node]");
    if (button) showNode(viewer, Number(button.dataset.node));
  });
}

/** A candidate's continuation shows while its ghost stone or its line in the list is hovered or focused. */
function setUpHintHover(viewer) {
  const { hintsGroup } = viewer.layers;
  const showVariation = (index) => showHintVariation(viewer.document, viewer.svg, viewer.game.columns, hintsGroup, viewer.hints, index);
  const hintTarget = (event) => {
    const target = event.target.closest && event.target.closest("[data-hint]");
    return target && !target.classList.contains("go-hint-variation") ? Number(target.dataset.hint) : -1;
  };
  for (const host of [hintsGroup, viewer.panel.hintBox]) {
    host.addEventListener("mouseover", (event) => { const index = hintTarget(event); if (index >= 0) showVariation(index); });
    host.addEventListener("focusin", (event) => { const index = hintTarget(event); if (index >= 0) showVariation(index); });
    host.addEventListener("mouseleave", () => showVariation(-1));
    host.addEventListener("focusout", () => showVariation(-1));
  }
}

// MARK: - The viewer: the board and the address

/** Clicking a next move's point plays it. */
function setUpBoardClicks(viewer) {
  const { svg, game } = viewer;
  svg.addEventListener("click", (event) => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new viewer.window.DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const column = Math.round(point.x);
    const row = Math.round(point.y);
    if (column < 0 || row < 0 || column >= game.columns || row >= game.rows) return;
    showNode(viewer, nodeAtPoint(game, viewer.state.current, row * game.columns + column));
  });
}

/**
 * Links to a node of this page (key moments, `#move-N` in comments, the figures' own links) are deliberate
 * jumps: one history entry, the board brought into view rather than the static target of the fragment.
 * Back and Forward, and a fragment followed from elsewhere (a search hit), show the node their address names.
 */
function setUpAddress(viewer) {
  const { document, window, game } = viewer;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = event.target.closest && event.target.closest("a[href^='#']");
    const fragment = link && parseFragment(link.getAttribute("href"));
    const k = nodeForFragment(game, fragment);
    if (k < 0) return;
    event.preventDefault();
    showNode(viewer, k, "push", fragment.kind === "move");
    scrollToViewer(viewer);
  });
  // Other fragments (the skip link, headings) leave the board alone; no fragment at all is the start.
  const onNavigation = () => {
    const hash = window.location.hash;
    const target = fragmentTarget(game, hash);
    if (hash && !target.named) return false;
    if (target.node !== viewer.state.current) showNode(viewer, target.node, "none", target.mainLine);
    return true;
  };
  window.addEventListener("popstate", onNavigation);
  // A fragment followed from elsewhere on the page (a search hit): the board, not the fragment's static target.
  window.addEventListener("hashchange", () => { if (onNavigation() && window.location.hash) scrollToViewer(viewer); });
}

// MARK: - The viewer: putting it together

/**
 * The viewer, one object handed to every part: the page (`document`, `window`, `storage`), the game, the
 * board picture's layers and what they show (`drawn`), the panel's parts, the comments, the hints shown,
 * and `state`, the node shown and the reader's options (see newViewerState).
 */
function createViewer(document, window, game, root, svg, panelElement, start) {
  const storage = Hoshi.storage.open(window);
  const layers = boardLayers(document, svg);
  svg.setAttribute("role", "img");
  const heading = document.querySelector(".game-header h1");
  const graph = document.querySelector("svg[data-win-rate-graph]");
  return {
    document, window, game, storage, root, svg,
    boardBox: root.querySelector("[data-board]") || svg.parentNode,
    gameTitle: heading ? heading.textContent.trim() : "Game",
    layers,
    drawn: { stones: emptyPosition(game), elements: new Array(game.columns * game.rows) },
    panel: buildPanel(document, window, game, panelElement),
    variationButtons: new Map(),
    comments: new Map(),
    highlighted: null,
    // The candidates shown and their player, for the continuation shown on hover or focus.
    hints: { candidates: [], mover: "B" },
    graph,
    graphCursor: graph && graph.querySelector(".win-rate-cursor"),
    // Without storage (null) the options fall back quietly: the defaults, and choices lasting for this page.
    state: newViewerState(game, start, readViewerOptions(storage)),
  };
}

function setUpViewer(document, window) {
  const root = document.querySelector("[data-game-viewer]");
  const dataElement = document.getElementById("game-data");
  const svg = root && root.querySelector("svg.go-board");
  const panelElement = root && root.querySelector("[data-viewer-panel]");
  if (!root || !dataElement || !svg || !panelElement) return;
  let game;
  try { game = decodeGame(JSON.parse(dataElement.textContent)); } catch { return; } // the static board stays
  const opening = fragmentTarget(game, window.location.hash);
  const viewer = createViewer(document, window, game, root, svg, panelElement, opening.node);
  setUpVariationChoices(viewer);
  viewer.comments = commentsByNode(document, game, (k) => { showNode(viewer, k, "push"); scrollToViewer(viewer); });
  setUpHintHover(viewer);
  // The win-rate graph: the cursor follows the shown move; a click or the arrow keys on it go to a move.
  if (viewer.graph) setUpGraph(game, viewer.graph, () => viewer.state.current, (k) => showNode(viewer, k, "replace", true));
  const act = (action) => showNode(viewer, actionTarget(game, viewer.state, action), "replace");
  setUpControls(viewer, act);
  setUpMoveBox(viewer);
  setUpOptions(viewer);
  setUpKeyboard(document, window, root, viewer.boardBox, act);
  setUpSwipe(viewer.boardBox, act);
  setUpBoardClicks(viewer);
  setUpAddress(viewer);

  applyOptions(viewer);
  showNode(viewer, opening.node, "none", opening.mainLine);
  panelElement.hidden = false;
  // Without a script the figures tell the game; the viewer appears once it can play.
  root.hidden = false;
  root.classList.add("game-viewer-live");
  // A shared #move-N link is about the board: bring the viewer into view rather than the comment list.
  if (opening.named) window.addEventListener("load", () => root.scrollIntoView({ block: "start" }), { once: true });
}

// MARK: - Collection pages

function setUpGameList(document) {
  const table = document.querySelector("[data-game-list]");
  if (!table || !table.tBodies[0]) return;
  const body = table.tBodies[0];
  const rows = [...body.rows];
  let sortKey = "";
  let descending = false;
  table.addEventListener("click", (event) => {
    const control = event.target.closest("[data-sort]");
    if (!control) return;
    const key = control.getAttribute("data-sort");
    descending = key === sortKey ? !descending : false;
    sortKey = key;
    const order = rows.map((row, index) => [row, index]);
    order.sort(([a, i], [b, j]) => compareGameRows(key, a.dataset, b.dataset, descending) || i - j);
    body.append(...order.map(([row]) => row));
    for (const header of table.querySelectorAll("th")) header.removeAttribute("aria-sort");
    control.closest("th").setAttribute("aria-sort", descending ? "descending" : "ascending");
  });
  const filter = document.querySelector("[data-game-filter]");
  if (!filter) return;
  const count = element(document, "p", { class: "game-filter-count", "aria-live": "polite" });
  filter.after(count);
  const apply = () => {
    let visible = 0;
    for (const row of rows) {
      row.hidden = !rowMatches(row.dataset, filter.value);
      if (!row.hidden) visible += 1;
    }
    count.textContent = filter.value.trim() ? `${visible} of ${rows.length} games` : "";
  };
  filter.addEventListener("input", apply);
  apply();
}

if (typeof document !== "undefined") {
  setUpViewer(document, window);
  setUpGameList(document);
}

if (typeof module !== "undefined") {
  module.exports = {
    columnLabel, letterIndex, pointIndex, pointName, decodeGame, emptyPosition, applyNode, undoNode, positionAt,
    stepPosition, moveNumbers, nextChild, currentLine, siblingNode, lineBranchPoints, currentChoice, lineEndNumber,
    candidateLosses, nodeForMoveNumber, branchLetter, branchMarkers,
    moveText, describeNode, annotationWords, parseFragment, nodeForFragment, fragmentFor, foldText, rowMatches, compareGameRows, splitHintEntry, parseHints, mainLineOrdinal,
    newViewerState, readViewerOptions, moveViewer, actionTarget, nodeAtPoint, typedMoveTarget, fragmentTarget,
    historyMethod, boardDescription, announcement,
  };
}
