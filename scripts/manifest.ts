/**
 * Writes dist/custom-elements.json (schema 2.1.0) and docs/elements.md from each element's
 * meta.ts: the one description an element has, so the two never drift from the code.
 */
import { readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ElementMeta } from '../src/ui/element/meta';
import { toAttributeName } from '../src/ui/element/attributes';

const root = resolve(import.meta.dirname, '..');
const elementsDir = resolve(root, 'src/elements');
const names = readdirSync(elementsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(resolve(elementsDir, entry.name, 'meta.ts')))
  .map((entry) => entry.name)
  .sort();

const metas: [string, ElementMeta][] = [];
for (const name of names) {
  const module = (await import(pathToFileURL(resolve(elementsDir, name, 'meta.ts')).href)) as {
    meta: ElementMeta;
  };
  metas.push([name, module.meta]);
}

const className = (tag: string) =>
  tag
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const manifest = {
  schemaVersion: '2.1.0',
  readme: 'docs/elements.md',
  modules: metas.map(([name, meta]) => ({
    kind: 'javascript-module',
    path: `elements/${name}.js`,
    declarations: [
      {
        kind: 'class',
        name: className(meta.tag),
        tagName: meta.tag,
        customElement: true,
        description: meta.summary,
        attributes: Object.entries(meta.attributes).map(([prop, attribute]) => ({
          name: toAttributeName(prop),
          fieldName: prop,
          type: { text: attribute.kind },
          description: attribute.description,
          ...(attribute.default ? { default: attribute.default } : {}),
        })),
        members: [
          ...Object.entries(meta.attributes).map(([prop, attribute]) => ({
            kind: 'field',
            name: prop,
            type: { text: attribute.kind },
            description: attribute.description,
            attribute: toAttributeName(prop),
          })),
          ...Object.entries(meta.properties ?? {}).map(([prop, property]) => ({
            kind: 'field',
            name: prop,
            type: { text: property.type },
            description: `${property.description} (property only, never reflected to an attribute)`,
          })),
          ...Object.entries(meta.methods ?? {}).map(([method, description]) => ({
            kind: 'method',
            name: method,
            description,
          })),
        ],
        events: Object.entries(meta.events ?? {}).map(([event, info]) => ({
          name: event,
          type: { text: `CustomEvent<${info.detail}>` },
          description: info.description + (info.cancelable ? ' (cancelable)' : ''),
        })),
        slots: Object.entries(meta.slots ?? {}).map(([slot, description]) => ({
          name: slot,
          description,
        })),
        cssParts: Object.entries(meta.parts ?? {}).map(([part, description]) => ({
          name: part,
          description,
        })),
        cssProperties: Object.entries(meta.cssProperties ?? {}).map(([property, description]) => ({
          name: property,
          description,
        })),
      },
    ],
    exports: [
      {
        kind: 'custom-element-definition',
        name: meta.tag,
        declaration: { name: className(meta.tag) },
      },
    ],
  })),
};

mkdirSync(resolve(root, 'dist'), { recursive: true });
writeFileSync(resolve(root, 'dist/custom-elements.json'), JSON.stringify(manifest, null, 2) + '\n');

const table = (head: string[], rows: string[][]) =>
  rows.length
    ? [
        `| ${head.join(' | ')} |`,
        `| ${head.map(() => '---').join(' | ')} |`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n')
    : '_none_';
const escape = (text: string) => text.replace(/\|/g, '\\|');

const sections = metas.map(([name, meta]) =>
  [
    `## \`<${meta.tag}>\``,
    '',
    meta.summary,
    '',
    `Script: \`<script type="module" src="https://your-atrium-host/elements/${name}.js"></script>\``,
    '',
    '**Attributes**',
    '',
    table(
      ['attribute', 'property', 'type', 'default', 'description'],
      Object.entries(meta.attributes).map(([prop, a]) => [
        `\`${toAttributeName(prop)}\``,
        `\`${prop}\``,
        a.kind,
        a.default ?? '',
        escape(a.description),
      ]),
    ),
    '',
    '**Properties (JavaScript only)**',
    '',
    table(
      ['property', 'type', 'description'],
      Object.entries(meta.properties ?? {}).map(([p, info]) => [
        `\`${p}\``,
        `\`${escape(info.type)}\``,
        escape(info.description),
      ]),
    ),
    '',
    '**Events** (bubble, composed)',
    '',
    table(
      ['event', 'detail', 'description'],
      Object.entries(meta.events ?? {}).map(([event, info]) => [
        `\`${event}\``,
        `\`${escape(info.detail)}\``,
        escape(info.description) + (info.cancelable ? ' Cancelable.' : ''),
      ]),
    ),
    '',
    '**Methods**',
    '',
    table(
      ['method', 'description'],
      Object.entries(meta.methods ?? {}).map(([m, d]) => [`\`${m}()\``, escape(d)]),
    ),
    ...(meta.slots
      ? [
          '',
          '**Slots**',
          '',
          table(
            ['slot', 'description'],
            Object.entries(meta.slots).map(([n, d]) => [n ? `\`${n}\`` : '(default)', escape(d)]),
          ),
        ]
      : []),
    '',
    '**Parts**',
    '',
    table(
      ['part', 'description'],
      Object.entries(meta.parts ?? {}).map(([p, d]) => [`\`${p}\``, escape(d)]),
    ),
    '',
    '**Example**',
    '',
    '```html',
    meta.example,
    '```',
    '',
  ].join('\n'),
);

const intro = `# Element reference

Generated by \`npm run build\` from each element's \`meta.ts\` (do not edit by hand).
Every element has an open shadow root with \`delegatesFocus\`, \`:host { display: block }\`, and
takes the theme tokens below. Events are \`CustomEvent\`s that bubble and cross the shadow
boundary. Rich data is passed as JavaScript properties, never as attributes.

**Theme tokens** (set them on the element or any ancestor):
\`--atrium-color-primary\`, \`--atrium-color-primary-hover\`, \`--atrium-color-primary-text\`,
\`--atrium-color-accent\`, \`--atrium-color-text\`, \`--atrium-color-text-muted\`,
\`--atrium-color-border\`, \`--atrium-color-surface\`, \`--atrium-color-surface-muted\`,
\`--atrium-color-danger\`, \`--atrium-color-success\`, \`--atrium-color-warning\`,
\`--atrium-color-info\` (text colours, each with a \`-bg\` tint: \`--atrium-color-danger-bg\`, …;
keep 4.5:1 between each and its tint and the surface), \`--atrium-color-focus\` (focus rings),
\`--atrium-radius\`, \`--atrium-font-family\` (by default the reader's language's stack:
Chinese fonts first in Chinese, the system's Latin face first in English), \`--atrium-font-size\`.

`;
mkdirSync(resolve(root, 'docs'), { recursive: true });
writeFileSync(resolve(root, 'docs/elements.md'), intro + sections.join('\n'));
console.info(`custom-elements.json and docs/elements.md: ${metas.length} elements`);
