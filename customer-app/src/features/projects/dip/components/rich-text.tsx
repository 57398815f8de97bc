import Box from '@mui/material/Box';
import { createElement, useMemo, type ReactNode } from 'react';

/** Tags kept as they are (without attributes): text structure and emphasis. */
const KEPT = new Set([
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'code',
  'pre',
  'blockquote',
]);
/** Dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
]);
const SAFE_LINK = /^(https?:|mailto:)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (KEPT.has(tag)) return createElement(tag, { key }, ...(tag === 'br' ? [] : children));
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_LINK.test(href)) {
      return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
    }
  }
  // Headings, spans, divs and anything else: their text stays, their markup goes.
  return createElement('span', { key }, ...children);
}

/**
 * A step's rich-text description (written by an admin) as React elements: structure and emphasis survive, every
 * attribute, script, style and non-web link goes. Nothing is set as inner HTML, so no markup can run.
 */
export function RichText({ html }: { html: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return Array.from(body.childNodes, toReact);
  }, [html]);
  return (
    <Box
      sx={{
        '& p': { mt: 0, mb: 1 },
        '& p:last-child': { mb: 0 },
        '& ul, & ol': { mt: 0, mb: 1, pl: 3 },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
      }}
    >
      {content}
    </Box>
  );
}
