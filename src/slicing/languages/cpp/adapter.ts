import type { LanguageAdapter } from '../../language-pack.js';
import { packData, withPackData } from '../../pack-data.js';
import type { Node } from '../../parser/tree-sitter.js';
import { cFamilyAdapter, splitQualified, type CTypeReader, type CTypes } from '../c/adapter.js';

/** The first type argument of a template (`Foo` of `unique_ptr<Foo>`), by its base name. */
function firstTypeArgument(template: Node, types: CTypes): string | null {
  const first = template.childForFieldName('arguments')?.namedChildren.find((a) => a?.type === 'type_descriptor') ?? null;
  return first === null ? null : types.baseTypeName(first.childForFieldName('type'));
}

/** The innermost template type of a qualified name (`unique_ptr<Foo>` of `std::unique_ptr<Foo>`), or the node. */
function innerTemplate(node: Node): Node {
  let current: Node = node;
  for (let depth = 0; current.type === 'qualified_identifier' && depth < 16; depth++) {
    const name = current.childForFieldName('name');
    if (name === null) break;
    current = name;
  }
  return current;
}

/**
 * What C++ reads of types beyond C: a qualified or template type is named by its last component,
 * a standard wrapper (`unique_ptr<Foo>`, `optional<Foo>`: the data file's `wrappers`) by the type it
 * holds; `new Foo(...)`, `ns::Foo(...)` and a factory (`std::make_unique<Foo>(...)`: `factories`)
 * construct their type.
 */
const cppTypes: CTypeReader = {
  typeOf(type, types) {
    if (type.type !== 'qualified_identifier' && type.type !== 'template_type') return undefined;
    const template = innerTemplate(type);
    if (
      template.type === 'template_type' &&
      packData('cpp')
        .list('wrappers')
        .has(template.childForFieldName('name')?.text ?? '')
    )
      return firstTypeArgument(template, types);
    return splitQualified(type).name;
  },
  constructed(value, types) {
    if (value.type === 'new_expression') return types.baseTypeName(value.childForFieldName('type'));
    if (value.type !== 'call_expression') return undefined;
    const fn = value.childForFieldName('function');
    if (fn === null) return null;
    const callee = innerTemplate(fn);
    if (
      callee.type === 'template_function' &&
      packData('cpp')
        .list('factories')
        .has(callee.childForFieldName('name')?.text ?? '')
    )
      return firstTypeArgument(callee, types);
    // A capitalized plain name is taken for a constructor: the usual style for types.
    return callee.type === 'identifier' && /^[A-Z]/.test(callee.text) ? callee.text : null;
  },
};

/** `a::B<c::D<e>>::f` → ['a', 'B', 'f']: template arguments (nested too) dropped, then split on `::`. */
function components(name: string): string[] {
  let bare = name;
  for (let previous = ''; previous !== bare;) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  return bare.split('::').map((part) => part.replace(/<.*$/, '').trim());
}

/**
 * `Fixture::Name` for a test a fixture macro defines (`TEST_F(Fixture, Name) { ... }`, the data
 * file's `fixtureTests`): its body is a method of a class derived from the fixture. Null otherwise.
 */
function fixtureTestName(node: Node): string | null {
  if (node.type !== 'function_definition' || node.childForFieldName('type') !== null) return null;
  const declarator = node.childForFieldName('declarator');
  if (declarator?.type !== 'function_declarator') return null;
  const macro = declarator.childForFieldName('declarator');
  if (macro?.type !== 'identifier' || !packData('cpp').list('fixtureTests').has(macro.text)) return null;
  const [fixture, test] = (declarator.childForFieldName('parameters')?.namedChildren ?? []).map((p) =>
    p?.type === 'parameter_declaration' && p.childForFieldName('declarator') === null ? p.childForFieldName('type') : null,
  );
  return fixture?.type === 'type_identifier' && test?.type === 'type_identifier' ? `${fixture.text}::${test.text}` : null;
}

const cFamily = cFamilyAdapter(cppTypes);

/** C++: the C adapter (the grammar extends C's) with qualified names; C++'s standard names are in its data file. */
export const cppAdapter: LanguageAdapter = withPackData('cpp', {
  ...cFamily,
  scopeName: (node) => fixtureTestName(node) ?? cFamily.scopeName?.(node) ?? null,
  lastComponent(name) {
    return components(name).at(-1) ?? name;
  },
  qualifierOf(name) {
    const qualifier = components(name).at(-2);
    return qualifier ? qualifier : null;
  },
  implicitSelf: true,
});
