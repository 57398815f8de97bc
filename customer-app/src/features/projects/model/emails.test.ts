import { describe, expect, it } from 'vitest';
import { emailsOf } from './emails';

describe('emailsOf', () => {
  it('splits lines, commas, semicolons and spaces, once per address whatever the case', () => {
    expect(emailsOf('a@x.test\nb@x.test, c@x.test; A@X.test  d@x.test\n\n')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ]);
    expect(emailsOf('  ')).toEqual([]);
  });
});
