import { z } from 'zod';

/** The item types of spec product §3: what a catalogue entry, a tool's `type` or a cart line can be. */
export const ITEM_TYPES = [
  'tool',
  'software',
  'software_external',
  'tool_online',
  'legacy-tool',
  'content-pack',
  'netlist',
  'document',
] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export const itemTypeSchema = z.enum(ITEM_TYPES);

export function isItemType(value: unknown): value is ItemType {
  return (ITEM_TYPES as readonly unknown[]).includes(value);
}
