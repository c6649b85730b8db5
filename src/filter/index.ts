export { bySeverity, type Sifted } from './sifted.js';
export { filterByScores, type Thresholds } from './thresholds.js';
export { keepTopK } from './top-k.js';
export { requireAgreement } from './consensus.js';
export { mergeAcrossSlices } from './overlap.js';
