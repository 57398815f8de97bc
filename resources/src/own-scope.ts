import { z } from 'zod';

/** Query parameters of react-admin's simple-rest dialect, as strings of JSON (the server's list querystring). */
export const simpleRestQuerySchema = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(10_000).optional(),
});

/**
 * Whose rows a list of customers' records answers (licenses, orders, installers, export access requests): left
 * out, the caller's own, every customer's for an admin (the console); `own`, the caller's own whatever their
 * roles (the command line's service accounts); `all`, every customer's, for an admin only (403 otherwise).
 */
const OWN_LIST_SCOPES = ['own', 'all'] as const;
export type OwnListScope = (typeof OWN_LIST_SCOPES)[number];
/** The querystring of such a list: the simple-rest parameters and `scope`. */
export const ownListQuerySchema = simpleRestQuerySchema.extend({
  scope: z.enum(OWN_LIST_SCOPES).optional().describe("own: the caller's rows; all: everyone's (admins)"),
});
