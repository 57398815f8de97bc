import { describe, expect, it } from 'vitest';
import { LIST_MAX_OFFSET } from '@portal/resources';
import { pageItems, readPage } from './page-links';

describe('pageItems: the page numbers of the pagination, as MUI showed them', () => {
  it('shows every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first and last page, the current one and its neighbours, with gaps for the rest', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    // A gap of one page shows that page instead.
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('readPage: the page of the URL', () => {
  it('reads a page from 1, and 1 for anything else', () => {
    expect(readPage(new URLSearchParams('page=3'), 25)).toBe(3);
    expect(readPage(new URLSearchParams('page=-2'), 25)).toBe(1);
    expect(readPage(new URLSearchParams('page=x'), 25)).toBe(1);
  });

  it('opens the deepest page the server answers for a link past it', () => {
    const deepest = LIST_MAX_OFFSET / 25 + 1;
    expect(readPage(new URLSearchParams(`page=${deepest}`), 25)).toBe(deepest);
    expect(readPage(new URLSearchParams('page=100000'), 25)).toBe(deepest);
  });
});
