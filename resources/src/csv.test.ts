import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+cmd|/c calc', "'+cmd|/c calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['-3.5', '-3.5'],
    ['+49', '+49'],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes rows with CRLF line ends', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['=1+1', 'c'],
      ]),
    ).toBe("a,b\r\n'=1+1,c\r\n");
  });
});
