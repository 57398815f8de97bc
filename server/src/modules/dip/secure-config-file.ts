import {
  ERROR_MESSAGES,
  encryptedUploadName,
  isCustomerCompleteStatus,
  type ErrorItem,
} from '@portal/resources';
import { ApiError } from '../../transport/errors.js';
import { checkUploadName } from '../../uploads/file-rules.js';
import { evaluateXPath, textOf, XPathError, type XmlDocument, type XPathResult } from '../../uploads/xml.js';
import type { XmlEntryRow } from './records.js';

/** What a secure configuration (XML) says, once it passed the board's XML validation entries. */
export interface ConfigFacts {
  /** Values of the metadata entries, by metadata key. */
  metadata: Record<string, string>;
  /** Names of the encrypted files it references: each `filename` entry's values plus `.asc` (spec §5). */
  referencedFiles: string[];
  /** The root element's `status` says "customer complete" (see CUSTOMER_COMPLETE_STATUS). */
  customerComplete: boolean;
}

const describe = (result: XPathResult) =>
  Array.isArray(result)
    ? `${result.length} node${result.length === 1 ? '' : 's'}`
    : `the value ${JSON.stringify(result)}`;

function evaluate(document: XmlDocument, entry: XmlEntryRow): XPathResult | XPathError {
  try {
    return evaluateXPath(document, entry.xpath);
  } catch (error) {
    if (error instanceof XPathError) return error;
    throw error;
  }
}

/**
 * Checks an uploaded configuration against the board's XML validation entries (spec §5) and reads what it says:
 * - `metadata`: the XPath must select exactly one node; its text is stored under the entry's metadata key
 *   (else 400 `metadata_invalid`);
 * - `match`: the expression must be true, or select exactly one node (else 400 `match_failed`);
 * - `filename`: the nodes (or the string) it selects name files that must be uploaded encrypted, as the name plus
 *   `.asc`; a name that could never be uploaded (path separators, …) is `metadata_invalid`.
 * Every failed entry is one item of the error, naming the file; an entry's own error message replaces the generic one.
 */
export function checkConfigFile(
  document: XmlDocument,
  entries: XmlEntryRow[],
  fileName: string,
): ConfigFacts {
  const problems: ErrorItem[] = [];
  const fail = (code: 'metadata_invalid' | 'match_failed', entry: XmlEntryRow, reason: string) =>
    problems.push({
      errorCode: code,
      resources: [fileName],
      messages: [entry.errorMessage ?? `${ERROR_MESSAGES[code]} ${reason}`],
    });
  const metadata: Record<string, string> = {};
  const referenced = new Set<string>();

  for (const entry of entries) {
    const result = evaluate(document, entry);
    if (result instanceof XPathError) {
      fail(entry.type === 'match' ? 'match_failed' : 'metadata_invalid', entry, result.message);
      continue;
    }
    switch (entry.type) {
      case 'metadata':
        if (Array.isArray(result) && result.length === 1) {
          metadata[entry.metadataKey ?? entry.xpath] = textOf(result[0]!).trim();
        } else {
          fail(
            'metadata_invalid',
            entry,
            `${entry.xpath} must select exactly one node; it gives ${describe(result)}.`,
          );
        }
        break;
      case 'match':
        if (!(result === true || (Array.isArray(result) && result.length === 1))) {
          fail('match_failed', entry, `${entry.xpath} must be true once; it gives ${describe(result)}.`);
        }
        break;
      case 'filename': {
        const names = (Array.isArray(result) ? result.map(textOf) : [String(result)])
          .map((name) => name.trim())
          .filter(Boolean);
        for (const name of names) {
          const encrypted = encryptedUploadName(name);
          try {
            checkUploadName(encrypted);
            referenced.add(encrypted);
          } catch {
            fail(
              'metadata_invalid',
              entry,
              `The referenced file name ${JSON.stringify(name)} cannot be uploaded.`,
            );
          }
        }
        break;
      }
    }
  }
  if (problems.length) throw new ApiError(400, problems);
  return {
    metadata,
    referencedFiles: [...referenced].sort(),
    customerComplete: isCustomerCompleteStatus(document.documentElement?.getAttribute('status')),
  };
}
