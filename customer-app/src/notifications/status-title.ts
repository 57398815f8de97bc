import { STATUS_TITLES, statusTitle } from '@portal/resources';
import type { MessageKey } from '../i18n/i18n';

const TITLED_STATUSES = Object.keys(STATUS_TITLES).map(Number);

/**
 * The catalogue key of a status title (spec calls §8.2). Statuses §8.2 does not list take the title
 * `statusTitle` of @portal/resources gives them (that of their class).
 */
export function statusTitleKey(status: number): MessageKey {
  if (status === 0) return 'error.network';
  const title = statusTitle(status);
  const titled = TITLED_STATUSES.find((candidate) => STATUS_TITLES[candidate] === title);
  return titled === undefined ? 'error.unknown' : (`error.status.${titled}` as MessageKey);
}
