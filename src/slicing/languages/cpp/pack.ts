import type { LanguagePack } from '../../language-pack.js';
import { C_BUILTINS, cFamilyAdapter } from '../c/adapter.js';

/** Standard C++ names that never need a repository search. */
const CPP_BUILTINS = [
  ...C_BUILTINS, 'std', 'nullptr', 'this', 'string', 'vector', 'map', 'unordered_map', 'set', 'unordered_set', 'pair', 'tuple', 'array',
  'unique_ptr', 'shared_ptr', 'weak_ptr', 'make_unique', 'make_shared', 'move', 'forward', 'swap', 'min', 'max', 'size', 'begin', 'end',
  'push_back', 'emplace_back', 'empty', 'clear', 'insert', 'erase', 'find', 'count', 'data', 'get', 'reset', 'first', 'second', 'atomic', 'mutex',
  'lock_guard', 'unique_lock', 'function', 'optional', 'static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast', 'override', 'string_view',
];

/** C++: the C adapter (the grammar extends C's) with C++'s standard names; claims `.h` over C when C++ sources exist. */
export const cppPack: LanguagePack = {
  id: 'cpp',
  grammar: 'tree-sitter-cpp.wasm',
  queries: { structure: 'cpp/structure.scm', flow: 'cpp/flow.scm' },
  sourceExtensions: ['.cc', '.cpp', '.cxx', '.c++', '.cp', '.ipp', '.tcc', '.inl'],
  headerExtensions: ['.h', '.hh', '.hpp', '.hxx', '.h++'],
  headerPriority: 2,
  adapter: { ...cFamilyAdapter, builtins: new Set(CPP_BUILTINS) },
};
