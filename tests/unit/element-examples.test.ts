// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadMetas } from '../../scripts/manifest/metas';
import { parseAttribute, toAttributeName } from '../../src/ui/element/attributes';
import { attributesOf, type ElementMeta } from '../../src/ui/element/meta';

/**
 * Every element's example (the manifest's and docs/elements.md's) is HTML a page can use as
 * written: it uses its own element, and every element in it only with attributes that element
 * declares (or the global ones), each a value of its kind. A renamed attribute breaks this.
 */
const metas = await loadMetas();
const byTag = new Map<string, ElementMeta>(metas.map(([, meta]) => [meta.tag, meta]));
const globalAttributes = new Set(['id', 'class', 'style', 'slot', 'hidden', 'title', 'lang']);

function faultsOf(element: Element): string[] {
  const meta = byTag.get(element.localName);
  if (!meta) return [`<${element.localName}> is no element of the suite`];
  const declared = attributesOf(meta);
  return element.getAttributeNames().flatMap((name) => {
    if (globalAttributes.has(name) || name.startsWith('data-') || name.startsWith('aria-'))
      return [];
    const spec = Object.entries(declared).find(([prop]) => toAttributeName(prop) === name)?.[1];
    if (!spec) return [`${name} is no attribute of <${meta.tag}>`];
    const value = element.getAttribute(name);
    if (spec.kind === 'number' && parseAttribute('number', value) === undefined)
      return [`${name}="${value}" is not a number`];
    if (spec.kind === 'boolean' && value !== '') return [`${name}="${value}": write it bare`];
    return [];
  });
}

describe('the elements’ examples', () => {
  it('are checked for what a page could get wrong', () => {
    const template = document.createElement('template');
    template.innerHTML =
      '<atrium-todo-card tabel-height="3" table-height="x"></atrium-todo-card><atrium-nope></atrium-nope>';
    expect([...template.content.children].flatMap(faultsOf)).toEqual([
      'tabel-height is no attribute of <atrium-todo-card>',
      'table-height="x" is not a number',
      '<atrium-nope> is no element of the suite',
    ]);
  });

  it.each(metas)('%s runs as written', (_name, meta) => {
    const template = document.createElement('template');
    template.innerHTML = meta.example;
    const used = [...template.content.querySelectorAll('*')].filter((node) =>
      node.localName.startsWith('atrium-'),
    );
    expect(used.map((node) => node.localName)).toContain(meta.tag);
    expect(used.flatMap(faultsOf)).toEqual([]);
  });
});
