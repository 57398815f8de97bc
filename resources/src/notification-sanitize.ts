/** Inline tags a notification message may keep; always written back bare, without any attribute. */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(['b', 'strong', 'i', 'em', 'u', 'br']);
const VOID_TAGS: ReadonlySet<string> = new Set(['br']);
/** Elements dropped together with their content: their text is code or markup, never message text. */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'svg',
  'math',
]);

/** A tag, its attributes (quoted values may hold '>'), a comment, or a doctype/processing instruction. */
const MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/;
/** An entity reference; kept as it is, since in text it decodes to text, never to markup. */
const ENTITY = /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

function escapeText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '&') out += ENTITY.test(text.slice(index)) ? '&' : '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else if (char === "'") out += '&#39;';
    else out += char;
  }
  return out;
}

/**
 * Sanitises a notification message (spec calls §5) into HTML safe to set as inner HTML: only bare b, strong, i, em,
 * u and br survive, rebuilt without attributes, and everything else is stripped or escaped.
 */
export function sanitizeNotificationMessage(message: string): string {
  const markup = new RegExp(MARKUP.source, 'g');
  let out = '';
  let last = 0;
  for (let match = markup.exec(message); match; match = markup.exec(message)) {
    out += escapeText(message.slice(last, match.index));
    last = markup.lastIndex;
    const [, slash, rawName] = match;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(name) && !slash) {
      const close = new RegExp(`</${name}\\s*>`, 'i').exec(message.slice(last));
      last = close ? last + close.index + close[0].length : message.length;
      markup.lastIndex = last;
    } else if (ALLOWED_TAGS.has(name) && !(slash && VOID_TAGS.has(name))) {
      out += `<${slash ? '/' : ''}${name}>`;
    }
  }
  return out + escapeText(message.slice(last));
}
