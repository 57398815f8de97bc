import { describe, expect, it } from 'vitest';
import { chunkProblems } from './syntax-check.js';

describe('the syntax check of the built chunks', () => {
  it('passes what Firefox 70 parses in a modern chunk: ES2019, dynamic import, import.meta', () => {
    const code =
      'import{a as b}from"./x.js";export const c=async()=>{const{d,...e}=await import("./y.js");try{}catch{}return[b,d,e,import.meta.url,10n]};';
    expect(chunkProblems(code, 'modern')).toEqual([]);
  });

  it.each([
    ['optional chaining', 'export const a=(b)=>b?.c;', /optional chaining/],
    ['??', 'export const a=(b)=>b??1;', /\?\?/],
    ['logical assignment', 'export const a=(b)=>{b.c||=1};', /does not parse/],
    ['a class field', 'export class A{b=1}', /does not parse/],
    ['a static class field', 'export class A{static b=1}', /does not parse/],
    ['a private method', 'export class A{#b(){}}', /does not parse/],
    ['a static block', 'export class A{static{}}', /does not parse/],
    ['top-level await', 'await 1;', /does not parse/],
    ['a numeric separator', 'export const a=1_000;', /does not parse/],
  ])('fails a modern chunk with %s', (_name, code, expected) => {
    expect(chunkProblems(code, 'modern')).toEqual([expect.stringMatching(expected)]);
  });

  it('holds a legacy chunk to ES5 scripts (iOS 9, Android 6)', () => {
    expect(
      chunkProblems('System.register([],function(e){return{execute:function(){e("a",1)}}});', 'legacy'),
    ).toEqual([]);
    expect(chunkProblems('var a=()=>1;', 'legacy')).toEqual([expect.stringMatching(/ES5 script/)]);
    expect(chunkProblems('let a=1;', 'legacy')).toEqual([expect.stringMatching(/ES5 script/)]);
  });
});
