/**
 * Writes dist/custom-elements.json (schema 2.1.0), docs/elements.md and the hosts' typings
 * (types/, dist/types) from each element's meta.ts: the one description an element has, so
 * none of them drifts from the code.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { documentedAttributesOf, methodsOf } from '../src/ui/element/form-docs';
import { toAttributeName } from '../src/ui/element/attributes';
import { cssPropertiesOf } from './manifest/css-properties';
import { loadMetas, root } from './manifest/metas';
import { typingsFiles } from './manifest/typings';

const metas = await loadMetas();

const className = (tag: string) =>
  tag
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const langAttribute = {
  name: 'lang',
  type: { text: 'string' },
  description:
    "The element's own language (en-US, zh-CN, or any en or zh tag): its texts, dates and numbers follow it instead of the shared language.",
};

/** window.atrium and its events (docs/elements.md, "Host API"). */
const hostApiModule = {
  kind: 'javascript-module',
  path: 'elements/host-api',
  description:
    'Installed by any element: window.atrium (version, languages, language, setLanguage(tag), session, signOut()); the document dispatches atrium-language-change (CustomEvent<{ language, previous }>) and atrium-session-change (CustomEvent<{ user: { account, username, userId } | null }>), both bubbling to window.',
  declarations: [
    {
      kind: 'variable',
      name: 'atrium',
      type: { text: 'AtriumHostApi' },
      description: 'The host API on window: see docs/elements.md, "Host API".',
    },
  ],
  exports: [{ kind: 'js', name: 'atrium', declaration: { name: 'atrium' } }],
};

const manifest = {
  schemaVersion: '2.1.0',
  readme: 'docs/elements.md',
  modules: [
    hostApiModule,
    ...metas.map(([name, meta]) => ({
      kind: 'javascript-module',
      path: `elements/${name}.js`,
      declarations: [
        {
          kind: 'class',
          name: className(meta.tag),
          tagName: meta.tag,
          customElement: true,
          description: meta.summary,
          attributes: [
            ...Object.entries(documentedAttributesOf(meta)).map(([prop, attribute]) => ({
              name: toAttributeName(prop),
              fieldName: prop,
              type: { text: attribute.kind },
              description: attribute.description,
              ...(attribute.default ? { default: attribute.default } : {}),
            })),
            // The global attribute every element honours (the element base).
            langAttribute,
          ],
          members: [
            ...Object.entries(documentedAttributesOf(meta)).map(([prop, attribute]) => ({
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
            ...Object.entries(methodsOf(meta)).map(([method, description]) => ({
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
          cssProperties: cssPropertiesOf(name, meta),
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
  ],
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
      Object.entries(documentedAttributesOf(meta)).map(([prop, a]) => [
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
      Object.entries(methodsOf(meta)).map(([m, d]) => [`\`${m}()\``, escape(d)]),
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
    '**CSS custom properties** (set them on the element or any ancestor)',
    '',
    table(
      ['property', 'default', 'description'],
      cssPropertiesOf(name, meta).map((property) => [
        `\`${property.name}\``,
        property.default ? `\`${escape(property.default)}\`` : '',
        escape(property.description),
      ]),
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

/**
 * A generated file that is committed (docs/elements.md, types/): written here; in CI (a clean
 * checkout) compared instead, so a meta.ts changed without its documents fails the build.
 */
const stale: string[] = [];
function writeCommitted(path: string, text: string) {
  const file = resolve(root, path);
  if (!process.env.CI) {
    mkdirSync(resolve(file, '..'), { recursive: true });
    writeFileSync(file, text);
  } else if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(path);
}

const intro = readFileSync(resolve(import.meta.dirname, 'manifest/intro.md'), 'utf8');
writeCommitted('docs/elements.md', intro + sections.join('\n'));

// The hosts' typings: kept in types/ (the hosts of demo/ compile against them) and shipped
// in dist/types.
for (const [file, text] of Object.entries(await typingsFiles(metas.map(([, meta]) => meta)))) {
  writeCommitted(`types/${file}`, text);
  mkdirSync(resolve(root, 'dist/types'), { recursive: true });
  writeFileSync(resolve(root, 'dist/types', file), text);
}
if (stale.length) {
  throw new Error(
    `${stale.join(', ')} differ from what the elements' meta.ts give: run npm run build and commit them`,
  );
}
console.info(`custom-elements.json, docs/elements.md and types/: ${metas.length} elements`);
