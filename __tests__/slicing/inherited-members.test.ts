import { describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt } from './fixtures.js';

/**
 * A member a method uses may be its class's base's: the base's declaration is the one shown, and it
 * ends the search, so a same-named member of an unrelated class (`decoy`) is neither parsed nor shown.
 */
interface InheritedCase {
  language: string;
  base: Record<string, string>;
  head: Record<string, string>;
  at: { file: string; line: number };
  /** The base's declaration of the member, as the slice must show it (trimmed). */
  declaration: { file: string; line: string };
  decoy: string;
}

const CASES: InheritedCase[] = [
  {
    language: 'C++',
    base: {
      'src/base.h': 'class Base {\n protected:\n  int size_;\n};\n',
      'src/derived.h': '#include "base.h"\n\nclass Derived : public Base {\n public:\n  int Grow(int n);\n};\n',
      'src/derived.cc': '#include "derived.h"\n\nint Derived::Grow(int n) {\n  return n;\n}\n',
      'src/decoy.h': 'class Decoy {\n  int size_;\n};\n',
    },
    head: { 'src/derived.cc': '#include "derived.h"\n\nint Derived::Grow(int n) {\n  return size_ + n;\n}\n' },
    at: { file: 'src/derived.cc', line: 4 },
    declaration: { file: 'src/base.h', line: 'int size_;' },
    decoy: 'src/decoy.h',
  },
  {
    language: 'Java',
    base: {
      'src/main/java/app/Base.java': 'package app;\n\npublic class Base {\n  protected int size;\n}\n',
      'src/main/java/app/Derived.java': 'package app;\n\npublic class Derived extends Base {\n  int grow(int n) {\n    return n;\n  }\n}\n',
      'src/main/java/app/Decoy.java': 'package app;\n\npublic class Decoy {\n  protected int size;\n}\n',
    },
    head: {
      'src/main/java/app/Derived.java':
        'package app;\n\npublic class Derived extends Base {\n  int grow(int n) {\n    return size + n;\n  }\n}\n',
    },
    at: { file: 'src/main/java/app/Derived.java', line: 5 },
    declaration: { file: 'src/main/java/app/Base.java', line: 'protected int size;' },
    decoy: 'src/main/java/app/Decoy.java',
  },
  {
    language: 'Python',
    base: {
      'app/__init__.py': '',
      'app/base.py': 'class Base:\n    def __init__(self):\n        self.size = 0\n',
      'app/derived.py': 'from .base import Base\n\n\nclass Derived(Base):\n    def grow(self, n):\n        return n\n',
      'app/decoy.py': 'class Decoy:\n    def __init__(self):\n        self.size = 1\n',
    },
    head: { 'app/derived.py': 'from .base import Base\n\n\nclass Derived(Base):\n    def grow(self, n):\n        return self.size + n\n' },
    at: { file: 'app/derived.py', line: 6 },
    declaration: { file: 'app/base.py', line: 'self.size = 0' },
    decoy: 'app/decoy.py',
  },
];

describe.each(CASES)('a $language member inherited from a base class', (c) => {
  it('is shown from the base, and ends the search', async () => {
    const fixture = buildFixture(c.base, c.head);
    try {
      const result = await fixture.slice('left-flow');
      const slice = sliceAt(result, c.at.file, c.at.line);
      expect(linesIn(slice, c.declaration.file)).toContain(c.declaration.line);
      expect(result.slices.some((s) => s.sections.some((sec) => sec.file === c.decoy))).toBe(false);
    } finally {
      fixture.repo.cleanup();
    }
  });
});
