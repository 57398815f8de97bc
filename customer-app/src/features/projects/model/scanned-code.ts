/** A serial number as printed on a product: letters, digits and hyphens (spec product §5, registration). */
const SERIAL_NUMBER = /^[A-Za-z0-9-]{1,255}$/;

/** Query names a registration link may carry the serial number in: the welcome link, the create page's own. */
const SERIAL_QUERY_NAMES = ['serialnumber', 'serialNumber', 'board'];

/**
 * The serial number in a decoded QR code: the portal's welcome link, a register-page link or a bare number. Any
 * other content answers null: it is not ours to follow.
 */
export function serialFromScannedText(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (SERIAL_NUMBER.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const name of SERIAL_QUERY_NAMES) {
    const serial = url.searchParams.get(name)?.trim();
    if (serial && SERIAL_NUMBER.test(serial)) return serial;
  }
  return null;
}
