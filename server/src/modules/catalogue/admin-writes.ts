import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import type { ApiError } from '../../http/errors.js';

/** A list answered whole (every version of an item) as one Content-Range page. */
export const wholeListRange = (count: number) => `versions ${count ? `0-${count - 1}` : '*'}/${count}`;

/** Turns the constraint violations of an admin write into their API errors (a taken key, an unknown reference). */
export async function refusing<T>(
  work: Promise<T>,
  errors: { duplicate?: () => ApiError; unknownReference?: () => ApiError },
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (errors.duplicate && isUniqueViolation(error)) throw errors.duplicate();
    if (errors.unknownReference && isForeignKeyViolation(error)) throw errors.unknownReference();
    throw error;
  }
}
