import { z } from 'zod';
import { customBundleSchema, softwareBundleSchema } from './bundle.js';
import { toolSchema, toolVersionSchema } from './tool.js';

/**
 * An entry of the cart kept in local storage (spec product §4). A tool entry carries the chosen version as
 * `package`; a custom bundle travels as `customBundle`. Unique key and payable split: `domain/cart.ts`.
 */
export const cartEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tool'), item: toolSchema, package: toolVersionSchema }),
  z.object({ type: z.literal('bundle'), item: softwareBundleSchema }),
  z.object({ type: z.literal('custom-bundle'), customBundle: customBundleSchema }),
]);
export type CartEntry = z.infer<typeof cartEntrySchema>;
