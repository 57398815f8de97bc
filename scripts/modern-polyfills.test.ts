import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = fs.readFileSync(new URL('./modern-polyfills.js', import.meta.url), 'utf8');

/** Runs `code` in a fresh realm that lacks what the polyfills supply, after the polyfills. */
function inOldBrowser(code: string): Promise<unknown> {
  const context = vm.createContext({});
  vm.runInContext('delete Array.prototype.at; delete Object.hasOwn; delete Promise.allSettled;', context);
  vm.runInContext(source, context);
  // JSON across the realms, so the assertions compare plain values.
  return Promise.resolve(vm.runInContext(code, context)).then((value) => JSON.parse(JSON.stringify(value)));
}

describe('the modern polyfills (scripts/modern-polyfills.js)', () => {
  it('supply Array#at as the standard defines it, not enumerable', async () => {
    expect(
      await inOldBrowser(
        '[[1,2,3].at(-1), [1,2,3].at(0), [1,2,3].at(3), [1,2,3].at(-4), [1,2,3].at(1.7), Object.keys(Array.prototype)]',
      ),
    ).toEqual([3, 1, null, null, 2, []]);
  });

  it('supply Object.hasOwn: own properties only, null refused', async () => {
    expect(
      await inOldBrowser(
        "var refused; try { Object.hasOwn(null, 'a'); } catch (e) { refused = e instanceof TypeError; } [Object.hasOwn({ a: 1 }, 'a'), Object.hasOwn(Object.create({ a: 1 }), 'a'), refused]",
      ),
    ).toEqual([true, false, true]);
  });

  it('supply Promise.allSettled', async () => {
    expect(await inOldBrowser("Promise.allSettled([1, Promise.reject('no')])")).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: 'no' },
    ]);
  });

  it('leave what the browser has alone', async () => {
    const context = vm.createContext({});
    vm.runInContext('var native = Array.prototype.at;', context);
    vm.runInContext(source, context);
    expect(vm.runInContext('Array.prototype.at === native', context)).toBe(true);
  });
});
