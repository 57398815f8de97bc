import { z } from 'zod';
import { documentFileNameSchema, documentTitleSchema, URL_MAX_LENGTH } from '../validation/catalogue.js';
import { httpUrlSchema } from '../validation/text.js';

/** Imported from the provider's document system (SAMI) or added by a board admin. */
export const DOCUMENT_SOURCES = ['sami', 'custom'] as const;

/**
 * A document of a board or of the catalogue. Title and file name are plain text in the record: imported
 * documents need not follow the rules a board admin's form applies ({@link documentInputSchema}).
 */
export const documentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Document kind (datasheet, user manual, …); the spec does not list the values. */
  type: z.string(),
  filename: z.string(),
  url: httpUrlSchema,
  source: z.enum(DOCUMENT_SOURCES),
  /** Shown only to the board's projects, not in the public documents list. */
  exclusive: z.boolean(),
});
export type PortalDocument = z.infer<typeof documentSchema>;

/** The board admin's document form; the file itself is uploaded separately. */
export const DOCUMENT_TYPE_MAX_LENGTH = 100;
const documentTypeSchema = z
  .string()
  .max(DOCUMENT_TYPE_MAX_LENGTH, `Type may have at most ${DOCUMENT_TYPE_MAX_LENGTH} characters.`);

export const documentInputSchema = z.object({
  title: documentTitleSchema,
  type: documentTypeSchema,
  filename: documentFileNameSchema,
  exclusive: z.boolean(),
});
export type DocumentInput = z.infer<typeof documentInputSchema>;

/** A document as a board shows it: `primary` marks the board's primary document (at most one per board). */
export const boardDocumentSchema = documentSchema.extend({ primary: z.boolean() });
export type BoardDocument = z.infer<typeof boardDocumentSchema>;

/**
 * A user document as an admin creates it (`POST documents`): the form plus the address of the file, which is
 * uploaded or hosted separately. Its source is always `custom`.
 */
export const documentCreateSchema = documentInputSchema.extend({
  url: httpUrlSchema.max(URL_MAX_LENGTH, `A URL may have at most ${URL_MAX_LENGTH} characters.`),
});
export type DocumentCreate = z.infer<typeof documentCreateSchema>;

/** A user document created on a board page (`POST boards/{id}/documents`), optionally as its primary one. */
export const boardDocumentCreateSchema = documentCreateSchema.extend({ primary: z.boolean().optional() });
export type BoardDocumentCreate = z.infer<typeof boardDocumentCreateSchema>;

/**
 * Changes to a document: any field may be left out, and react-admin sends the whole record back. The
 * texts are checked against the rules only where they change ({@link documentUpdateIssues}): a SAMI file name
 * keeps its extension, and a title stored before a rule still saves. A SAMI document keeps the title, type, file
 * name and address SAMI gives it; only `exclusive` and `primary` change.
 */
export const documentUpdateSchema = z.object({
  title: z.string().max(URL_MAX_LENGTH).optional(),
  type: z.string().max(URL_MAX_LENGTH).optional(),
  filename: z.string().max(URL_MAX_LENGTH).optional(),
  url: z.string().max(URL_MAX_LENGTH).optional(),
  exclusive: z.boolean().optional(),
});
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

/** Changes to a board's document: those of {@link documentUpdateSchema}, and whether it is the board's primary one. */
export const boardDocumentUpdateSchema = documentUpdateSchema.extend({ primary: z.boolean().optional() });
export type BoardDocumentUpdate = z.infer<typeof boardDocumentUpdateSchema>;

const DOCUMENT_TEXT_FIELDS = ['title', 'type', 'filename', 'url'] as const;
export type DocumentTextField = (typeof DOCUMENT_TEXT_FIELDS)[number];

/** The text fields an update changes, compared with the stored document. */
export const changedDocumentFields = (
  current: PortalDocument,
  update: BoardDocumentUpdate,
): DocumentTextField[] =>
  DOCUMENT_TEXT_FIELDS.filter((field) => update[field] !== undefined && update[field] !== current[field]);

/** The rule messages of the text fields an update changes, by field; none when every change is valid. */
export function documentUpdateIssues(
  current: PortalDocument,
  update: DocumentUpdate,
): { field: DocumentTextField; message: string }[] {
  return changedDocumentFields(current, update).flatMap((field) =>
    (documentCreateSchema.shape[field].safeParse(update[field]).error?.issues ?? []).map((issue) => ({
      field,
      message: issue.message,
    })),
  );
}

/** Assigns an existing document to a board (`POST boards/{id}/document-assignments`). */
export const documentAssignmentSchema = z.object({
  documentId: z.uuid('Choose a document.'),
  primary: z.boolean().optional(),
});
export type DocumentAssignment = z.infer<typeof documentAssignmentSchema>;
