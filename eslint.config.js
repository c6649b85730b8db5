import js from '@eslint/js';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, from the top down (docs/architecture.md draws them). Each layer holds one or
 * more rooms: folders or files under src/. A file may import any room of its own layer (unless the
 * layer keeps its rooms apart, as the two shells are) and of the layers below it, never one above.
 * A room inside another keeps its own layer.
 */
export const LAYERS = [
  { layer: 'shells', rooms: ['action', 'cli'], apart: true },
  { layer: 'flows', rooms: ['flows'] },
  // Evaluation measures the engine: it builds cases with the engine's file selection and scores its stages.
  { layer: 'eval', rooms: ['eval'] },
  { layer: 'engine', rooms: ['engine'] },
  // The stages, from the last of the pipeline down to the first: a stage uses what earlier ones made.
  { layer: 'publish', rooms: ['publish'] },
  { layer: 'output', rooms: ['output'] },
  { layer: 'gate', rooms: ['gate'] },
  { layer: 'review', rooms: ['review'] },
  { layer: 'filter', rooms: ['filter'] },
  { layer: 'guidance', rooms: ['guidance'] },
  { layer: 'slicing', rooms: ['slicing'] },
  { layer: 'diff', rooms: ['diff'] },
  { layer: 'config', rooms: ['config'] },
  // The shared leaves.
  { layer: 'safety', rooms: ['safety'] },
  { layer: 'git', rooms: ['git'] },
  { layer: 'support', rooms: ['support'] },
  { layer: 'types', rooms: ['types.ts'] },
];

const inside = (room, outer) => room.startsWith(`${outer}/`);

/**
 * The zones of import-x/no-restricted-paths that say what LAYERS says: no room may import a room
 * of a layer above its own, nor another room of its own layer when that layer keeps them apart;
 * rooms it may import that lie inside a forbidden one stay allowed.
 */
export function layerZones(layers) {
  const rooms = layers.flatMap((l, rank) => l.rooms.map((room) => ({ room, rank, layer: l.layer, apart: l.apart === true })));
  const mayImport = (from, to) => from.room === to.room || to.rank > from.rank || (to.rank === from.rank && !from.apart);
  return rooms.flatMap((target) =>
    rooms
      .filter((from) => !mayImport(target, from))
      .map((from) => {
        const except = rooms
          .filter((lower) => inside(lower.room, from.room) && mayImport(target, lower))
          .map((lower) => `./${path.relative(from.room, lower.room)}`);
        const why = from.rank === target.rank ? `both are ${target.layer}, kept apart` : `${from.layer} is a layer above ${target.layer}`;
        return {
          target: `src/${target.room}`,
          from: `src/${from.room}`,
          ...(except.length > 0 ? { except } : {}),
          message: `src/${target.room} may not import src/${from.room}: ${why} (see docs/architecture.md).`,
        };
      }),
  );
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist.building-*/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs', '**/*.d.cts'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The layers above, and no import circles anywhere in src/. Imports resolve as TypeScript's
  // NodeNext resolves them: './x.js' names './x.ts'.
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones(LAYERS) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
