import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boardSerialNumbersResource } from '../admin/resources/board-serial-numbers.js';
import { boardsResource } from '../admin/resources/boards.js';
import { chars, messagesFor } from '../validation/test-helpers.js';
import { sourceProvidesReleaseFlag } from '../validation/board.js';
import {
  boardCreateSchema,
  boardRecordSchema,
  boardSupportLinkInputSchema,
  boardUpdateSchema,
} from './board.js';
import { serialNumbersAddSchema, sikFileSchema } from './board-access.js';
import { changedDocumentFields, documentUpdateIssues, type PortalDocument } from './document.js';
import { gettingStartedListInputSchema } from './getting-started.js';
import { partnerInputSchema } from './partner.js';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('sourceProvidesReleaseFlag', () => {
  it.each([
    ['BSG', true],
    ['portal, bsg', true],
    ['SAMI,BSG ', true],
    ['portal', false],
    ['BSGX', false],
    ['', false],
    [null, false],
  ])('%j → %s', (source, expected) => {
    expect(sourceProvidesReleaseFlag(source)).toBe(expected);
  });
});

describe('boardCreateSchema', () => {
  it('needs only a name', () => {
    expect(boardCreateSchema.parse({ name: 'Kit_1' })).toEqual({ name: 'Kit_1' });
  });

  it('reads blank optional texts as none', () => {
    expect(boardCreateSchema.parse({ name: 'Kit_1', ispn: ' ', supportLink: '', image: '' })).toEqual({
      name: 'Kit_1',
      ispn: null,
      supportLink: null,
      image: null,
    });
  });

  it.each([
    [{ name: 'Kit 1' }, 'Board name may contain only letters, digits, - and _.'],
    [{ name: 'Kit_1', features: ['a\nb'] }, 'A bullet point is one line of text.'],
    [{ name: 'Kit_1', features: [' '] }, 'A bullet point may not be empty.'],
    [
      { name: 'Kit_1', benefits: Array.from({ length: 51 }, () => 'x') },
      'A board may have at most 50 bullet points here.',
    ],
    [
      { name: 'Kit_1', image: '//cdn.example.com/x.png' },
      'Please enter a web address starting with http:// or https://, or a path on this site starting with /.',
    ],
    [
      { name: 'Kit_1', serialnumber: 'ESIM-1' },
      'Validation error. A serial number may consist only of letters and numbers.',
    ],
    [
      { name: 'Kit_1', supportLink: `https://example.com/${chars(2040)}` },
      'A support link may have at most 2048 characters.',
    ],
  ])('refuses %j', (body, message) => {
    expect(messagesFor(boardCreateSchema, body)).toContain(message);
  });

  it('accepts an image on the site or on the web', () => {
    for (const image of ['/images/kit.png', 'https://cdn.example.com/kit.png']) {
      expect(messagesFor(boardCreateSchema, { name: 'Kit_1', image })).toEqual([]);
    }
  });
});

describe('boardUpdateSchema', () => {
  it('leaves out what is not sent and applies no defaults', () => {
    expect(boardUpdateSchema.parse({ secure: true })).toEqual({ secure: true });
  });

  it('ignores the read-only fields of a record sent back', () => {
    const parsed = boardUpdateSchema.parse({
      name: 'Kit_1',
      id: ID,
      source: 'BSG',
      releaseFlagReadOnly: true,
    });
    expect(parsed).toEqual({ name: 'Kit_1' });
  });
});

describe('boardSupportLinkInputSchema', () => {
  it('takes null or empty as no link', () => {
    expect(boardSupportLinkInputSchema.parse({ supportLink: '' })).toEqual({ supportLink: null });
    expect(boardSupportLinkInputSchema.parse({ supportLink: null })).toEqual({ supportLink: null });
  });
});

