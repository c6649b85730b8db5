import { describe, expect, it } from '@jest/globals';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

// Python uses tied to their definitions by imports, classes and declared types (issue 33's recall):
// each case fails without the knowledge it names.
describe('Python: uses tied through imports and types', () => {
  const build = fixturesPerTest();

  it('`from . import mod as m`: `m.X` and `m.f()` are what the submodule defines, not the package', async () => {
    const base = {
      'pkg/__init__.py': 'from .models import Model\n\nHookType = None\n',
      'pkg/_types.py': 'HookType = dict\n\n\ndef has_read(obj):\n    return hasattr(obj, "read")\n',
      'pkg/models.py': [
        'from . import _types as _t',
        '',
        '',
        'class Model:',
        '    def hook(self, h: _t.HookType, data):',
        '        return h',
        '',
      ].join('\n'),
    };
    const head = {
      'pkg/models.py': base['pkg/models.py'].replace('        return h', '        return h if _t.has_read(data) else None'),
    };
    const f = build(base, head);
    const slice = sliceAt(await f.slice('full-flow'), 'pkg/models.py', 6);
    expect(linesIn(slice, 'pkg/_types.py')).toEqual(['def has_read(obj):', 'return hasattr(obj, "read")']);
    expect(linesIn(slice, 'pkg/__init__.py')).toEqual([]);
    const annotated = {
      'pkg/models.py': base['pkg/models.py'].replace('h: _t.HookType, data', 'h: _t.HookType | None, data'),
    };
    const g = build(base, annotated);
    const types = sliceAt(await g.slice('full-flow'), 'pkg/models.py', 5);
    expect(linesIn(types, 'pkg/_types.py')).toEqual(['HookType = dict']);
    expect(linesIn(types, 'pkg/__init__.py')).toEqual([]);
  });
  it('an imported variable with a declared type, properties and methods read as attributes, and classes read as values', async () => {
    const base = {
      'app/__init__.py': '',
      'app/ctx.py': [
        'class Request:',
        '    @property',
        '    def blueprints(self) -> list:',
        '        return []',
        '',
        '',
        'class AppContext:',
        '    def __init__(self):',
        '        self._request = None',
        '',
        '    @property',
        '    def request(self) -> Request:',
        '        return self._request',
        '',
        '    def push(self):',
        '        return None',
        '',
      ].join('\n'),
      'app/decoy.py':
        'class Other:\n    @property\n    def request(self):\n        return 1\n\n    def _get_current_object(self):\n        return 2\n',
      'app/globals.py': [
        'import typing as t',
        '',
        'from .ctx import AppContext',
        '',
        'T = t.TypeVar("T")',
        '',
        '',
        'class ProxyMixin(t.Generic[T]):',
        '    def _get_current_object(self) -> T:',
        '        return self',
        '',
        '',
        'class AppContextProxy(ProxyMixin[AppContext], AppContext):',
        '    pass',
        '',
        '',
        'app_ctx: AppContextProxy = AppContextProxy()',
        '',
      ].join('\n'),
      'app/render.py': [
        'from .ctx import AppContext',
        'from .globals import app_ctx',
        '',
        '',
        'def render(ctx: AppContext, x):',
        '    names = ctx.request.blueprints',
        '    hooks = [ctx.push]',
        '    if isinstance(x, AppContext):',
        '        return app_ctx._get_current_object()',
        '    return names, hooks',
        '',
      ].join('\n'),
    };
    const head = {
      'app/render.py': base['app/render.py']
        .replace('ctx.request.blueprints', 'list(ctx.request.blueprints)')
        .replace('[ctx.push]', '[ctx.push, None]')
        .replace('isinstance(x, AppContext)', 'not isinstance(x, AppContext)')
        .replace('return app_ctx._get_current_object()', 'return (app_ctx._get_current_object(),)'),
    };
    const f = build(base, head);
    const result = await f.slice('full-flow');
    const shown = (line: number, file: string): string[] => linesIn(sliceAt(result, 'app/render.py', line), file);
    // `ctx.request` is AppContext's property, `.blueprints` the property of what it returns.
    expect(shown(6, 'app/ctx.py')).toEqual(expect.arrayContaining(['def request(self) -> Request:', 'def blueprints(self) -> list:']));
    // `ctx.push` read without a call is the method.
    expect(shown(7, 'app/ctx.py')).toContain('def push(self):');
    // A class read as a value is the class its import names.
    expect(shown(8, 'app/ctx.py')).toContain('class AppContext:');
    // `app_ctx` is an AppContextProxy: its method comes from the generic base ProxyMixin[AppContext].
    expect(shown(9, 'app/globals.py')).toEqual(expect.arrayContaining(['def _get_current_object(self) -> T:', 'return self']));
    for (const line of [6, 7, 8, 9]) expect(shown(line, 'app/decoy.py')).toEqual([]);
  });
  it("a nested function called by name shows its body in full-flow, as any callee's", async () => {
    const base = {
      'views.py': [
        'def stream(items):',
        '    def generate():',
        '        for item in items:',
        '            if item is None:',
        '                raise ValueError("no item")',
        '            yield item',
        '',
        '    return list(generate())',
        '',
      ].join('\n'),
    };
    const head = { 'views.py': base['views.py'].replace('return list(generate())', 'return tuple(generate())') };
    const f = build(base, head);
    const shown = linesIn(sliceAt(await f.slice('full-flow'), 'views.py', 8), 'views.py');
    expect(shown).toEqual(expect.arrayContaining(['def generate():', 'raise ValueError("no item")', 'yield item']));
  });
  it("a name means what the asking file binds it to: a module-level name of each changed file, a method beside a module of its name, a class of this function's", async () => {
    const base = {
      'app/__init__.py': '',
      'app/a.py': 'LIMIT = 1\n\n\ndef fa(x):\n    return x + LIMIT\n',
      'app/b.py': 'LIMIT = 2\n\n\ndef fb(x):\n    return x + LIMIT\n',
      'app/models.py': 'class Response:\n    def json(self):\n        return {}\n',
      'app/test_views.py': [
        'import json',
        '',
        'from .models import Response',
        '',
        '',
        'def test_one():',
        '    class Index:',
        '        pass',
        '',
        '    return Index',
        '',
        '',
        'def test_two():',
        '    class Index:',
        '        pass',
        '',
        '    r = Response()',
        '    return Index, r.json(), json',
        '',
      ].join('\n'),
    };
    const head = {
      'app/a.py': base['app/a.py'].replace('x + LIMIT', 'x - LIMIT'),
      'app/b.py': base['app/b.py'].replace('x + LIMIT', 'x - LIMIT'),
      'app/test_views.py': base['app/test_views.py'].replace('return Index, r.json(), json', 'return [Index, r.json(), json]'),
    };
    const f = build(base, head);
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect(linesIn(sliceAt(result, 'app/a.py', 5), 'app/a.py')).toContain('LIMIT = 1');
      expect(linesIn(sliceAt(result, 'app/b.py', 5), 'app/b.py')).toContain('LIMIT = 2');
      expect(linesIn(sliceAt(result, 'app/b.py', 5), 'app/b.py')).not.toContain('LIMIT = 1');
      const views = sliceAt(result, 'app/test_views.py', 18);
      // test_two's own class, not test_one's.
      expect(views.sections.filter((s) => s.file === 'app/test_views.py').flatMap((s) => s.lines.map((l) => l.new))).not.toContain(7);
      if (algorithm === 'full-flow') expect(linesIn(views, 'app/models.py')).toContain('def json(self):');
    }
  });
  it("`self.app = app` of a typed parameter: the field has the parameter's type, so `self.app.f()` is its class's method", async () => {
    const base = {
      'app/__init__.py': '',
      'app/flask.py': 'class Flask:\n    def do_teardown(self, exc):\n        return exc\n',
      'app/other.py': 'class Other:\n    def do_teardown(self, exc):\n        return None\n',
      'app/ctx.py': [
        'from .flask import Flask',
        '',
        '',
        'class AppContext:',
        '    def __init__(self, app: Flask, debug: bool | None = None) -> None:',
        '        self.app = app',
        '        self.debug = debug',
        '',
        '    def pop(self, exc):',
        '        self.app.do_teardown(exc)',
        '',
      ].join('\n'),
    };
    const head = { 'app/ctx.py': base['app/ctx.py'].replace('self.app.do_teardown(exc)', 'return self.app.do_teardown(exc)') };
    const f = build(base, head);
    const slice = sliceAt(await f.slice('full-flow'), 'app/ctx.py', 10);
    expect(linesIn(slice, 'app/flask.py')).toEqual(expect.arrayContaining(['def do_teardown(self, exc):', 'return exc']));
    expect(linesIn(slice, 'app/other.py')).toEqual([]);
  });
});
