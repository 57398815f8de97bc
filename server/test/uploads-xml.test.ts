import fs from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import {
  checkXPath,
  evaluateXPath,
  MAX_XML_BYTES,
  MAX_XML_DEPTH,
  parseXml,
  textOf,
  XmlRefusedError,
  XPathError,
  type XmlNode,
} from '../src/uploads/xml.js';
import { BILLION_LAUGHS, EXTERNAL_ENTITY } from './uploads-fixtures.js';

const config = `<?xml version="1.0" encoding="UTF-8"?>
<configuration status="customer-complete">
  <device id="NX107"><rom>ABC123</rom></device>
  <files>
    <file name="boot.bin"/>
    <file name="app.bin"/>
  </files>
</configuration>`;

const refusedFor = (source: string | Buffer) => {
  try {
    parseXml(source);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlRefusedError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('parseXml', () => {
  it('reads a configuration file', () => {
    const document = parseXml(Buffer.from(config));
    expect(document.documentElement!.getAttribute('status')).toBe('customer-complete');
  });

  it.each([
    ['an unclosed element', '<configuration><device></configuration>'],
    ['two roots', '<a/><b/>'],
    ['text only', 'not xml at all'],
    ['nothing', ''],
    ['an unknown entity', '<a>&unknown;</a>'],
    ['an attribute twice', '<a x="1" x="2"/>'],
  ])('refuses %s as not well-formed', (_what, source) => {
    expect(refusedFor(source)).toMatch(/well-formed|root/);
  });

  it('refuses the billion laughs document for its DTD, quickly', () => {
    const started = Date.now();
    expect(refusedFor(BILLION_LAUGHS)).toMatch(/DTD/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an external entity, never reading the file it names', () => {
    expect(refusedFor(EXTERNAL_ENTITY)).toMatch(/DTD/);
  });

  it('would not expand entities even without the DTD check: xmldom knows only the predefined five', () => {
    // The library's own behaviour, on which the refusal above does not depend.
    const passwd = fs.existsSync('/etc/passwd') ? fs.readFileSync('/etc/passwd', 'utf8') : 'root:';
    for (const source of [BILLION_LAUGHS, EXTERNAL_ENTITY]) {
      const document = new DOMParser({ onError: () => undefined }).parseFromString(source, 'application/xml');
      const text = document.documentElement?.textContent ?? '';
      expect(text.length).toBeLessThan(100);
      expect(text).not.toContain(passwd.slice(0, 10));
      expect(text).not.toContain('lollollol');
    }
  });

  it('refuses a document nested deeper than the bound, and one larger than the bound', () => {
    const depth = MAX_XML_DEPTH + 1;
    expect(refusedFor('<a>'.repeat(depth) + '</a>'.repeat(depth))).toMatch(/deeper/);
    expect(() => parseXml('<a>'.repeat(MAX_XML_DEPTH - 1) + '</a>'.repeat(MAX_XML_DEPTH - 1))).not.toThrow();
    // Deep enough to overflow a recursive walk.
    expect(refusedFor('<a>'.repeat(100_000) + '</a>'.repeat(100_000))).toMatch(/deeper/);
    expect(refusedFor(Buffer.alloc(MAX_XML_BYTES + 1, 0x20))).toMatch(/larger/);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(refusedFor(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toMatch(/UTF-8/);
  });
});

describe('evaluateXPath', () => {
  const document = parseXml(config);

  it('answers node-sets as arrays in document order', () => {
    const files = evaluateXPath(document, '//file/@name') as XmlNode[];
    expect(files.map(textOf)).toEqual(['boot.bin', 'app.bin']);
    expect(evaluateXPath(document, '//nothing')).toEqual([]);
    expect((evaluateXPath(document, '/configuration/device/rom') as XmlNode[]).map(textOf)).toEqual([
      'ABC123',
    ]);
  });

  it('answers booleans, numbers and strings as the expression yields', () => {
    expect(evaluateXPath(document, "/configuration/@status = 'customer-complete'")).toBe(true);
    expect(evaluateXPath(document, "boolean(//device[@id='NX999'])")).toBe(false);
    expect(evaluateXPath(document, 'count(//file)')).toBe(2);
    expect(evaluateXPath(document, 'string(//device/@id)')).toBe('NX107');
    expect(evaluateXPath(document, "concat(//rom, '-', count(//file))")).toBe('ABC123-2');
  });

  it('throws XPathError for an expression that does not compile', () => {
    expect(() => evaluateXPath(document, '//file[')).toThrow(XPathError);
    expect(() => checkXPath('count(//a) = ')).toThrow(XPathError);
    expect(() => checkXPath('count(//a) = 1')).not.toThrow();
  });
});
