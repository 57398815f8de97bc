/** Placeholder images for boards without an image of their own (spec product §3), served by the apps. */
const BOARD_PLACEHOLDER_IMAGES = {
  secure: '/images/placeholder-secure.svg',
  board: '/images/placeholder-board.svg',
  chip: '/images/placeholder-chip.svg',
} as const;

/**
 * The placeholder image of a board: secure boards get the secure one whatever their product type; otherwise
 * product type board gets the board one and everything else the chip one, chip being the default product type.
 */
export function boardPlaceholderImage(board: {
  secure?: boolean | null;
  productType?: string | null;
}): string {
  if (board.secure) return BOARD_PLACEHOLDER_IMAGES.secure;
  return board.productType === 'board' ? BOARD_PLACEHOLDER_IMAGES.board : BOARD_PLACEHOLDER_IMAGES.chip;
}

/**
 * The serial number that marks the eSIM board. The spec does not give the value: this is the portal's own
 * default, overridable per call so a deployment can configure its own.
 */
export const DEFAULT_ESIM_SERIAL_NUMBER = 'ESIM0000EVAL';

/** A board is an eSIM board when its serial number equals the configured eSIM serial number, exactly. */
export function isEsimBoard(
  board: { serialnumber?: string | null },
  esimSerialNumber: string = DEFAULT_ESIM_SERIAL_NUMBER,
): boolean {
  return esimSerialNumber !== '' && board.serialnumber === esimSerialNumber;
}
