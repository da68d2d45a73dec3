#!/usr/bin/env node
// Checks the theme's page scripts (templates/assets/*.js), run by `make test` (test-lint):
//   node Scripts/check-scripts.js [folder]
// Debian's eslint (6.4, 2019) predates the syntax the scripts use, and the project installs nothing from
// npm, so this is a small checker of our own. It reports, as `path:line:col: error: message`:
//   - syntax errors (the script compiled as a classic script, as `node --check` does);
//   - names declared and never used (functions, constants, variables, destructured names);
//   - functions called that nothing defines: not declared in the script, not a parameter, not a
//     JavaScript or browser global, not a global of a script loaded before it;
//   - top-level names that two scripts loaded on one page both declare: classic scripts share one global
//     scope, where a second `const` is an error that stops the script and a second `function` silently
//     replaces the first.
// It reads source text with a small scanner, not a full parser: it may miss a fault (a name used only in a
// comment still counts as unused, a name mentioned in an object key counts as used), but what it reports is
// a real fault.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

/** Scripts every page loads (base.mustache) or that a layout loads before its page's script. */
const LOADED_FIRST = ["shared.js", "hoshi.js", "search.js"];

const KEYWORDS = new Set(("if for while switch catch function return typeof new await async do else try " +
  "throw case in of instanceof void delete yield super this import class const let var").split(" "));

/** Globals of the language and the browser the scripts may call. */
const KNOWN_GLOBALS = new Set(("Array Object String Number Boolean Math JSON Set Map WeakMap Symbol Promise " +
  "Date Error TypeError RangeError RegExp BigInt Uint8Array Uint32Array Int32Array parseFloat parseInt isNaN " +
  "isFinite encodeURIComponent decodeURIComponent setTimeout clearTimeout setInterval clearInterval " +
  "requestAnimationFrame cancelAnimationFrame queueMicrotask require fetch URL URLSearchParams").split(" "));

/**
 * The source with comments, string contents and regular expression literals blanked out (replaced by
 * spaces, newlines kept so positions stay), template literal text blanked but its `${…}` code kept.
 */
function codeOnly(source) {
  const out = source.split("");
  const blank = (from, to) => { for (let i = from; i < to; i += 1) if (out[i] !== "\n") out[i] = " "; };
  let i = 0;
  let lastSignificant = "";
  const templateDepths = []; // brace depth at which each open template's `${` started
  let depth = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "\"" || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = c;
    } else if (c === "/" && (lastSignificant === "" || "(,=:[!&|?{};+-*%<>~^".includes(lastSignificant))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n" && (inClass || source[j] !== "/")) {
        if (source[j] === "\\") j += 1;
        else if (source[j] === "[") inClass = true;
        else if (source[j] === "]") inClass = false;
        j += 1;
      }
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = "/";
    } else if (c === "`" || (c === "}" && templateDepths.length && templateDepths[templateDepths.length - 1] === depth)) {
      if (c === "}") { templateDepths.pop(); depth -= 1; }
      // Template text up to the closing backquote or the next `${`.
      let j = i + 1;
      while (j < source.length && source[j] !== "`" && !(source[j] === "$" && source[j + 1] === "{")) j += source[j] === "\\" ? 2 : 1;
      blank(i + 1, j);
      if (source[j] === "$") {
        depth += 1;
        templateDepths.push(depth);
        i = j + 2;
        lastSignificant = "{";
      } else {
        i = j + 1;
        lastSignificant = "`";
      }
    } else {
      if (c === "{") depth += 1;
      else if (c === "}") depth -= 1;
      if (!/\s/.test(c)) lastSignificant = /[\w$]/.test(c) ? "a" : c;
      if (c === ")" || c === "]") lastSignificant = "a"; // `(a) / b` divides
      i += 1;
    }
  }
  return out.join("");
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

function identifiersIn(text) {
  return text.match(IDENTIFIER) || [];
}

/** Declared names with the offset of their declaration. */
function declarations(code) {
  const found = [];
  const add = (name, offset) => { if (!KEYWORDS.has(name)) found.push({ name, offset }); };
  for (const match of code.matchAll(/\b(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/g)) add(match[1], match.index + match[0].length - match[1].length);
  for (const match of code.matchAll(/\b(?:const|let|var|class)\s+([A-Za-z_$][\w$]*)/g)) add(match[1], match.index + match[0].length - match[1].length);
  // Destructuring: `const { a, b: c, d = 1 } =` and `const [a, , b] =` declare a, c, d and a, b.
  for (const match of code.matchAll(/\b(?:const|let|var)\s+([{[])([^=;]*?)[}\]]\s*(?:=|of\b|in\b)/g)) {
    for (const part of match[2].split(",")) {
      const target = part.includes(":") ? part.split(":")[1] : part;
      const name = identifiersIn(target.split("=")[0])[0];
      if (name) add(name, match.index + match[0].indexOf(name, match[1].length));
    }
  }
  return found;
}

/** Every identifier that names a parameter: of functions, arrows and catch clauses. */
function parameters(code) {
  const names = new Set();
  const lists = [
    ...code.matchAll(/\bfunction\b[^(]*\(([^)]*)\)/g),
    ...code.matchAll(/\(([^()]*)\)\s*=>/g),
    ...code.matchAll(/\bcatch\s*\(([^)]*)\)/g),
  ];
  for (const match of lists) for (const name of identifiersIn(match[1])) names.add(name);
  for (const match of code.matchAll(/([A-Za-z_$][\w$]*)\s*=>/g)) names.add(match[1]);
  return names;
}

