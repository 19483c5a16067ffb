import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, sourceFiles } from '../source-files';

/**
 * Issue 34, item 2's class: no text from outside (mail names, subjects and bodies, file
 * names, form values, brands) reaches the page as HTML except through the sanitiser. Every
 * place in the front end where a string can become markup is listed here with the reason it
 * is safe; a new one, or a changed line of a listed one, fails until it is looked at. Text
 * goes in as text (React, textContent, a node) or through DOMPurify.
 */
const sinks = [
  /dangerouslySetInnerHTML/,
  /\.(innerHTML|outerHTML)\s*\+?=(?!=)/,
  /insertAdjacentHTML|createContextualFragment|document\.write/,
  /srcDoc=|\.srcdoc\s*=/,
  // Leaflet takes a string as HTML: tooltips, popups, icons.
  /\.(bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent)\(|divIcon\(/,
  // bpmn-js overlays take a string as HTML.
  /overlays\.add\(/,
  // Messages whose values are not escaped: fine for React, which escapes what it renders.
  /escapeValue/,
];

const reviewed: Record<string, string> = {
  'src/core/i18n/index.ts: interpolation: { escapeValue: false },':
    'React escapes what it renders; HTML built from a message escapes its values (htmlMessage, src/core/html.ts)',
  'src/elements/mail/Composer.tsx: if (editor.current) editor.current.innerHTML = quotableHtml(draft.html);':
    'DOMPurify, no remote pictures, page-level styles removed (quotableHtml)',
  'src/elements/mail/Reader.tsx: srcDoc={frameDocument(shown.html, allowRemote)}':
    'DOMPurify (sanitizeMail) inside a sandboxed frame without scripts, with its own CSP',
  "src/elements/floor-map/FloorMap.tsx: polygon.bindTooltip(textNode(shopLabel(t, shop)), { sticky: true, direction: 'top' });":
    'a node whose text is the label',
  'src/elements/floor-map/FloorMap.tsx: icon: L.divIcon({':
    'its html is a node built with textContent (labelNode)',
  'src/elements/home/widgets.tsx: return <div className="html-column" dangerouslySetInnerHTML={{ __html: html.data ?? \'\' }} />;':
    "the administrator's column template after purify.sanitize",
  'src/elements/home/widgets.tsx: <div className="html-column" dangerouslySetInnerHTML={{ __html: html.data.html }} />':
    'the template filled with escaped values (fillTemplate), then purify.sanitize',
  'src/ui/news/NewsItemView.tsx: dangerouslySetInnerHTML={{ __html: news.safeContent }}':
    'purify.sanitize of the news content',
  "src/ui/workflow/FlowViewer.tsx: overlays.add(nodeId, 'atrium-opinion', {":
    'its html is a node built with textContent (opinionOverlay)',
  "src/ui/workflow/FlowViewer.tsx: overlays.add(step.nodeId, 'atrium-pending', {":
    'its html is a node built with textContent (pendingOverlay)',
};

describe('raw HTML in the front end', () => {
  it('goes into the page only where it has been reviewed', () => {
    const root = projectRoot;
    const found = ['src', 'demo/src'].flatMap((folder) =>
      sourceFiles(join(root, folder)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => sinks.some((sink) => sink.test(line)))
          .map((line) => `${relative(root, file)}: ${line.trim()}`),
      ),
    );
    expect(found.filter((place) => !(place in reviewed))).toEqual([]);
    expect(Object.keys(reviewed).filter((place) => !found.includes(place))).toEqual([]);
  });
});
