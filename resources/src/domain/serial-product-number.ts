// Apart from tools.ts: the cart rules need only this, and the shell's cart count carries them (issue 20).
/** A tool version has a serial product number when its spn is non-empty after trimming. */
export function hasSerialProductNumber(version: { spn?: string | null }): boolean {
  return (version.spn ?? '').trim() !== '';
}
