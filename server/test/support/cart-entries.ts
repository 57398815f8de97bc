/** Cart entries as the browser sends them to `POST /checkouts`. */
export const tool = (featureId: string, version: string) => ({
  type: 'tool',
  item: { featureId },
  package: { version },
});
export const bundle = (uuid: string) => ({ type: 'bundle', item: { uuid } });
export const custom = (name: string, toolFeatureIds: string[]) => ({
  type: 'custom-bundle',
  customBundle: { name, toolFeatureIds },
});
