import { z } from 'zod';
import { ITEM_TYPES } from './catalogue-constants.js';

/** The item types as a schema; the list itself is zod-free in `catalogue-constants.ts`. */
export const itemTypeSchema = z.enum(ITEM_TYPES);
