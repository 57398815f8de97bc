import { sizeLimitText } from '../constants.js';
import type { UploadProblem } from './upload-rules.js';

/**
 * A tool's icon (issue 45): the image types the catalogue shows and their file extensions. No SVG: a drawing can
 * carry script, and these files are served from the portal's own origin.
 */
export const TOOL_ICON_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ToolIconType = keyof typeof TOOL_ICON_TYPES;
/** An icon is shown at most at 96 pixels: a quarter megabyte is plenty. */
export const TOOL_ICON_MAX_BYTES = 256 * 1024;
/** Where a stored icon lives, relative to the API's base URL (the catalogue resolves `icon` against it). */
export const TOOL_ICON_PATH = 'tool-icons';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The image type the bytes are, by their signature, whatever their sender said; null for anything else. */
export function toolIconTypeOf(bytes: Uint8Array): ToolIconType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/**
 * The one rule of an icon upload, asked by the console before sending and by the server: a PNG, JPEG or WebP
 * image (by its bytes, and as sent) of at most {@link TOOL_ICON_MAX_BYTES}.
 */
export function toolIconProblem(sentType: string, bytes: Uint8Array): UploadProblem | null {
  if (bytes.length > TOOL_ICON_MAX_BYTES)
    return {
      status: 413,
      errorCode: 'file_too_big',
      message: `An icon may have at most ${TOOL_ICON_SIZE_TEXT}.`,
    };
  const type = toolIconTypeOf(bytes);
  if (!type || type !== sentType.split(';')[0]!.trim().toLowerCase())
    return {
      status: 400,
      errorCode: 'wrong_file_type',
      message: `An icon is an image of type ${TOOL_ICON_TYPE_LIST}.`,
    };
  return null;
}

/** A stored icon's path: named by its content's SHA-256, so its URL never changes meaning (cached for good). */
export const toolIconPath = (sha256Hex: string, type: ToolIconType) =>
  `${TOOL_ICON_PATH}/${sha256Hex}.${TOOL_ICON_TYPES[type]}`;

/** A stored icon's file name as the icon route takes it (`<sha256>.<extension>`). */
export const TOOL_ICON_FILE_NAME = new RegExp(
  `^[0-9a-f]{64}\\.(${Object.values(TOOL_ICON_TYPES).join('|')})$`,
);
/** The accepted icon types as a message lists them ("image/png, image/jpeg, image/webp"). */
export const TOOL_ICON_TYPE_LIST = Object.keys(TOOL_ICON_TYPES).join(', ');
/** The icon size limit as a message names it. */
export const TOOL_ICON_SIZE_TEXT = sizeLimitText(TOOL_ICON_MAX_BYTES);
