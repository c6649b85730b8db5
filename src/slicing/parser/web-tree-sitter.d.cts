import wts = require('web-tree-sitter');
export = wts;
