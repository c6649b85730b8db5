/**
 * One planted change per language pack, with what its slices must and must not hold: the
 * enclosing function's first line (parent-function), a local's declaration and earlier write
 * (left-flow), a callee's definition in another file reached through an import and a method's
 * definition reached through its receiver's type (full-flow), and a same-named definition elsewhere
 * in the repository that must not be chosen.
 */
export interface LanguageCase {
  language: string;
  base: Record<string, string>;
  /** Files changed in head (null deletes). */
  head: Record<string, string | null>;
  /** The changed line the slices are taken at. */
  at: { file: string; line: number };
  /** The first line of the function around the change (trimmed). */
  parentFirstLine: string;
  /** Lines (trimmed, `+` for added ones) left-flow must show, by file. */
  leftFlow: Record<string, string[]>;
  /** Lines full-flow must show, by file (left-flow's are implied). */
  fullFlow: Record<string, string[]>;
  /** Files no slice of the change may show (a same-named definition the change cannot reach). */
  unreachable: string[];
}

export const PYTHON_CASE: LanguageCase = {
  language: 'Python',
  base: {
    'app/__init__.py': '',
    'app/util.py': 'LIMIT = 10\n\n\ndef helper(x):\n    return x * 2\n',
    'other/__init__.py': '',
    'other/util.py': 'def helper(x):\n    return x + 1\n',
    'app/models.py': [
      'class Account:',
      '    def __init__(self, owner):',
      '        self.owner = owner',
      '        self.balance = 0',
      '',
      '    def deposit(self, amount):',
      '        self.balance += amount',
      '',
      '',
      'class Ledger:',
      '    def deposit(self, amount):',
      '        pass',
      '',
    ].join('\n'),
    'app/service.py': [
      'from .util import helper, LIMIT',
      'from .models import Account',
      '',
      '',
      'class Service:',
      '    def __init__(self, repo):',
      '        self.repo = repo',
      '        self.count = 0',
      '',
      '    @staticmethod',
      '    def handle(self, items):',
      '        total = 0',
      '        acct = Account("me")',
      '        for item in items:',
      '            total += helper(item)',
      '        if total > LIMIT:',
      '            self.count += 1',
      '        acct.deposit(total)',
      '        return total',
      '',
    ].join('\n'),
  },
  head: {
    'app/service.py': [
      'from .util import helper, LIMIT',
      'from .models import Account',
      '',
      '',
      'class Service:',
      '    def __init__(self, repo):',
      '        self.repo = repo',
      '        self.count = 0',
      '',
      '    @staticmethod',
      '    def handle(self, items):',
      '        total = 0',
      '        acct = Account("me")',
      '        for item in items:',
      '            total += helper(item)',
      '        if total > LIMIT:',
      '            self.count += 1',
      '        acct.deposit(helper(total) + self.count)',
      '        return total',
      '',
    ].join('\n'),
  },
  at: { file: 'app/service.py', line: 18 },
  parentFirstLine: '@staticmethod',
  leftFlow: {
    'app/service.py': ['def handle(self, items):', 'total = 0', 'acct = Account("me")', 'for item in items:', 'total += helper(item)', 'self.count += 1', 'self.count = 0', '+acct.deposit(helper(total) + self.count)'],
  },
  fullFlow: {
    'app/models.py': ['class Account:', 'def deposit(self, amount):'],
    'app/util.py': ['def helper(x):'],
  },
  unreachable: ['other/util.py'],
};

const JS_SERVICE = (changed: string): string =>
  [
    "import { helper, LIMIT } from './util.js';",
    "import { Account } from './models';",
    '',
    'export class Service {',
    '  constructor(repo) {',
    '    this.repo = repo;',
    '    this.count = 0;',
    '  }',
    '',
    '  handle(items) {',
    '    let total = 0;',
    "    const acct = new Account('me');",
    '    for (const item of items) {',
    '      total += helper(item);',
    '    }',
    '    if (total > LIMIT) {',
    '      this.count++;',
    '    }',
    `    ${changed}`,
    '    return total;',
    '  }',
    '}',
    '',
  ].join('\n');

