import { describe, expect, it } from 'vitest';
import { copyrightYears, DEFAULT_PAGE_TITLE, isMaintenanceBannerVisible, pageTitle } from './layout.js';

describe('isMaintenanceBannerVisible', () => {
  it.each([
    [{ text: 'Down at noon', show: true }, false, true],
    [{ text: 'Down at noon', show: true }, true, false],
    [{ text: 'Down at noon', show: false }, false, false],
    [{ show: null }, false, false],
    [{ show: 'true' as unknown as boolean }, false, false],
    [{}, false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%j closed %s is visible: %s', (info, closed, expected) => {
    expect(isMaintenanceBannerVisible(info, closed)).toBe(expected);
  });

  it('shows when the user has not closed it and no closed flag is given', () => {
    expect(isMaintenanceBannerVisible({ show: true })).toBe(true);
  });
});

describe('pageTitle', () => {
  it.each([
    ['My projects', 'My projects | Developer Portal'],
    ['  Register product  ', 'Register product | Developer Portal'],
    ['', 'Products and tools | Developer Portal'],
    ['   ', 'Products and tools | Developer Portal'],
    [null, 'Products and tools | Developer Portal'],
    [undefined, 'Products and tools | Developer Portal'],
  ])('%j gives %j', (name, title) => {
    expect(pageTitle(name)).toBe(title);
  });

  it('has the generic products and tools title as default', () => {
    expect(pageTitle()).toBe(DEFAULT_PAGE_TITLE);
  });
});

describe('copyrightYears', () => {
  it.each([
    [2025, '1999–2025'],
    [2000, '1999–2000'],
    [1999, '1999'],
    [1970, '1999'],
  ])('in %i reads %s', (year, years) => {
    expect(copyrightYears(year)).toBe(years);
  });

  it.each([Number.NaN, 2025.5, Number.POSITIVE_INFINITY])('refuses %s as a year', (year) => {
    expect(() => copyrightYears(year)).toThrow(RangeError);
  });
});
