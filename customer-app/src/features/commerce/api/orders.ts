import type { ApiClient, ListResult } from '@portal/data-provider';
import type {
  InstallationKey,
  InstallerRecord,
  LicenseRecord,
  LicenseStatus,
  OrderRecord,
  OrderStatus,
} from '@portal/resources';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export interface PageQuery<F> {
  offset: number;
  limit: number;
  filter: F;
}

export const orderKeys = {
  orders: (query: PageQuery<{ status?: OrderStatus }>) => ['orders', query] as const,
  licenses: (query: PageQuery<{ status?: LicenseStatus }>) => ['licenses', query] as const,
  installersAll: ['installers'] as const,
  installers: (query: PageQuery<Record<string, never>>) => ['installers', query] as const,
};

/** `GET orders`: the caller's orders with their positions, newest first. */
export function ordersQuery(api: ApiClient, query: PageQuery<{ status?: OrderStatus }>) {
  return queryOptions<ListResult<OrderRecord>>({
    queryKey: orderKeys.orders(query),
    queryFn: ({ signal }) =>
      api.callList('GET /orders', {
        ...query,
        sort: ['requestedAt', 'DESC'],
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET licenses`: the caller's licenses, newest first. */
export function licensesQuery(api: ApiClient, query: PageQuery<{ status?: LicenseStatus }>) {
  return queryOptions<ListResult<LicenseRecord>>({
    queryKey: orderKeys.licenses(query),
    queryFn: ({ signal }) => api.callList('GET /licenses', { ...query, sort: ['grantedAt', 'DESC'], signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET installers`: the caller's installers with their installation keys, newest first. */
export function installersQuery(api: ApiClient, query: PageQuery<Record<string, never>>) {
  return queryOptions<ListResult<InstallerRecord>>({
    queryKey: orderKeys.installers(query),
    queryFn: ({ signal }) =>
      api.callList('GET /installers', { ...query, sort: ['createdAt', 'DESC'], signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST installers`: an installer for a tool the launcher can install, with its first installation key. */
export function createInstaller(api: ApiClient, featureId: string): Promise<InstallerRecord> {
  return api.call('POST /installers', { body: { featureId } });
}

/** `POST installers/{id}/installation-keys`: a new key, which becomes the latest. */
export function issueInstallationKey(api: ApiClient, installerId: string): Promise<InstallationKey> {
  return api.call('POST /installers/:id/installation-keys', { params: { id: installerId } });
}
