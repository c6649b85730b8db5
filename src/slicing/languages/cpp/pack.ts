import type { LanguagePack } from '../../language-pack.js';
import { BUILD_FILES } from '../c/include-folders.js';
import { cppAdapter } from './adapter.js';

/**
 * C++: claims `.h` over C when C++ sources exist. `.inl`, `.ipp` and `.tcc` are C++'s alone (so
 * sources) and included like headers (so headers too).
 */
export const cppPack: LanguagePack = {
  id: 'cpp',
  name: 'C++',
  family: 'c',
  grammar: 'tree-sitter-cpp.wasm',
  queries: { structure: 'cpp/structure.scm', flow: 'cpp/flow.scm' },
  sourceExtensions: ['.cc', '.cpp', '.cxx', '.c++', '.cp', '.ipp', '.tcc', '.inl'],
  headerExtensions: ['.h', '.hh', '.hpp', '.hxx', '.h++', '.inl', '.ipp', '.tcc'],
  headerPriority: 2,
  manifests: BUILD_FILES,
  adapter: cppAdapter,
};
