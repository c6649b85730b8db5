// Jest's TypeScript transformer: Node's own type stripping (node:module stripTypeScriptTypes, the
// same as running a .ts file with Node 24). Stripping replaces the types with spaces, so lines and
// columns stay where they were and stack traces need no source map; the few files with syntax that
// has to be rewritten (parameter properties) are transformed, with an inline source map. No type
// checking here: `npm run typecheck` does that. It takes a few milliseconds a file where ts-jest's
// transpileModule took some 50, and loads nothing into a test worker (ts-jest loaded TypeScript,
// about 0.3 s of CPU per worker).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { stripTypeScriptTypes } = require('node:module');

const SELF = createHash('sha256').update(readFileSync(module.filename)).update(process.version).digest('hex');

module.exports = {
  process(source, filename) {
    try {
      return { code: stripTypeScriptTypes(source, { mode: 'strip' }) };
    } catch (error) {
      if (error.code !== 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX') throw error;
      return { code: stripTypeScriptTypes(source, { mode: 'transform', sourceMap: true, sourceUrl: filename }) };
    }
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(SELF).update(filename).update('\0').update(source).digest('hex');
  },
};
