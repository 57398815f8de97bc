import type { ApiClient } from '@portal/data-provider';
import { createContext, useContext, type ReactNode } from 'react';
import type { Download } from './admin-data-provider';

export interface ApiContextValue {
  /** The typed API client, for hand-made pages whose calls are not CRUD. */
  api: ApiClient;
  download: Download;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/**
 * The API client for hand-made pages. Not reached through react-admin's `useDataProvider`, which wraps every
 * property of the data provider as a data call.
 */
export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi needs an <ApiProvider>');
  return value;
}

export const useApi = (): ApiClient => useApiContext().api;
export const useDownload = (): Download => useApiContext().download;
