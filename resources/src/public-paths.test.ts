import { describe, expect, it } from 'vitest';
import { CATALOGUE_ITEM_PATHS, catalogueItemPath } from './public-paths.js';

describe('catalogueItemPath', () => {
  it('addresses tools and documents by feature ID and bundles by their own UUID, on the routes of each', () => {
    expect(catalogueItemPath('tool', 'nx-flash-programmer')).toBe('/assets/nx-flash-programmer');
    expect(catalogueItemPath('document', 'doc-nx240-datasheet')).toBe('/document/doc-nx240-datasheet');
    const uuid = '0b4d3c52-8e2f-4f57-9a2e-6a3c1b7e9f10';
    expect(catalogueItemPath('software-bundle', uuid)).toBe(`/software-bundles/${uuid}`);
    expect(CATALOGUE_ITEM_PATHS.tool.replace(':featureId', 'x')).toBe(catalogueItemPath('tool', 'x'));
  });

  it('keeps an address to one path segment, whatever it holds', () => {
    expect(catalogueItemPath('tool', '../admin?x=1#y')).toBe('/assets/..%2Fadmin%3Fx%3D1%23y');
    expect(catalogueItemPath('document', 'a b/ü')).toBe('/document/a%20b%2F%C3%BC');
  });
});
