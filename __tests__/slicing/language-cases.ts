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
