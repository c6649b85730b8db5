import type { Slice } from '../../src/types.js';

/** An empty C slice seeded in `file`: all that guidance looks at when it picks a slice's rules and files. */
export const seedSlice = (id: string, file: string): Slice => ({
  id,
  language: 'C',
  algorithm: 'left-flow',
  requestedAlgorithm: 'left-flow',
  seed: { file, startLine: 1, endLine: 1 },
  sections: [],
  rendered: '',
  tokens: 0,
});
