import { describe, expect, it } from 'vitest';
import { boardPlaceholderImage, DEFAULT_ESIM_SERIAL_NUMBER, isEsimBoard } from './boards.js';

describe('boardPlaceholderImage', () => {
  it.each([
    [{ secure: true, productType: 'board' }, '/images/placeholder-secure.svg'],
    [{ secure: true, productType: 'chip' }, '/images/placeholder-secure.svg'],
    [{ secure: false, productType: 'board' }, '/images/placeholder-board.svg'],
    [{ secure: false, productType: 'chip' }, '/images/placeholder-chip.svg'],
    [{ secure: null, productType: null }, '/images/placeholder-chip.svg'],
    [{}, '/images/placeholder-chip.svg'],
    [{ secure: false, productType: 'Board' }, '/images/placeholder-chip.svg'],
  ])('%j shows %s', (board, image) => {
    expect(boardPlaceholderImage(board)).toBe(image);
  });
});

describe('isEsimBoard', () => {
  it.each<[string | null | undefined, string | undefined, boolean]>([
    [DEFAULT_ESIM_SERIAL_NUMBER, undefined, true],
    [`${DEFAULT_ESIM_SERIAL_NUMBER}1`, undefined, false],
    [DEFAULT_ESIM_SERIAL_NUMBER.toLowerCase(), undefined, false],
    [` ${DEFAULT_ESIM_SERIAL_NUMBER}`, undefined, false],
    ['SN123', undefined, false],
    [null, undefined, false],
    [undefined, undefined, false],
    ['SN123', 'SN123', true],
    [DEFAULT_ESIM_SERIAL_NUMBER, 'SN123', false],
    ['', '', false],
  ])('serial %j with configured %j is eSIM: %s', (serialnumber, configured, expected) => {
    expect(isEsimBoard({ serialnumber }, configured)).toBe(expected);
  });

  it('has a default that is a valid board serial number (letters and digits, at most 45)', () => {
    expect(DEFAULT_ESIM_SERIAL_NUMBER).toMatch(/^[A-Za-z0-9]{1,45}$/);
  });
});
