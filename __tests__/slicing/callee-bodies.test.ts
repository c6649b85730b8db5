import { describe, expect, it } from '@jest/globals';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

// Full-flow shows a called function's body: whole when short; when long, the lines that leave it and
// those reading the parameters the call passes, with the lines above it that belong to it.
describe('callee bodies', () => {
  const build = fixturesPerTest();

  it('a long Python function: its overload stubs with their decorators, its doc line, the lines reading its parameters and its returns', async () => {
    const filler = Array.from({ length: 30 }, (_, i) => `    step${i} = ${i}`);
    const utils = [
      'from typing import overload',
      '',
      '',
      '@overload',
      'def iter_slices(string: str, slice_length: int | None) -> list: ...',
      '@overload',
      'def iter_slices(string: bytes, slice_length: int | None) -> list: ...',
      'def iter_slices(string, slice_length):',
      '    """Iterate over slices of a string."""',
      '    pos = 0',
      '    if slice_length is None or slice_length <= 0:',
      '        slice_length = len(string)',
      ...filler,
      '    out = []',
      '    while pos < len(string):',
      '        out.append(string[pos : pos + slice_length])',
      '        pos += slice_length',
      '    return out',
      '',
    ].join('\n');
    const base = {
      'utils.py': utils,
      'models.py': 'from utils import iter_slices\n\n\ndef chunks(content, chunk_size):\n    return iter_slices(content, chunk_size)\n',
    };
    const head = { 'models.py': base['models.py'].replace('iter_slices(content, chunk_size)', 'iter_slices(content, chunk_size - 1)') };
    const f = build(base, head);
    const shown = linesIn(sliceAt(await f.slice('full-flow'), 'models.py', 5), 'utils.py');
    expect(shown).toEqual(
      expect.arrayContaining([
        '@overload',
        'def iter_slices(string: str, slice_length: int | None) -> list: ...',
        'def iter_slices(string: bytes, slice_length: int | None) -> list: ...',
        'def iter_slices(string, slice_length):',
        '"""Iterate over slices of a string."""',
        'if slice_length is None or slice_length <= 0:',
        'out.append(string[pos : pos + slice_length])',
        'return out',
      ]),
    );
    expect(shown).not.toContain('step7 = 7');
    expect(shown.filter((l) => l === '@overload')).toHaveLength(2);
  });

  it('a short Go method comes whole; left-flow shows no callee body', async () => {
    const context = [
      'package gin',
      '',
      'type Context struct {',
      '\tErrors []error',
      '}',
      '',
      '// Error attaches an error to the current context.',
      'func (c *Context) Error(err error) error {',
      '\tif err == nil {',
      '\t\tpanic("err is nil")',
      '\t}',
      '\tc.Errors = append(c.Errors, err)',
      '\treturn err',
      '}',
      '',
    ].join('\n');
    const base = {
      'go.mod': 'module example.com/gin\n\ngo 1.22\n',
      'context.go': context,
      'recovery.go': 'package gin\n\nfunc recover(c *Context, e error) {\n\tc.Error(e)\n}\n',
    };
    const head = { 'recovery.go': base['recovery.go'].replace('\tc.Error(e)', '\t_ = c.Error(e)') };
    const f = build(base, head);
    const full = linesIn(sliceAt(await f.slice('full-flow'), 'recovery.go', 4), 'context.go');
    expect(full).toEqual(
      expect.arrayContaining([
        '// Error attaches an error to the current context.',
        'func (c *Context) Error(err error) error {',
        'panic("err is nil")',
        'c.Errors = append(c.Errors, err)',
        'return err',
      ]),
    );
    const left = linesIn(sliceAt(await f.slice('left-flow'), 'recovery.go', 4), 'context.go');
    expect(left).not.toContain('return err');
  });
});
