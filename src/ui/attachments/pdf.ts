import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js, loaded only when a PDF is first shown (it and its worker are about 1.4 MB). The
 * worker, the CMaps (Chinese PDFs often use non-embedded CID fonts) and the standard fonts
 * are build assets; their URLs are resolved against this module's own URL, so they come
 * from the Atrium server even when the element sits on another site's page.
 */
import workerPath from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

const cMaps = import.meta.glob('../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const standardFonts = import.meta.glob(
  '../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}',
  { query: '?url&no-inline', import: 'default', eager: true },
) as Record<string, string>;

const absolute = (path: string) => new URL(path, import.meta.url).toString();

function byFileName(assets: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(assets).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
  );
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(absolute(url));
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

const cMapFiles = byFileName(cMaps);
const fontFiles = byFileName(standardFonts);

/** pdf.js asks for CMaps by name; ours are hashed build assets. */
class AssetCMapReader {
  async fetch({ name }: { name: string }) {
    const url = cMapFiles.get(`${name}.bcmap`);
    if (!url) throw new Error(`Unknown CMap ${name}`);
    return { cMapData: await fetchBytes(url), isCompressed: true };
  }
}

class AssetStandardFontReader {
  async fetch({ filename }: { filename: string }) {
    const url = fontFiles.get(filename);
    if (!url) throw new Error(`Unknown standard font ${filename}`);
    return fetchBytes(url);
  }
}

let library: Promise<typeof PdfJs> | null = null;

function loadLibrary() {
  library ??= import('pdfjs-dist').then((pdfjs) => {
    // pdf.js wraps a worker of another origin in a same-origin blob itself.
    pdfjs.GlobalWorkerOptions.workerSrc = absolute(workerPath);
    return pdfjs;
  });
  return library;
}

/** Opens a PDF from its bytes; the caller destroys the document when done. */
export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadLibrary();
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    // Any non-empty base: our readers look files up by name, not by URL.
    cMapUrl: 'assets/',
    cMapPacked: true,
    standardFontDataUrl: 'assets/',
    CMapReaderFactory: AssetCMapReader as never,
    StandardFontDataFactory: AssetStandardFontReader as never,
  });
  return task.promise;
}

/** Draws one page into a canvas `width` CSS pixels wide, sharp on high-density screens. */
export async function renderPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
): Promise<void> {
  const page = await document.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: width / base.width });
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  await page.render({
    canvasContext: context,
    viewport,
    ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
  }).promise;
  page.cleanup();
}
