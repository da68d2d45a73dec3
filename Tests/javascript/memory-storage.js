// A localStorage stand-in for the page scripts' tests: the Storage methods they call, over a Map.
"use strict";

function memoryStorage() {
  const values = new Map();
  return {
    getItem: (key) => (values.has(key) ? values.get(key) : null),
    setItem: (key, value) => values.set(key, String(value)),
    removeItem: (key) => values.delete(key),
  };
}

module.exports = { memoryStorage };