describe('the board admin record', () => {
  it('is what the board definition shows and more', () => {
    const sources = boardsResource.fields.map((field) => field.source);
    expect(sources.every((source) => source in boardRecordSchema.shape)).toBe(true);
    expect(boardsResource.create).toBe(boardCreateSchema);
  });

  it('lists serial numbers by what the record carries', () => {
    const { list, record } = boardSerialNumbersResource;
    for (const field of [...list.sortable, ...list.columns]) expect(record.shape).toHaveProperty(field);
  });
});

describe('serialNumbersAddSchema', () => {
  it('takes the text and an optional registration mode', () => {
    expect(serialNumbersAddSchema.parse({ serialNumbers: 'A1\nA2' })).toEqual({ serialNumbers: 'A1\nA2' });
    expect(serialNumbersAddSchema.safeParse({ serialNumbers: ['A1'] }).success).toBe(false);
  });
});

describe('sikFileSchema', () => {
  it('reads a Sik file and converts to JSON Schema', () => {
    const sik = {
      format: 'portal-sik',
      version: 1,
      board: { id: ID, name: 'Kit_1', ispn: 'KIT-1', ispnId: null },
      publicKey: null,
      generatedAt: '2025-01-01T00:00:00.000Z',
      serialNumbers: [{ value: 'A1', multiRegistration: false }],
    };
    expect(sikFileSchema.parse(sik)).toEqual(sik);
    expect(sikFileSchema.safeParse({ ...sik, format: 'csv' }).success).toBe(false);
    expect(() => z.toJSONSchema(sikFileSchema)).not.toThrow();
  });
});

describe('document updates', () => {
  const sami: PortalDocument = {
    id: ID,
    title: 'Datasheet (rev. 2)',
    type: 'datasheet',
    filename: 'datasheet.pdf',
    url: 'https://sami.example.com/datasheet.pdf',
    source: 'sami',
    exclusive: false,
  };

  it('does not check again what does not change', () => {
    expect(changedDocumentFields(sami, { ...sami, exclusive: true })).toEqual([]);
    expect(documentUpdateIssues(sami, { ...sami, exclusive: true })).toEqual([]);
  });

  it('checks what changes against the rules', () => {
    expect(changedDocumentFields(sami, { title: 'New', filename: 'datasheet.pdf' })).toEqual(['title']);
    expect(documentUpdateIssues(sami, { filename: 'other/x.pdf', url: 'ftp://x' })).toEqual([
      { field: 'filename', message: 'File name may contain only letters, digits, spaces, dots and - _ ( )' },
      { field: 'url', message: 'Please enter a valid URL starting with http:// or https://.' },
    ]);
  });
});

describe('gettingStartedListInputSchema', () => {
  it('needs a title on the items it keeps, not on those marked removed', () => {
    expect(
      messagesFor(gettingStartedListInputSchema, {
        items: [
          { id: ID, title: '', removed: true },
          { title: 'Install', description: null },
        ],
      }),
    ).toEqual([]);
    expect(messagesFor(gettingStartedListInputSchema, { items: [{ title: '  ' }] })).toEqual([
      'Title is required.',
    ]);
  });

  it('refuses an item named twice and too many items', () => {
    expect(
      messagesFor(gettingStartedListInputSchema, {
        items: [
          { id: ID, title: 'A' },
          { id: ID, title: 'B' },
        ],
      }),
    ).toEqual(['An item appears twice in the list.']);
    expect(
      messagesFor(gettingStartedListInputSchema, {
        items: Array.from({ length: 101 }, () => ({ title: 'A' })),
      }),
    ).toEqual(['A board may have at most 100 getting-started items.']);
  });
});

describe('partnerInputSchema', () => {
  it('reads an empty or missing logo as none', () => {
    expect(
      partnerInputSchema.parse({ name: 'Acme', linkUrl: 'https://acme.example.com', logoUrl: '' }),
    ).toEqual({
      name: 'Acme',
      linkUrl: 'https://acme.example.com',
      logoUrl: null,
    });
    expect(
      partnerInputSchema.parse({ name: 'Acme', linkUrl: 'https://acme.example.com' }).logoUrl,
    ).toBeUndefined();
  });
});