/** Names a script defines in the global scope: its top-level declarations and `globalThis.X =`. */
function globalNames(code) {
  const names = new Map();
  let depth = 0;
  let start = 0;
  // Top level: declarations at brace depth 0.
  const topLevel = [];
  for (let i = 0; i <= code.length; i += 1) {
    if (i === code.length || code[i] === "{" || code[i] === "}") {
      if (depth === 0) topLevel.push([start, i]);
      if (code[i] === "{") depth += 1;
      else if (code[i] === "}") depth -= 1;
      start = i + 1;
    }
  }
  for (const declaration of declarations(code)) {
    if (topLevel.some(([from, to]) => declaration.offset >= from && declaration.offset < to)) names.set(declaration.name, declaration.offset);
  }
  for (const match of code.matchAll(/\bglobalThis\.([A-Za-z_$][\w$]*)\s*=[^=]/g)) names.set(match[1], match.index);
  return names;
}

function position(source, offset) {
  const before = source.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/** The faults of one script, given the global names of the scripts loaded before it. */
function checkScript(file, source, earlierGlobals = new Set()) {
  const faults = [];
  try {
    new vm.Script(source, { filename: file });
  } catch (error) {
    const line = /:(\d+)\n/.exec(error.stack || "");
    faults.push(`${file}:${line ? line[1] : 1}:1: error: ${error.message}`);
    return faults;
  }
  const code = codeOnly(source);
  const uses = new Map();
  for (const match of code.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)) uses.set(match[0], (uses.get(match[0]) || 0) + 1);
  const declared = declarations(code);
  for (const { name, offset } of declared) {
    if ((uses.get(name) || 0) < 2) faults.push(`${file}:${position(source, offset)}: error: '${name}' is declared and never used`);
  }
  const defined = new Set([...declared.map((item) => item.name), ...parameters(code), ...earlierGlobals]);
  const reported = new Set();
  for (const match of code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)) {
    const name = match[1];
    if (KEYWORDS.has(name) || KNOWN_GLOBALS.has(name) || defined.has(name) || reported.has(name)) continue;
    if (isMethodDefinition(code, match.index + match[0].length - 1)) continue;
    reported.add(name);
    faults.push(`${file}:${position(source, match.index)}: error: '${name}' is called but nothing defines it`);
  }
  return faults;
}

/** Whether the parenthesis at `open` ends a method's parameters (`read(key) {`), not a call's arguments. */
function isMethodDefinition(code, open) {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    if (code[i] === "(") depth += 1;
    else if (code[i] === ")" && --depth === 0) return /^\s*\{/.test(code.slice(i + 1, i + 40));
  }
  return false;
}

/** Top-level names that two scripts loaded on one page both declare. */
function checkCollisions(scripts) {
  const faults = [];
  const owners = new Map();
  for (const { file, source } of scripts) {
    for (const [name, offset] of globalNames(codeOnly(source))) {
      const owner = owners.get(name);
      if (owner) faults.push(`${file}:${position(source, offset)}: error: '${name}' is also a global of ${owner}, loaded on the same pages`);
      else owners.set(name, file);
    }
  }
  return faults;
}

/** Checks every script of a theme folder: the scripts loaded first, then each page script after them. */
function checkFolder(folder) {
  const read = (name) => ({ file: path.join(folder, name), source: fs.readFileSync(path.join(folder, name), "utf8") });
  const names = fs.readdirSync(folder).filter((name) => name.endsWith(".js")).sort();
  const first = LOADED_FIRST.filter((name) => names.includes(name)).map(read);
  const pages = names.filter((name) => !LOADED_FIRST.includes(name)).map(read);
  const faults = [];
  const firstGlobals = new Set();
  for (const script of first) {
    faults.push(...checkScript(script.file, script.source, firstGlobals));
    for (const name of globalNames(codeOnly(script.source)).keys()) firstGlobals.add(name);
  }
  faults.push(...checkCollisions(first));
  for (const page of pages) {
    faults.push(...checkScript(page.file, page.source, firstGlobals));
    faults.push(...checkCollisions([...first, page]).filter((fault) => fault.startsWith(page.file)));
  }
  return faults;
}

if (require.main === module) {
  const folder = process.argv[2] || path.join(__dirname, "../templates/assets");
  const faults = checkFolder(folder);
  for (const fault of faults) console.error(fault);
  process.exit(faults.length ? 1 : 0);
}

module.exports = { codeOnly, checkScript, checkCollisions, checkFolder };
