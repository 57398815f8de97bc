import { z } from 'zod';

/**
 * Whose rows a list of customers' records answers (licenses, orders, installers, export access requests): left
 * out, the caller's own, every customer's for an admin (the console); `own`, the caller's own whatever their
 * roles (the command line's service accounts); `all`, every customer's, for an admin only (403 otherwise).
 */
export const OWN_LIST_SCOPES = ['own', 'all'] as const;
export type OwnListScope = (typeof OWN_LIST_SCOPES)[number];
export const ownListQuerySchema = z.object({
  scope: z.enum(OWN_LIST_SCOPES).optional().describe("own: the caller's rows; all: everyone's (admins)"),
});
