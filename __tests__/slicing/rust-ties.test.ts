import { describe, expect, it } from '@jest/globals';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

// Rust uses tied to their definitions through paths and imports (issue 33's recall): each case fails
// without the knowledge it names.
describe('Rust: uses tied through paths and imports', () => {
  const build = fixturesPerTest();

  it("an enum's variant is read through its enum, a type's path is a read of the type, a function and a unit struct read as values", async () => {
    const base = {
      'Cargo.toml': '[package]\nname = "app"\n',
      'src/lib.rs': 'pub mod ast;\npub mod ser;\n',
      'src/ast.rs': [
        'pub enum Style {',
        '    Struct,',
        '    Newtype,',
        '    Unit,',
        '}',
        '',
        'pub struct Container {',
        '    pub style: Style,',
        '}',
        '',
        'impl Container {',
        '    pub fn from_ast(style: Style) -> Container {',
        '        Container { style }',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/other.rs': 'pub enum Kind {\n    Unit,\n    Newtype,\n}\n\npub fn field_i(i: usize) -> usize {\n    i + 1\n}\n',
      'src/ser.rs': [
        'use crate::ast::{Container, Style};',
        '',
        'pub struct Marker;',
        '',
        'fn field_i(i: usize) -> usize {',
        '    i',
        '}',
        '',
        'pub fn serialize(style: Style, n: usize) -> usize {',
        '    let cont = Container::from_ast(style);',
        '    let names: Vec<usize> = (0..n).map(field_i).collect();',
        '    let _m = Some(&Marker);',
        '    match cont.style {',
        '        Style::Newtype => names.len(),',
        '        _ => 0,',
        '    }',
        '}',
        '',
      ].join('\n'),
    };
    const head = {
      'src/ser.rs': base['src/ser.rs']
        .replace('Style::Newtype => names.len(),', 'Style::Newtype => names.len() + 1,')
        .replace('(0..n).map(field_i)', '(1..n).map(field_i)')
        .replace('Some(&Marker)', 'Some(&Marker).is_some()')
        .replace('Container::from_ast(style);', 'Container::from_ast(style); // from the input'),
    };
    const f = build(base, head);
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      const shown = (line: number, file: string): string[] => linesIn(sliceAt(result, 'src/ser.rs', line), file);
      // `Style::Newtype`: the enum and its variant; not the same-named variant of another enum.
      expect(shown(14, 'src/ast.rs')).toEqual(expect.arrayContaining(['pub enum Style {', 'Newtype,']));
      expect(shown(14, 'src/other.rs')).toEqual([]);
      // `Container::from_ast`: the type its path names.
      expect(shown(10, 'src/ast.rs')).toContain('pub struct Container {');
      // `.map(field_i)`: the function of this file, not another file's; `&Marker`: the unit struct.
      expect(shown(11, 'src/ser.rs')).toContain('fn field_i(i: usize) -> usize {');
      expect(shown(11, 'src/other.rs')).toEqual([]);
      expect(shown(12, 'src/ser.rs')).toContain('pub struct Marker;');
    }
  });
  it("a loop over a slice parameter binds its elements' type: `field.attrs.skip()` is the element type's field and method", async () => {
    const base = {
      'Cargo.toml': '[package]\nname = "app"\n',
      'src/lib.rs': 'pub mod ast;\npub mod ser;\n',
      'src/ast.rs': [
        'pub struct Attrs {',
        '    pub skip: bool,',
        '}',
        '',
        'impl Attrs {',
        '    pub fn skip(&self) -> bool {',
        '        self.skip',
        '    }',
        '}',
        '',
        "pub struct Field<'a> {",
        '    pub attrs: Attrs,',
        "    pub name: &'a str,",
        '}',
        '',
      ].join('\n'),
      'src/other.rs': 'pub struct Other {\n    pub attrs: u8,\n}\n',
      'src/ser.rs': [
        'use crate::ast::Field;',
        '',
        'pub fn count(fields: &[Field]) -> usize {',
        '    let mut n = 0;',
        '    for field in fields {',
        '        if field.attrs.skip() {',
        '            n += 1;',
        '        }',
        '    }',
        '    for (i, field) in fields.iter().enumerate() {',
        '        n += i + field.name.len();',
        '    }',
        '    n',
        '}',
        '',
      ].join('\n'),
    };
    const head = {
      'src/ser.rs': base['src/ser.rs']
        .replace('if field.attrs.skip() {', 'if !field.attrs.skip() {')
        .replace('n += i + field.name.len();', 'n += i * field.name.len();'),
    };
    const f = build(base, head);
    const result = await f.slice('full-flow');
    const skip = linesIn(sliceAt(result, 'src/ser.rs', 6), 'src/ast.rs');
    expect(skip).toEqual(expect.arrayContaining(['pub attrs: Attrs,', 'pub fn skip(&self) -> bool {', 'self.skip']));
    expect(linesIn(sliceAt(result, 'src/ser.rs', 6), 'src/other.rs')).toEqual([]);
    expect(linesIn(sliceAt(result, 'src/ser.rs', 11), 'src/ast.rs')).toContain("pub name: &'a str,");
  });
});
