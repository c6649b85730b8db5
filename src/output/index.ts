/** Renderers of a review result for the CLI and the report: JSON, text and SARIF 2.1.0. */
export { findingBody } from './body.js';
export { formatJson, jsonPieces, writeJson } from './json.js';
export { formatText } from './text.js';
export { formatSarif } from './sarif.js';
