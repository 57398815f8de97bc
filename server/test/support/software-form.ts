import type { SoftwareRecord } from '@portal/resources';

/** The admin form's body that writes a tool record back as it is (`internalOnly` left out: the write keeps it). */
export const softwareFormOf = (record: SoftwareRecord) => ({
  name: record.name,
  type: record.type,
  icon: record.icon,
  description: record.description,
  externalUrl: record.externalUrl,
  isOnlineTool: record.isOnlineTool,
  isInstallableViaLauncher: record.isInstallableViaLauncher,
  licenseText: record.licenseText,
});
