import { DOMParser, MIME_TYPE, type Document, type Node as XmlNode } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { MAX_XML_FILE_SIZE_BYTES, sizeLimitText } from '@portal/resources';
import { ApiError } from '../transport/errors.js';

/**
 * Uploaded XML, bounded before anyone reads it: a DTD is refused before parsing, so no entity (XXE, billion laughs)
 * is ever declared, and size, depth and node count are capped. A refusal is 400 `metadata_invalid` naming the file.
 */
export type XmlDocument = Document;
export type { XmlNode };

/** Largest XML document parsed (a configuration file is a few kilobytes); the upload form knows it too. */
export const MAX_XML_BYTES = MAX_XML_FILE_SIZE_BYTES;
export const MAX_XML_DEPTH = 64;
const MAX_XML_NODES = 200_000;

export class XmlRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'XmlRefusedError';
  }
}

/** The refusal of an upload's XML as the API answers it. */
export function xmlInvalid(fileName: string, reason: string): ApiError {
  return ApiError.of(400, 'metadata_invalid', `The XML file is not valid: ${reason}`, [fileName]);
}

/** Walks the tree without recursion (a deep document must not overflow the stack here). */
function checkShape(document: Document): void {
  let nodes = 0;
  const stack: Array<{ node: XmlNode; depth: number }> = [{ node: document, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > MAX_XML_NODES) throw new XmlRefusedError(`it has more than ${MAX_XML_NODES} nodes.`);
    if (depth > MAX_XML_DEPTH) throw new XmlRefusedError(`it nests deeper than ${MAX_XML_DEPTH} levels.`);
    for (let child = node.firstChild; child; child = child.nextSibling) {
      stack.push({ node: child, depth: depth + 1 });
    }
  }
}

/**
 * Parses an XML document safely; throws XmlRefusedError with the reason (not well-formed, a DTD, too large, too
 * deep). Bytes must be UTF-8 (or its ASCII subset), the encoding of the portal's configuration files.
 */
export function parseXml(source: Buffer | string): XmlDocument {
  const size = typeof source === 'string' ? Buffer.byteLength(source) : source.length;
  if (size > MAX_XML_BYTES) {
    throw new XmlRefusedError(`it is larger than ${sizeLimitText(MAX_XML_BYTES)}.`);
  }
  let text: string;
  try {
    text = typeof source === 'string' ? source : new TextDecoder('utf-8', { fatal: true }).decode(source);
  } catch {
    throw new XmlRefusedError('it is not UTF-8 text.');
  }
  // Comments and CDATA may mention a DOCTYPE harmlessly, but a configuration file needs neither near one.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new XmlRefusedError('document type declarations (DTD) and entities are not allowed.');
  }
  let problem: string | null = null;
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level === 'warning') return;
      problem ??= message.split('\n')[0] ?? message;
      // Stops the parser: the document is refused as a whole.
      throw new XmlRefusedError(problem);
    },
  });
  let document: Document;
  try {
    document = parser.parseFromString(text, MIME_TYPE.XML_APPLICATION);
  } catch (error) {
    throw new XmlRefusedError(
      `it is not well-formed XML (${problem ?? (error instanceof Error ? error.message : 'parse error')}).`,
    );
  }
  if (!document.documentElement) throw new XmlRefusedError('it has no root element.');
  checkShape(document);
  return document;
}

export type XPathResult = XmlNode[] | boolean | number | string;

export class XPathError extends Error {
  constructor(expression: string, reason: string) {
    super(`The XPath expression ${JSON.stringify(expression)} is not valid: ${reason}`);
    this.name = 'XPathError';
  }
}

/**
 * Evaluates an XPath 1.0 expression on a document: a node-set (as an array, in document order), a boolean, a
 * number or a string, as the expression yields. Throws XPathError for an expression that does not compile.
 */
export function evaluateXPath(document: XmlDocument, expression: string): XPathResult {
  let result: xpath.SelectReturnType;
  try {
    result = xpath.select(expression, document as unknown as globalThis.Node);
  } catch (error) {
    throw new XPathError(expression, error instanceof Error ? error.message : String(error));
  }
  if (result === null || result === undefined) return [];
  if (Array.isArray(result)) return result as unknown as XmlNode[];
  if (typeof result === 'object') return [result as unknown as XmlNode];
  return result;
}

/** Checks an expression compiles (an admin's validation entry), without a document of the customer. */
export function checkXPath(expression: string): void {
  const document = new DOMParser().parseFromString('<empty/>', MIME_TYPE.XML_APPLICATION);
  evaluateXPath(document, expression);
}

/** The text of a node as XPath's string() sees it. */
export const textOf = (node: XmlNode): string => node.textContent ?? '';
