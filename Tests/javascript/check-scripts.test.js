// Unit tests for the page scripts' checker (Scripts/check-scripts.js), run with `node --test`: each fault
// is planted in a small script written here, and a clean script must pass.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { checkScript, checkFolder, codeOnly } = require(path.join(__dirname, "../../Scripts/check-scripts.js"));

const CLEAN = `"use strict";
// used() is mentioned here, in a comment, and "unused" in a string: neither counts.
const { element } = Hoshi.dom;
function used(list, storage) {
  return list.map((item) => \`\${item} / \${storage.read()}\`).filter((text) => /[/'"]/.test(text));
}
const store = { read() { return element; } };
if (typeof document !== "undefined") used([1], store);
`;

test("a clean script passes", () => {
  assert.deepEqual(checkScript("clean.js", CLEAN, new Set(["Hoshi"])), []);
});

test("a planted unused function and constant are reported where they are declared", () => {
  const source = CLEAN + "function forgotten(a) { return a; }\nconst alsoForgotten = 2;\n";
  assert.deepEqual(checkScript("planted.js", source, new Set(["Hoshi"])), [
    "planted.js:9:10: error: 'forgotten' is declared and never used",
    "planted.js:10:7: error: 'alsoForgotten' is declared and never used",
  ]);
});

test("a name used only in a comment or a string is still unused", () => {
  const source = "const lonely = 1;\n// lonely\nconsole.log(\"lonely\");\n";
  assert.deepEqual(checkScript("s.js", source), ["s.js:1:7: error: 'lonely' is declared and never used"]);
});

test("a call to a function nothing defines is reported; the namespace must come from an earlier script", () => {
  assert.deepEqual(checkScript("c.js", "missing(1);\n"), ["c.js:1:1: error: 'missing' is called but nothing defines it"]);
  assert.deepEqual(checkScript("clean.js", CLEAN.replace("Hoshi.dom", "Hoshi.dom && helper()"), new Set(["Hoshi"])),
    ["clean.js:3:34: error: 'helper' is called but nothing defines it"]);
});

test("a syntax error is reported instead of the other checks", () => {
  const faults = checkScript("broken.js", "function (\n");
  assert.equal(faults.length, 1);
  assert.match(faults[0], /^broken\.js:1:1: error: /);
});

test("template text is blanked but its expressions are kept", () => {
  assert.equal(codeOnly("`a ${b} c`"), "`  ${b}  `");
});

test("two scripts of one page declaring the same global are reported, and the theme itself is clean", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "check-scripts-"));
  try {
    fs.writeFileSync(path.join(folder, "hoshi.js"), "function setUp() {}\nsetUp();\n");
    fs.writeFileSync(path.join(folder, "page.js"), "function setUp() {}\nsetUp();\n");
    assert.deepEqual(checkFolder(folder), [
      `${path.join(folder, "page.js")}:1:10: error: 'setUp' is also a global of ${path.join(folder, "hoshi.js")}, loaded on the same pages`,
    ]);
  } finally {
    fs.rmSync(folder, { recursive: true });
  }
  assert.deepEqual(checkFolder(path.join(__dirname, "../../templates/assets")), []);
});
