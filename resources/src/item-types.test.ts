import { describe, expect, it } from 'vitest';
import { isItemType, ITEM_TYPES } from './catalogue-constants.js';
import { itemTypeSchema } from './item-types.js';

describe('item types', () => {
  it('are the eight of spec product §3', () => {
    expect(ITEM_TYPES).toEqual([
      'tool',
      'software',
      'software_external',
      'tool_online',
      'legacy-tool',
      'content-pack',
      'netlist',
      'document',
    ]);
  });

  it.each([
    ['tool', true],
    ['software_external', true],
    ['legacy-tool', true],
    ['content-pack', true],
    ['Tool', false],
    ['legacy_tool', false],
    ['content_pack', false],
    ['bundle', false],
    ['', false],
    [null, false],
  ])('%j is an item type: %s', (value, expected) => {
    expect(isItemType(value)).toBe(expected);
    expect(itemTypeSchema.safeParse(value).success).toBe(expected);
  });
});
