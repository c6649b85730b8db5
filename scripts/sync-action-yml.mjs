// Regenerates action.yml, keybug.schema.json (the config file's JSON Schema) and
// keybug-learnings.schema.json (the learnings file's) from the code (src/config/inputs.ts,
// src/config/schema.ts, src/config/learnings-schema.ts and src/action/metadata.ts), so the inputs, defaults,
// descriptions, outputs and config keys never drift. Run: npm run sync-docs (which
// then writes docs/inputs.md from action.yml). A test fails when either file is stale.
// The few modules involved are transpiled on their own (no type-check, no bundling): it takes a second.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { root } from './ncc.mjs';

const MODULES = [
  'src/action/metadata.ts',
  'src/config/inputs.ts',
  'src/config/precedence.ts',
  'src/config/settings.ts',
  'src/config/schema.ts',
  'src/config/learnings-schema.ts',
  'src/config/naming.ts',
  'src/types.ts',
];

const out = mkdtempSync(path.join(tmpdir(), 'keybug-action-yml-'));
try {
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  for (const file of MODULES) {
    const { outputText } = ts.transpileModule(readFileSync(path.join(root, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    });
    const target = path.join(out, file.replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  const { renderActionYml } = await import(pathToFileURL(path.join(out, 'src/action/metadata.js')).href);
  writeFileSync(path.join(root, 'action.yml'), renderActionYml());
  const { configSchema } = await import(pathToFileURL(path.join(out, 'src/config/schema.js')).href);
  writeFileSync(path.join(root, 'keybug.schema.json'), JSON.stringify(configSchema(), null, 2) + '\n');
  const { learningsSchema } = await import(pathToFileURL(path.join(out, 'src/config/learnings-schema.js')).href);
  writeFileSync(path.join(root, 'keybug-learnings.schema.json'), JSON.stringify(learningsSchema(), null, 2) + '\n');
  console.log('action.yml, keybug.schema.json and keybug-learnings.schema.json regenerated');
} finally {
  rmSync(out, { recursive: true, force: true });
}
