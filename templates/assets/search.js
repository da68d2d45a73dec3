// Hoshi default theme: instant search over the build-time index (assets/search-index.js, which sets
// `hoshiSearchIndex`; its format is described in Sources/HoshiSite/Search/SearchIndex.swift), loaded with a
// script tag on first use of the search box, so pages do not pay for it. Plain modern JavaScript, no libraries. Index text reaches the page only through textContent, never as HTML.
"use strict";

// MARK: - Tokenising (the same rules as SearchTokenizer.swift; change both together)

/** Han, Hiragana, Katakana and Hangul: indexed as character bigrams because they have no spaces. */
const CJK = /[\u1100-\u11FF\u3040-\u30FF\u3130-\u318F\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF66-\uFF9F\u{20000}-\u{2FA1F}]/u;
const WORD = /[\p{L}\p{N}]/u;

/** Decomposed, combining marks removed, lower-cased: "Élan" -> "elan". */
function fold(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The terms of `text`: runs of letters and numbers; CJK runs as overlapping bigrams (a lone CJK character
 * is its own term). With `keepShort`, single letters are kept (a query's last word while it is typed).
 */
function tokenize(text, keepShort = false) {
  const terms = [];
  let word = "";
  let cjk = [];
  const finishWord = () => {
    if ([...word].length > 1 || (keepShort && word)) terms.push(word);
    word = "";
  };
  const finishCJK = () => {
    if (cjk.length === 1) terms.push(cjk[0]);
    for (let i = 0; i + 1 < cjk.length; i++) terms.push(cjk[i] + cjk[i + 1]);
    cjk = [];
  };
  for (const character of fold(text)) {
    if (CJK.test(character) && WORD.test(character)) {
      finishWord();
      cjk.push(character);
    } else if (WORD.test(character)) {
      finishCJK();
      word += character;
    } else {
      finishWord();
      finishCJK();
    }
  }
  finishWord();
  finishCJK();
  return terms;
}

/**
 * What to look for: whole `words`, and the `prefix` of the last word when the query ends inside it (the
 * reader is still typing). Stop words and single letters are left out, as the index leaves them out.
 */
function parseQuery(query, stopWords = new Set()) {
  const typing = /[\p{L}\p{N}]$/u.test(query);
  const terms = tokenize(query, true);
  const prefix = typing && terms.length > 0 ? terms.pop() : null;
  const words = [...new Set(terms.filter((term) => ([...term].length > 1 || CJK.test(term)) && !stopWords.has(term)))];
  return { words, prefix: prefix && !words.includes(prefix) ? prefix : null };
}

// MARK: - Decoding the index

const FINAL_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";
const LEADING_DIGITS = "!#$%&'()*+./:;=>?@[]^`{|}~";
const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** "0go,2ban,2te" -> ["go", "goban", "gote"]: each entry is a shared-prefix length and the rest. */
function decodeTerms(encoded) {
  const terms = [];
  let previous = "";
  for (const entry of encoded ? encoded.split(",") : []) {
    previous = previous.slice(0, PREFIX_DIGITS.indexOf(entry[0])) + entry.slice(1);
    terms.push(previous);
  }
  return terms;
}

/** "31AY" -> [3, 4, 40, 100]: the first target number, then gaps, base 64 with base-26 leading digits. */
function decodePostings(encoded) {
  const targets = [];
  let value = 0;
  let previous = 0;
  for (const character of encoded) {
    const leading = LEADING_DIGITS.indexOf(character);
    if (leading >= 0) {
      value = value * 26 + leading;
      continue;
    }
    value = value * 64 + FINAL_DIGITS.indexOf(character);
    previous = targets.length === 0 ? value : previous + value;
    targets.push(previous);
    value = 0;
  }
  return targets;
}

/** `(a-b)` ASCII slugs, as AnchorIdentifier.slug makes them; the index writes 0 for such ids. */
function slug(title) {
  let result = "";
  let pending = false;
  for (const character of title.toLowerCase()) {
    if (/[a-z0-9]/.test(character)) {
      if (pending && result) result += "-";
      pending = false;
      result += character;
    } else if (character !== "'") {
      pending = true;
    }
  }
  return result || "section";
}

/** The raw index object as a searchable structure. */
function decodeIndex(raw) {
  const pages = raw.pages.map(([path, title, textFile]) => ({ path, title, textFile }));
  const targets = raw.targets.map(([page, id, title, excerpt], number) => {
    const anchor = id === 0 ? slug(title) : id;
    return {
      number,
      page,
      pageTitle: pages[page].title,
      title: title || pages[page].title,
      isPage: !anchor,
      url: anchor ? `${pages[page].path}#${anchor}` : pages[page].path,
      excerpt,
    };
  });
  const postings = raw.postings ? raw.postings.split(",") : [];
  // A target's position among its page's targets: the page's snippet text file lists them in that order.
  const seen = new Map();
  for (const target of targets) {
    target.position = seen.get(target.page) || 0;
    seen.set(target.page, target.position + 1);
  }
  return { pages, targets, terms: decodeTerms(raw.terms), postings, decoded: new Map(),
           stopWords: new Set(raw.stopWords ? raw.stopWords.split(" ") : []), titleTerms: new Map(),
           textFolder: raw.texts || "" };
}

// MARK: - Searching and ranking

/** Index of the first term not less than `word` (terms are sorted by UTF-16 units, as `<` compares). */
function lowerBound(terms, word) {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (terms[middle] < word) low = middle + 1; else high = middle;
  }
  return low;
}

function postingsOf(index, termNumber) {
  let targets = index.decoded.get(termNumber);
  if (!targets) {
    targets = decodePostings(index.postings[termNumber]);
    index.decoded.set(termNumber, targets);
  }
  return targets;
}

/** Target numbers holding `word`, or any term starting with it when `isPrefix` (at most 100 terms). */
function targetsMatching(index, word, isPrefix) {
  const found = new Set();
  let position = lowerBound(index.terms, word);
  if (!isPrefix) {
    if (index.terms[position] === word) for (const target of postingsOf(index, position)) found.add(target);
    return found;
  }
  for (let count = 0; position < index.terms.length && index.terms[position].startsWith(word) && count < 100; position++, count++) {
    for (const target of postingsOf(index, position)) found.add(target);
  }
  return found;
}

function titleTermsOf(index, key, title) {
  let terms = index.titleTerms.get(key);
  if (!terms) {
    terms = tokenize(title);
    index.titleTerms.set(key, terms);
  }
  return terms;
}

/**
 * What one query term is worth to a result, by the rule readers expect: an exact word outranks a word
 * that merely starts with what is typed ("ko" finds pages about ko before "komi" and "Korean"), and within
 * each, the result's own title (the page title or its heading) outranks its text. Each step is worth more
 * than everything below it together, so for one term the order is strict; a section of a page whose title
 * holds the term gets a small bonus, and so does a term found only in that page title.
 */
const RANK = { exactTitle: 16, exactText: 4, prefixTitle: 2, prefixText: 1, pageTitle: 0.5 };

/** How `terms` (a title's) hold `word`: "exact", "prefix" (a longer word starting with it) or null. */
function titleMatch(terms, word, isPrefix) {
  if (terms.includes(word)) return "exact";
  return isPrefix && terms.some((term) => term.startsWith(word)) ? "prefix" : null;
}

/**
 * Ranked results for `query`, best first: every word must occur (AND), in the target or in its page's
 * title; the last word also matches as a prefix while it is typed. Ties keep site order. Returns
 * [{ target, score, terms }], every match (the page shows them a batch at a time).
 */
function search(index, query) {
  const { words, prefix } = parseQuery(query, index.stopWords);
  const queryTerms = words.map((word) => ({ word, isPrefix: false }));
  if (prefix) queryTerms.push({ word: prefix, isPrefix: true });
  if (queryTerms.length === 0) return [];
  const exactHits = queryTerms.map(({ word }) => targetsMatching(index, word, false));
  const prefixHits = queryTerms.map(({ word, isPrefix }, i) => (isPrefix ? targetsMatching(index, word, true) : exactHits[i]));
  const results = [];
  for (const target of index.targets) {
    let score = 0;
    let ownHits = 0;
    for (let i = 0; i < queryTerms.length; i++) {
      const { word, isPrefix } = queryTerms[i];
      const inPageTitle = titleMatch(titleTermsOf(index, `p${target.page}`, target.pageTitle), word, isPrefix);
      const pageTitleBonus = inPageTitle === "exact" ? RANK.pageTitle : inPageTitle ? RANK.pageTitle / 2 : 0;
      let rank = 0;
      if (prefixHits[i].has(target.number)) {
        ownHits++;
        const inTitle = titleMatch(titleTermsOf(index, `t${target.number}`, target.title), word, isPrefix);
        rank = exactHits[i].has(target.number) ? RANK.exactText : RANK.prefixText;
        if (inTitle === "exact") rank = RANK.exactTitle;
        else if (inTitle === "prefix") rank = Math.max(rank, RANK.prefixTitle);
        if (!target.isPage) rank += pageTitleBonus;
      } else if (inPageTitle) {
        rank = pageTitleBonus;
      } else {
        score = -1;
        break;
      }
      score += rank;
    }
    if (score >= 0 && ownHits > 0) results.push({ target, score, terms: queryTerms });
  }
  results.sort((a, b) => b.score - a.score || a.target.number - b.target.number);
  return results;
}

// MARK: - Snippets

/**
 * `text` as [{ text, hit }] pieces, `hit` for the words matching `terms` ([{ word, isPrefix }]), so the page
 * can wrap them in <mark> through textContent. Long text is cut to about `maxLength` characters around the
 * first whole-word hit (the first hit when every hit only starts with a typed prefix), as results rank.
 */
function makeSnippet(text, terms, maxLength = 160) {
  const ranges = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = fold(match[0]);
    if (CJK.test(match[0])) {
      for (const { word } of terms) {
        if (!CJK.test(word)) continue;
        const at = folded.indexOf(word);
        if (at < 0) continue;
        // Folding keeps the length of Han and kana; for anything else mark the whole run.
        const sameLength = folded.length === match[0].length;
        ranges.push(sameLength ? [match.index + at, match.index + at + word.length, true] : [match.index, match.index + match[0].length, true]);
      }
    } else if (terms.some(({ word, isPrefix }) => (isPrefix ? folded.startsWith(word) : folded === word))) {
      ranges.push([match.index, match.index + match[0].length, terms.some(({ word }) => folded === word)]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let start = 0;
  let end = text.length;
  if (text.length > maxLength) {
    const anchor = ranges.find(([, , whole]) => whole) || ranges[0];
    start = anchor ? Math.max(0, anchor[0] - Math.floor(maxLength / 3)) : 0;
    end = Math.min(text.length, start + maxLength);
  }
  const pieces = [];
  const push = (piece, hit) => {
    if (piece) pieces.push({ text: piece, hit });
  };
  if (start > 0) push("…", false);
  let position = start;
  for (const [from, to] of ranges) {
    if (to <= position || from >= end) continue;
    push(text.slice(position, Math.max(from, position)), false);
    push(text.slice(Math.max(from, position), Math.min(to, end)), true);
    position = Math.min(to, end);
  }
  push(text.slice(position, end), false);
  if (end < text.length) push("…", false);
  return pieces;
}

// MARK: - The search box

function appendPieces(element, pieces, document) {
  for (const piece of pieces) {
    if (piece.hit) {
      const mark = document.createElement("mark");
      mark.textContent = piece.text;
      element.append(mark);
    } else {
      element.append(document.createTextNode(piece.text));
    }
  }
}

/** Results the list shows at first, and how many more each "Show more" adds. */
const FIRST_RESULTS = 10;
const MORE_RESULTS = 20;

/** What the status line above the results says. */
function resultCountText(shown, total) {
  if (total === 0) return "No results";
  if (shown < total) return `${shown} of ${total} results`;
  return total === 1 ? "1 result" : `${total} results`;
}

/**
 * The search box. The index is loaded by a script tag added on first use of the box (focus or typing), not
 * by every page: `script.dataset.searchIndex` names it. A theme whose pages load the index themselves
 * (`hoshiSearchIndex` already set) works too. What the reader types before the index arrives is searched
 * when it does.
 */
function setUpSearch(document, window, script) {
  const input = document.getElementById("hoshi-search");
  const panel = document.getElementById("hoshi-search-panel");
  const status = document.getElementById("hoshi-search-status");
  const list = document.getElementById("hoshi-search-results");
  const indexURL = script && script.dataset ? script.dataset.searchIndex : null;
  if (!input || !panel || !status || !list || !(window.hoshiSearchIndex || indexURL)) return;
  const box = input.closest(".search");
  box.hidden = false;
  const root = document.body.dataset.root || "";
  let index = null;
  let loadState = window.hoshiSearchIndex ? "loaded" : "not loaded";
  let active = -1;
  // The results of the query shown, all of them, and how many the list shows.
  let current = { query: null, results: [] };
  let shown = FIRST_RESULTS;

  const loadIndex = () => {
    if (loadState !== "not loaded") return;
    loadState = "loading";
    const element = document.createElement("script");
    element.src = indexURL;
    element.addEventListener("load", () => {
      loadState = window.hoshiSearchIndex ? "loaded" : "failed";
      if (!panel.hidden) render();
    });
    element.addEventListener("error", () => {
      loadState = "failed";
      if (!panel.hidden) render();
    });
    document.head.append(element);
  };
  const ready = () => {
    if (!index && loadState === "loaded") index = decodeIndex(window.hoshiSearchIndex);
    return index !== null;
  };

  // Full section texts, loaded per page only for pages that appear in results (see SearchIndex.swift),
  // by the name of the page's text file.
  const texts = new Map();
  const requested = new Set();
  const requestTexts = (page) => {
    const name = index.pages[page].textFile;
    if (!name || requested.has(name) || !index.textFolder) return;
    requested.add(name);
    const element = document.createElement("script");
    element.src = `${root}${index.textFolder}/${name}.js`;
    document.head.append(element);
  };
  window.hoshiSearchText = (name, pageTexts) => {
    texts.set(name, pageTexts);
    if (!panel.hidden) {
      const selected = active;
      render();
      setActive(selected);
    }
  };

  const options = () => [...list.querySelectorAll("[role=option]")];
  const setActive = (number) => {
    const items = options();
    active = items.length ? (number + items.length) % items.length : -1;
    items.forEach((item, i) => item.setAttribute("aria-selected", i === active ? "true" : "false"));
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", items[active].id);
      items[active].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };
  const close = () => {
    panel.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const showPanel = (message, hasResults) => {
    status.textContent = message;
    list.hidden = !hasResults;
    panel.hidden = false;
    input.setAttribute("aria-expanded", hasResults ? "true" : "false");
  };
  const resultItem = ({ target, terms }, number) => {
    const item = document.createElement("li");
    item.id = `hoshi-search-result-${number}`;
    item.setAttribute("role", "option");
    const link = document.createElement("a");
    link.href = root + target.url;
    link.tabIndex = -1;
    const title = document.createElement("span");
    title.className = "search-result-title";
    appendPieces(title, makeSnippet(target.title, terms), document);
    link.append(title);
    if (!target.isPage) {
      const page = document.createElement("span");
      page.className = "search-result-page";
      page.textContent = target.pageTitle;
      link.append(page);
    }
    const pageTexts = texts.get(index.pages[target.page].textFile);
    const text = pageTexts ? pageTexts[target.position] : target.excerpt;
    if (!pageTexts) requestTexts(target.page);
    if (text) {
      const snippet = document.createElement("span");
      snippet.className = "search-result-snippet";
      appendPieces(snippet, makeSnippet(text, terms), document);
      link.append(snippet);
    }
    item.append(link);
    return item;
  };
  const moreItem = (remaining) => {
    const item = document.createElement("li");
    item.id = "hoshi-search-more";
    item.className = "search-more";
    item.setAttribute("role", "option");
    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1;
    button.textContent = `Show ${Math.min(MORE_RESULTS, remaining)} more (${remaining} not shown)`;
    item.append(button);
    return item;
  };
  const render = () => {
    const query = input.value;
    list.replaceChildren();
    if (!query.trim()) return close();
    if (!ready()) {
      loadIndex();
      active = -1;
      input.removeAttribute("aria-activedescendant");
      return showPanel(loadState === "failed" ? "The search index could not be loaded." : "Loading the search index…", false);
    }
    if (current.query !== query) {
      current = { query, results: search(index, query) };
      shown = FIRST_RESULTS;
    }
    const { results } = current;
    const visible = results.slice(0, shown);
    visible.forEach((result, number) => list.append(resultItem(result, number)));
    if (visible.length < results.length) list.append(moreItem(results.length - visible.length));
    showPanel(resultCountText(visible.length, results.length), visible.length > 0);
    setActive(visible.length ? 0 : -1);
  };
  const showMore = () => {
    const first = Math.min(shown, current.results.length);
    shown += MORE_RESULTS;
    render();
    setActive(first);
  };
  const open = (item) => {
    if (item && item.classList.contains("search-more")) return showMore();
    const link = item && item.querySelector("a");
    if (!link) return;
    close();
    window.location.href = link.href;
  };

  input.addEventListener("input", render);
  input.addEventListener("focus", () => {
    loadIndex();
    if (input.value.trim()) render();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (panel.hidden) render(); // reopens with the first result selected
      else setActive(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(options()[Math.max(active, 0)]);
    } else if (event.key === "Escape") {
      event.preventDefault(); // Chrome would clear a type=search box; the first Escape only closes the list
      event.stopPropagation();
      if (!panel.hidden) close(); else { input.value = ""; input.blur(); }
    }
  });
  list.addEventListener("mousemove", (event) => {
    const item = event.target.closest("[role=option]");
    if (item) setActive(options().indexOf(item));
  });
  // The "Show more" button keeps the focus in the box, so the keys go on working.
  list.addEventListener("mousedown", (event) => {
    if (event.target.closest(".search-more")) event.preventDefault();
  });
  list.addEventListener("click", (event) => {
    if (event.target.closest(".search-more")) showMore();
    else if (event.target.closest("a")) close();
  });
  document.addEventListener("click", (event) => {
    // The path as dispatched: "Show more" replaces the clicked button before this runs.
    if (!event.composedPath().includes(box)) close();
  });
  document.addEventListener("keydown", (event) => {
    const editing = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (event.key === "/" && !editing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
}

if (typeof document !== "undefined") {
  setUpSearch(document, window, document.currentScript);
}

if (typeof module !== "undefined") {
  module.exports = { fold, tokenize, parseQuery, decodeTerms, decodePostings, slug, decodeIndex, search, makeSnippet, resultCountText };
}
