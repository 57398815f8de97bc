import { describe, expect, it } from 'vitest';
import {
  TOOL_ICON_FILE_NAME,
  TOOL_ICON_MAX_BYTES,
  toolIconPath,
  toolIconProblem,
  toolIconTypeOf,
} from './tool-icons.js';

/** The first bytes of each accepted image type (the rule reads the signature only). */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe('the tool icon rule (issue 45)', () => {
  it('knows PNG, JPEG and WebP by their bytes, and nothing else', () => {
    expect([PNG, JPEG, WEBP, SVG].map(toolIconTypeOf)).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
      null,
    ]);
  });

  it('accepts an image sent as the type it is, any case and with parameters', () => {
    expect(toolIconProblem('image/png', PNG)).toBeNull();
    expect(toolIconProblem('IMAGE/JPEG; charset=binary', JPEG)).toBeNull();
    expect(toolIconProblem('image/webp', WEBP)).toBeNull();
  });

  it('refuses no image, an image sent as another type, and one over the size', () => {
    expect(toolIconProblem('image/svg+xml', SVG)).toMatchObject({
      status: 400,
      errorCode: 'wrong_file_type',
    });
    expect(toolIconProblem('image/png', SVG)).toMatchObject({ status: 400, errorCode: 'wrong_file_type' });
    expect(toolIconProblem('image/jpeg', PNG)).toMatchObject({
      status: 400,
      message: 'An icon is an image of type image/png, image/jpeg, image/webp.',
    });
    const big = new Uint8Array(TOOL_ICON_MAX_BYTES + 1);
    big.set(PNG);
    expect(toolIconProblem('image/png', big)).toMatchObject({ status: 413, errorCode: 'file_too_big' });
    expect(toolIconProblem('image/png', big.subarray(0, TOOL_ICON_MAX_BYTES))).toBeNull();
  });

  it('names a stored icon by its content, as the icon route takes it', () => {
    const path = toolIconPath('a'.repeat(64), 'image/jpeg');
    expect(path).toBe(`tool-icons/${'a'.repeat(64)}.jpg`);
    expect(path.split('/')[1]).toMatch(TOOL_ICON_FILE_NAME);
    expect('../etc/passwd.png').not.toMatch(TOOL_ICON_FILE_NAME);
  });
});
