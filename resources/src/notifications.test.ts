import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CLOSE_AFTER_MS,
  NOTIFICATION_DEFAULT_DURATION_MS,
  NOTIFICATION_PANEL_WIDTH_PX,
  NOTIFICATION_TICK_MS,
  NOTIFICATION_TYPES,
  sanitizeNotificationMessage,
  tickNotification,
  toastDuration,
  type ToastKind,
} from './notifications.js';

describe('notification constants', () => {
  it('are those of spec product §9 and calls §8.5', () => {
    expect(NOTIFICATION_TYPES).toEqual(['success', 'locked', 'error']);
    expect(NOTIFICATION_DEFAULT_DURATION_MS).toBe(5000);
    expect(NOTIFICATION_TICK_MS).toBe(25);
    expect(NOTIFICATION_CLOSE_AFTER_MS).toBe(-150);
    expect(NOTIFICATION_PANEL_WIDTH_PX).toBe(350);
  });
});

describe('toastDuration', () => {
  it.each<[ToastKind, boolean | undefined, number]>([
    ['error', undefined, 5000],
    ['error', false, 5000],
    ['error', true, 20_000],
    ['success', undefined, 3000],
    ['success', true, 3000],
    ['warning', undefined, 5000],
    ['warning', true, 5000],
    ['locked', undefined, 5000],
  ])('%s (coded: %s) lasts %i ms', (kind, coded, duration) => {
    expect(toastDuration(kind, coded === undefined ? undefined : { coded })).toBe(duration);
  });
});

describe('tickNotification', () => {
  it.each([
    [5000, false, 4975, false],
    [5000, true, 5000, false],
    [-125, false, -150, false],
    [-150, true, -150, false],
    [-126, false, -151, true],
    [-150, false, -175, true],
    [-200, true, -200, true],
  ])('from %i ms (hovered %s) goes to %i ms, closed %s', (remaining, hovered, next, closed) => {
    expect(tickNotification(remaining, hovered)).toEqual({ remainingMs: next, closed });
  });

  it('closes a default notification after 5150 ms of ticks', () => {
    let state = { remainingMs: NOTIFICATION_DEFAULT_DURATION_MS, closed: false };
    let ticks = 0;
    while (!state.closed) {
      state = tickNotification(state.remainingMs, false);
      ticks += 1;
    }
    expect(ticks * NOTIFICATION_TICK_MS).toBe(5175);
  });
});

/** True when the only markup left is the bare allow-listed tags: no other '<', '>' or quote anywhere. */
function onlyBareAllowedTags(html: string): boolean {
  const withoutAllowed = html.replace(/<\/?(?:b|strong|i|em|u)>|<br>/g, '');
  return !/[<>"']/.test(withoutAllowed);
}

describe('sanitizeNotificationMessage', () => {
  it.each([
    ['plain text', 'Project saved', 'Project saved'],
    [
      'allowed inline tags',
      'Hello <b>world</b>, <em>really</em><br>bye',
      'Hello <b>world</b>, <em>really</em><br>bye',
    ],
    ['allowed tags in any case, rebuilt bare', '<B>x</B><BR/><br />', '<b>x</b><br><br>'],
    ['attributes of allowed tags', '<b onclick="alert(1)" style="x">hi</b>', '<b>hi</b>'],
    ['a quoted > inside an attribute', '<b title=">" onmouseover="alert(1)">x</b>', '<b>x</b>'],
    ['a newline before the handler', '<b\nonclick=alert(1)>x</b>', '<b>x</b>'],
    ['other tags, keeping their text', '<div class="a"><a href="/x">link</a></div>', 'link'],
    ['javascript: links', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['unquoted javascript: links', '<a href=javascript:alert(1)>click', 'click'],
    ['scripts with their content', 'a<script>alert(1)</script>b', 'ab'],
    ['scripts in mixed case', '<ScRiPt type="text/javascript">alert(1)</sCrIpT >done', 'done'],
    ['an unclosed script to the end', 'ok<script>alert(1)', 'ok'],
    ['a script closed oddly (dropped to the end)', 'ok<script>alert(1)</script x>tail', 'ok'],
    ['a split script tag', '<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['styles', '<style>body{background:url(javascript:alert(1))}</style>t', 't'],
    ['images with handlers', '<img src=x onerror=alert(1)>', ''],
    ['svg with handlers', '<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['iframes', '<iframe src="javascript:alert(1)"></iframe>x', 'x'],
    ['math mixups', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['comments', '<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['unterminated comments', 'ok<!-- <script>alert(1)', 'ok'],
    ['doctype and processing instructions', '<!DOCTYPE html><?xml version="1.0"?>ok', 'ok'],
    ['a broken attribute quote', '<b title="x>y</b>', '&lt;b title=&quot;x&gt;y</b>'],
    ['stray angle brackets and ampersands', 'a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['quotes', `"it's"`, '&quot;it&#39;s&quot;'],
    [
      'entities, kept as text',
      '&lt;script&gt; &amp; &#x3C; &#60; &nbsp;',
      '&lt;script&gt; &amp; &#x3C; &#60; &nbsp;',
    ],
    ['an ampersand that is no entity', 'R&D &;', 'R&amp;D &amp;;'],
    ['javascript: as plain text', 'javascript:alert(1)', 'javascript:alert(1)'],
    ['a closing br', 'a</br>b', 'ab'],
    ['the empty string', '', ''],
  ])('handles %s', (_name, input, output) => {
    const sanitized = sanitizeNotificationMessage(input);
    expect(sanitized).toBe(output);
    expect(onlyBareAllowedTags(sanitized)).toBe(true);
  });

  const hostile = fc
    .array(
      fc.constantFrom(
        '<',
        '>',
        '/',
        '"',
        "'",
        '=',
        ' ',
        '\n',
        '&',
        ';',
        '!--',
        '-->',
        'script',
        'SCRIPT',
        'b',
        'br',
        'img',
        'svg',
        'style',
        'a',
        'href',
        'src',
        'onerror',
        'onclick',
        'javascript:',
        'alert(1)',
        'x',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('never lets markup other than the bare allowed tags through', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (input) => {
        const sanitized = sanitizeNotificationMessage(input);
        expect(onlyBareAllowedTags(sanitized)).toBe(true);
        expect(sanitized).not.toMatch(/<[^>]*(?:on\w+\s*=|javascript:)/i);
      }),
      { numRuns: 3000 },
    );
  });

  it('is stable: sanitising twice changes nothing more', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (input) => {
        const once = sanitizeNotificationMessage(input);
        expect(sanitizeNotificationMessage(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});
