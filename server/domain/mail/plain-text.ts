/**
 * The text/plain alternative of a mail written in the composer (HTML): what a plain-text
 * reader shows and what spam filters compare with the HTML. Blocks and line breaks become
 * new lines, list items get a dash, links keep their address, quotes get "> ", entities are
 * decoded; tags, styles and scripts go. The composer writes simple HTML (paragraphs, lists,
 * bold, quotes of earlier mail), so a small converter does; it never has to be exact.
 */
const named: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return named[body.toLowerCase()] ?? whole;
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const blocks = /<\/?(p|div|h[1-6]|ul|ol|table|tr|section|article|header|footer|pre|hr)\b[^>]*>/gi;
const quoteOpen = '\u0001';
const quoteClose = '\u0002';

/** A link's text gets its address after it, unless the text is the address. */
function withAddresses(html: string): string {
  let href = '';
  let textFrom = 0;
  return html.replace(
    /<a\b([^>]*)>|<\/a\s*>/gi,
    (tag, attributes: string | undefined, at: number) => {
      if (attributes !== undefined) {
        href = /href\s*=\s*["']?((?:https?|mailto):[^"'\s>]+)/i.exec(attributes)?.[1] ?? '';
        textFrom = at + tag.length;
        return '';
      }
      const text = html
        .slice(textFrom, at)
        .replace(/<[^>]*>/g, '')
        .trim();
      const shown = href.replace(/^mailto:/i, '');
      const out = href && text && text !== shown && text !== href ? ` (${shown})` : '';
      href = '';
      return out;
    },
  );
}

/** Quoted mail (blockquote) as lines starting with "> ", one more for each level. */
function quoted(text: string): string {
  let depth = 0;
  return (
    text
      // eslint-disable-next-line no-control-regex -- the quote marks are control characters
      .split(/(\u0001|\u0002|\n)/)
      .reduce<string[]>((lines, part) => {
        if (part === quoteOpen || part === quoteClose) {
          depth = Math.max(0, depth + (part === quoteOpen ? 1 : -1));
          lines.push('\n');
        } else if (part === '\n') lines.push('\n');
        else if (part.trim()) lines.push(`${'> '.repeat(depth)}${part.trim()}`);
        return lines;
      }, [])
      .join('')
  );
}

export function plainText(html: string): string {
  const lines = withAddresses(
    html
      .replace(/<(script|style|head|title)\b[^>]*>[^<]*<\/\1>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, ''),
  )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(td|th)>/gi, '\t')
    .replace(/<blockquote\b[^>]*>/gi, quoteOpen)
    .replace(/<\/blockquote\s*>/gi, quoteClose)
    .replace(blocks, '\n')
    .replace(/<[^>]*>/g, '')
    // eslint-disable-next-line no-control-regex -- control characters are what it drops
    .replace(/[\u0000-\u0008\u000b-\u001f]/g, (char) =>
      char === quoteOpen || char === quoteClose ? char : '',
    );
  return decodeEntities(quoted(lines))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