export const JAVASCRIPT_CASE: LanguageCase = {
  language: 'JavaScript',
  base: {
    'src/util.js': 'export const LIMIT = 10;\n\nexport function helper(x) {\n  return x * 2;\n}\n',
    'other/util.js': 'export function helper(x) {\n  return x + 1;\n}\n',
    'src/models.js': [
      'export class Account {',
      '  constructor(owner) {',
      '    this.owner = owner;',
      '    this.balance = 0;',
      '  }',
      '',
      '  deposit(amount) {',
      '    this.balance += amount;',
      '  }',
      '}',
      '',
      'export class Ledger {',
      '  deposit(amount) {',
      '    return amount;',
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/service.js': JS_SERVICE('acct.deposit(total);'),
  },
  head: { 'src/service.js': JS_SERVICE('acct.deposit(helper(total) + this.count);') },
  at: { file: 'src/service.js', line: 19 },
  parentFirstLine: 'handle(items) {',
  leftFlow: {
    'src/service.js': ['handle(items) {', 'let total = 0;', "const acct = new Account('me');", 'for (const item of items) {', 'total += helper(item);', 'this.count++;', 'this.count = 0;', '+acct.deposit(helper(total) + this.count);'],
  },
  fullFlow: {
    'src/models.js': ['export class Account {', 'deposit(amount) {'],
    'src/util.js': ['export function helper(x) {'],
  },
  unreachable: ['other/util.js'],
};

const TS_RUN = (changed: string): string =>
  [
    "import { scale, Store } from '@lib/index';",
    "import type { Item } from '@lib/store';",
    '',
    'export function run(items: Item[], store: Store, factor = 2): number {',
    '  let sum = 0;',
    '  for (const item of items) {',
    '    sum += scale(factor);',
    '  }',
    `  ${changed}`,
    '  return sum;',
    '}',
    '',
  ].join('\n');

export const TYPESCRIPT_CASE: LanguageCase = {
  language: 'TypeScript',
  base: {
    // comments and trailing commas, as tsconfig.json allows
    'tsconfig.json': '{\n  // aliases\n  "compilerOptions": {\n    "baseUrl": ".",\n    "paths": { "@lib/*": ["src/lib/*"], },\n  },\n}\n',
    'src/lib/index.ts': "export * from './math.js';\nexport { Store } from './store';\n",
    'src/lib/math.ts': 'export function scale(x: number): number {\n  return x * 2;\n}\n',
    'src/lib/store.ts': [
      'export interface Item {',
      '  id: string;',
      '}',
      '',
      'export class Store {',
      '  private items: Item[] = [];',
      '',
      '  add(item: Item): void {',
      '    this.items.push(item);',
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/cart.ts': 'export class Cart {\n  add(item: unknown): void {\n    console.log(item);\n  }\n}\n',
    'legacy/math.ts': 'export function scale(x: number): number {\n  return x;\n}\n',
    'src/app.ts': TS_RUN('store.add(items[0]);'),
  },
  head: { 'src/app.ts': TS_RUN('store.add({ id: String(scale(sum)) });') },
  at: { file: 'src/app.ts', line: 9 },
  parentFirstLine: 'export function run(items: Item[], store: Store, factor = 2): number {',
  leftFlow: {
    'src/app.ts': ['export function run(items: Item[], store: Store, factor = 2): number {', 'let sum = 0;', 'sum += scale(factor);', '+store.add({ id: String(scale(sum)) });'],
  },
  fullFlow: {
    'src/lib/math.ts': ['export function scale(x: number): number {'],
    'src/lib/store.ts': ['export class Store {', 'add(item: Item): void {'],
  },
  unreachable: ['legacy/math.ts', 'src/cart.ts'],
};

const JAVA_SERVICE = (changed: string): string =>
  [
    'package com.acme.service;',
    '',
    'import com.acme.model.Account;',
    'import static com.acme.util.Strings.pad;',
    'import static com.acme.util.Strings.LIMIT;',
    '',
    'public class Service {',
    '    private final Repo repo;',
    '    private int count;',
    '',
    '    public Service(Repo repo) {',
    '        this.repo = repo;',
    '        this.count = 0;',
    '    }',
    '',
    '    @Override',
    '    public int handle(List<String> items) {',
    '        int total = 0;',
    '        Account acct = new Account("me");',
    '        for (String item : items) {',
    '            total += pad(item).length();',
    '        }',
    '        if (total > LIMIT) {',
    '            this.count += 1;',
    '        }',
    changed,
    '        return total;',
    '    }',
    '',
    '    private int scale(int x) {',
    '        return x * 2;',
    '    }',
    '}',
    '',
  ].join('\n');

export const JAVA_CASE: LanguageCase = {
  language: 'Java',
  base: {
    'src/main/java/com/acme/util/Strings.java': [
      'package com.acme.util;',
      '',
      'public final class Strings {',
      '    public static final int LIMIT = 10;',
      '',
      '    public static String pad(String s) {',
      '        return " " + s;',
      '    }',
      '}',
      '',
    ].join('\n'),
    'src/main/java/com/other/util/Strings.java': [
      'package com.other.util;',
      '',
      'public final class Strings {',
      '    public static String pad(String s) {',
      '        return s + " ";',
      '    }',
      '}',
      '',
    ].join('\n'),
    'src/main/java/com/acme/model/Account.java': [
      'package com.acme.model;',
      '',
      'public class Account {',
      '    private final String owner;',
      '    private int balance;',
      '',
      '    public Account(String owner) {',
      '        this.owner = owner;',
      '    }',
      '',
      '    public void deposit(int amount) {',
      '        balance += amount;',
      '    }',
      '}',
      '',
    ].join('\n'),
    'src/main/java/com/acme/model/Ledger.java': ['package com.acme.model;', '', 'public class Ledger {', '    public void deposit(int amount) {', '    }', '}', ''].join('\n'),
    'src/main/java/com/acme/other/Scaler.java': ['package com.acme.other;', '', 'public class Scaler {', '    public int scale(int x) {', '        return x * 3;', '    }', '}', ''].join('\n'),
    'src/main/java/com/acme/service/Repo.java': ['package com.acme.service;', '', 'class Repo {', '    void save(Object o) {', '    }', '}', ''].join('\n'),
    'src/main/java/com/acme/service/Service.java': JAVA_SERVICE('        acct.deposit(total + this.count);'),
  },
  head: {
    'src/main/java/com/acme/service/Service.java': JAVA_SERVICE('        acct.deposit(scale(total) + this.count + pad("x").length()); repo.save(acct);'),
  },
  at: { file: 'src/main/java/com/acme/service/Service.java', line: 26 },
  parentFirstLine: '@Override',
  leftFlow: {
    'src/main/java/com/acme/service/Service.java': [
      'public int handle(List<String> items) {',
      'int total = 0;',
      'Account acct = new Account("me");',
      'total += pad(item).length();',
      'this.count += 1;',
      'private int count;',
      'private final Repo repo;',
      '+acct.deposit(scale(total) + this.count + pad("x").length()); repo.save(acct);',
    ],
  },
  fullFlow: {
    'src/main/java/com/acme/service/Service.java': ['private int scale(int x) {'],
    'src/main/java/com/acme/model/Account.java': ['public class Account {', 'public void deposit(int amount) {'],
    'src/main/java/com/acme/util/Strings.java': ['public static String pad(String s) {'],
    'src/main/java/com/acme/service/Repo.java': ['void save(Object o) {'],
  },
  unreachable: ['src/main/java/com/other/util/Strings.java', 'src/main/java/com/acme/model/Ledger.java', 'src/main/java/com/acme/other/Scaler.java'],
};
