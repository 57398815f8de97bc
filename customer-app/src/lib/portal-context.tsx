import type { ApiClient, PortalConfig, Session } from '@portal/data-provider';
import { createContext, useContext, type ReactNode } from 'react';
import type { NotificationStore } from '../notifications/notification-store';
import type { ToolApiVersionStore } from '../session/tool-api-version';

export interface PortalServices {
  config: PortalConfig;
  session: Session;
  api: ApiClient;
  notifications: NotificationStore;
  toolApiVersion: ToolApiVersionStore;
}

const PortalContext = createContext<PortalServices | null>(null);

export function PortalProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  return <PortalContext.Provider value={services}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalServices {
  const services = useContext(PortalContext);
  if (!services) throw new Error('usePortal must be used inside <PortalProvider>');
  return services;
}
