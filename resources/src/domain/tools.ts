import type { ItemType } from '../catalogue-constants.js';
import { hasSerialProductNumber } from './serial-product-number.js';

export { hasSerialProductNumber };

/** The fields of a tool that decide whether it can be installed or requested (spec product §3). */
export interface ToolKindLike {
  isOnlineTool?: boolean | null;
  type?: string | null;
}

/** Item types the launcher can install (spec product §3). */
const INSTALLABLE_ITEM_TYPES = ['tool', 'content-pack'] as const satisfies readonly ItemType[];

/** Installable only when not an online tool and the type is tool or content-pack. */
export function isInstallable(tool: ToolKindLike): boolean {
  return !tool.isOnlineTool && INSTALLABLE_ITEM_TYPES.some((type) => type === tool.type);
}

/** Requestable when not an online tool. */
export function isRequestable(tool: ToolKindLike): boolean {
  return !tool.isOnlineTool;
}

/** Download is allowed only when canDownload is exactly true; a missing flag means no. */
export function isDownloadAllowed(version: { canDownload?: boolean | null }): boolean {
  return version.canDownload === true;
}

/** The fields of a download URL that pick the default download. */
export interface DownloadLike {
  os?: string | null;
  architecture?: string | null;
}

const X64_ARCHITECTURES: readonly string[] = ['x64', 'x86_64', 'amd64'];

const isWindowsX64 = (download: DownloadLike): boolean =>
  (download.os ?? '').trim().toLowerCase() === 'windows' &&
  X64_ARCHITECTURES.includes((download.architecture ?? '').trim().toLowerCase());

/**
 * The default download of a tool version (spec product §3): the first Windows x64 one (os 'windows' and
 * architecture x64, x86_64 or amd64, ignoring case). When there is none, the first download, so a version
 * with downloads always offers one; undefined when there are no downloads.
 */
export function defaultDownload<D extends DownloadLike>(
  downloads: readonly D[] | null | undefined,
): D | undefined {
  return downloads?.find(isWindowsX64) ?? downloads?.[0];
}

/** The fields of a version that decide whether its files may be downloaded. */
export interface DownloadableVersionLike {
  canDownload?: boolean | null;
  public?: boolean | null;
  spn?: string | null;
  exportControlled?: boolean | null;
}

/** What the server knows about the caller that bears on a download. */
export interface DownloadCaller {
  signedIn: boolean;
  /** Admins download everything, to check what customers get. */
  admin: boolean;
  /** Bought this version (an approved position of a paid order). */
  entitled: boolean;
  /** Holds a granted export access request for the tool. */
  exportApproved: boolean;
}

export type DownloadRefusalReason =
  'disabled' | 'sign-in-required' | 'purchase-required' | 'export-controlled';

/**
 * Why a caller may not download a version's files (not allowed, sign-in, purchase, export approval), or null when
 * they may. Anonymous callers are asked to sign in before anything else is said.
 */
export function downloadRefusal(
  version: DownloadableVersionLike,
  caller: DownloadCaller,
): DownloadRefusalReason | null {
  if (caller.admin) return null;
  if (!isDownloadAllowed(version)) return 'disabled';
  const payable = hasSerialProductNumber(version);
  if (!caller.signedIn && (!version.public || payable || version.exportControlled)) return 'sign-in-required';
  if (payable && !caller.entitled) return 'purchase-required';
  if (version.exportControlled && !caller.exportApproved) return 'export-controlled';
  return null;
}
