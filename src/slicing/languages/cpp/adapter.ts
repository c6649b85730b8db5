import type { LanguageAdapter } from '../../language-pack.js';
import { C_BUILTINS, cFamilyAdapter } from '../c/adapter.js';

/**
 * GoogleTest's and gMock's macros, which most C++ test files are made of: their definitions (in a
 * vendored gtest.h, if anywhere) tell a reviewer nothing, and searching for them costs parses.
 */
const GTEST_MACROS = [
  'TEST', 'TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P', 'INSTANTIATE_TEST_SUITE_P', 'INSTANTIATE_TEST_CASE_P', 'EXPECT_CALL', 'ON_CALL', 'SCOPED_TRACE',
  ...['ASSERT', 'EXPECT'].flatMap((kind) =>
    ['TRUE', 'FALSE', 'EQ', 'NE', 'LT', 'LE', 'GT', 'GE', 'STREQ', 'STRNE', 'STRCASEEQ', 'STRCASENE', 'NEAR', 'FLOAT_EQ', 'DOUBLE_EQ', 'THROW', 'NO_THROW', 'ANY_THROW', 'DEATH', 'THAT'].map((check) => `${kind}_${check}`),
  ),
];

/** Standard C++ names that never need a repository search. */
const CPP_BUILTINS = [
  ...C_BUILTINS, 'std', 'nullptr', 'this', 'string', 'vector', 'map', 'unordered_map', 'set', 'unordered_set', 'pair', 'tuple', 'array',
  'unique_ptr', 'shared_ptr', 'weak_ptr', 'make_unique', 'make_shared', 'move', 'forward', 'swap', 'min', 'max', 'size', 'begin', 'end',
  'push_back', 'emplace_back', 'empty', 'clear', 'insert', 'erase', 'find', 'count', 'data', 'get', 'reset', 'first', 'second', 'atomic', 'mutex',
  'lock_guard', 'unique_lock', 'function', 'optional', 'static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast', 'override', 'string_view',
  // Keywords a query can take for a name (`= default;`, `= delete;`).
  'default', 'delete',
  ...GTEST_MACROS,
];

/** `a::B<c::D<e>>::f` → ['a', 'B', 'f']: template arguments (nested too) dropped, then split on `::`. */
function components(name: string): string[] {
  let bare = name;
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  return bare.split('::').map((part) => part.replace(/<.*$/, '').trim());
}

/** C++: the C adapter (the grammar extends C's) with qualified names and C++'s standard names. */
export const cppAdapter: LanguageAdapter = {
  ...cFamilyAdapter,
  lastComponent(name) {
    return components(name).at(-1) ?? name;
  },
  qualifierOf(name) {
    const qualifier = components(name).at(-2);
    return qualifier ? qualifier : null;
  },
  builtins: new Set(CPP_BUILTINS),
  selfNames: new Set(['this']),
  implicitSelf: true,
};
