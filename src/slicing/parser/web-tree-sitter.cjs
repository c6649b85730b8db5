// Loads web-tree-sitter's CommonJS build. Its ESM build does `await import("module")`, which
// ncc's ESM output rewrites into a call that crashes at run time; the CJS build has no such import.
module.exports = require('web-tree-sitter');
