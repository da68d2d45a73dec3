// Hoshi default theme: colour scheme toggle and phone navigation. Plain modern JavaScript, no libraries.
"use strict";

/** The scheme to switch to, given the stored choice and what the system prefers. */
function nextTheme(stored, systemPrefersDark) {
  const current = stored === "light" || stored === "dark" ? stored : (systemPrefersDark ? "dark" : "light");
  return current === "dark" ? "light" : "dark";
}

function readStoredTheme(storage) {
  try { return storage.getItem("hoshi-theme"); } catch { return null; }
}

function storeTheme(storage, theme) {
  try { storage.setItem("hoshi-theme", theme); } catch { /* storage may be disabled; the toggle still works for this page */ }
}

function setUpThemeToggle(document, window) {
  const button = document.getElementById("hoshi-theme-toggle");
  if (!button) return;
  const update = () => {
    const dark = document.documentElement.dataset.theme === "dark" ||
      (!document.documentElement.dataset.theme && window.matchMedia("(prefers-color-scheme: dark)").matches);
    button.setAttribute("aria-pressed", dark ? "true" : "false");
  };
  button.addEventListener("click", () => {
    const theme = nextTheme(readStoredTheme(window.localStorage), window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.dataset.theme = theme;
    storeTheme(window.localStorage, theme);
    update();
  });
  update();
}

function setUpNavigationToggle(document) {
  const button = document.getElementById("hoshi-menu-toggle");
  const navigation = document.getElementById("hoshi-navigation");
  if (!button || !navigation) return;
  const setOpen = (open) => {
    document.body.classList.toggle("nav-open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.setAttribute("aria-label", open ? "Hide navigation" : "Show navigation");
  };
  button.addEventListener("click", () => setOpen(!document.body.classList.contains("nav-open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("nav-open")) {
      setOpen(false);
      button.focus();
    }
  });
  navigation.addEventListener("click", (event) => {
    if (event.target.closest("a")) setOpen(false);
  });
}

if (typeof document !== "undefined") {
  setUpThemeToggle(document, window);
  setUpNavigationToggle(document);
}

if (typeof module !== "undefined") {
  module.exports = { nextTheme, readStoredTheme, storeTheme };
}
