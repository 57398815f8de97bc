import type { z } from 'zod';
import { boardSchema } from './board.js';
import { errorBodySchema } from './errors.js';
import { portalConfigSchema } from './portal-config.js';
import { userSchema } from './user.js';

/**
 * The published contract: every entity whose JSON Schema `pnpm gen` writes to `json-schema/` and turns back
 * into TypeScript declarations in `generated/`. Keys are the declaration names.
 */
export const CONTRACT_SCHEMAS = {
  Board: boardSchema,
  ErrorBody: errorBodySchema,
  PortalConfig: portalConfigSchema,
  User: userSchema,
} satisfies Record<string, z.ZodType>;
