import type { LanguageAdapter } from '../../language-pack.js';
import { cFamilyAdapter } from '../c/adapter.js';
import { withPackData } from '../../pack-data.js';

/** `a::B<c::D<e>>::f` → ['a', 'B', 'f']: template arguments (nested too) dropped, then split on `::`. */
function components(name: string): string[] {
  let bare = name;
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  return bare.split('::').map((part) => part.replace(/<.*$/, '').trim());
}

/** C++: the C adapter (the grammar extends C's) with qualified names; C++'s standard names are in its data file. */
export const cppAdapter: LanguageAdapter = withPackData('cpp', {
  ...cFamilyAdapter,
  lastComponent(name) {
    return components(name).at(-1) ?? name;
  },
  qualifierOf(name) {
    const qualifier = components(name).at(-2);
    return qualifier ? qualifier : null;
  },
  implicitSelf: true,
});
