/** A serial number as printed on a product: letters, digits and hyphens (spec product §5, registration). */
const SERIAL_NUMBER = /^[A-Za-z0-9-]{1,255}$/;

/** Query names a registration link may carry the serial number in: the welcome link, the create page's own. */
const SERIAL_QUERY_NAMES = ['serialnumber', 'serialNumber', 'board'];

/**
 * The serial number in the text a QR code decoded to. The QR codes the portal prints for serial numbers encode
 * the registration link `<portal>/welcome?serialnumber=<value>`; other labels may carry the bare serial number, or
 * a link to the register page (`/my/projects/create?board=<value>`). Any other content (a web address without a
 * serial number, free text) answers null: it is not ours to follow.
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
