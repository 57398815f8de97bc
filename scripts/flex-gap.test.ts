// @vitest-environment jsdom
/// <reference lib="dom" />
import { beforeEach, describe, expect, it } from 'vitest';
// jsdom lays nothing out: its measurement always says "no flex gap", so the tests stub it.
import { markFlexGap } from './flex-gap.js';

const marked = () => document.documentElement.classList.contains('no-flex-gap');

describe('the flex-gap check (scripts/flex-gap.js)', () => {
  beforeEach(() => document.documentElement.classList.remove('no-flex-gap'));

  it('marks <html> with no-flex-gap when the browser does not space flex items by gap', () => {
    markFlexGap(() => false);
    expect(marked()).toBe(true);
  });

  it('leaves <html> alone when it does', () => {
    markFlexGap(() => true);
    expect(marked()).toBe(false);
  });

  it('measures without leaving its probe in the page', () => {
    const children = document.documentElement.children.length;
    markFlexGap();
    expect(document.documentElement.children.length).toBe(children);
  });
});
