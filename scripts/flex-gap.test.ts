// @vitest-environment jsdom
/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const source = fs.readFileSync(path.join(import.meta.dirname, 'flex-gap.js'), 'utf8');

/** Runs the check where the probe measures `height` (jsdom lays nothing out: the measurement is stubbed). */
function check(height: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => height });
  new Function(source)();
  return document.documentElement.classList.contains('no-flex-gap');
}

describe('the flex-gap check (scripts/flex-gap.js)', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    document.documentElement.className = '';
  });

  it('marks <html> with no-flex-gap when the flex items of its probe are not 1px apart', () => {
    expect(check(0)).toBe(true);
  });

  it('leaves <html> alone when they are', () => {
    expect(check(1)).toBe(false);
  });

  it('keeps the classes <html> has and leaves no probe in the page', () => {
    document.documentElement.className = 'dark';
    const children = document.documentElement.children.length;
    check(0);
    expect(document.documentElement.className).toBe('dark no-flex-gap');
    expect(document.documentElement.children.length).toBe(children);
  });
});
