import type { ResourceDefinition } from '@portal/resources';
import { createContext, useContext, type ReactNode } from 'react';

const DefinitionsContext = createContext<ReadonlyMap<string, ResourceDefinition>>(new Map());

/** The definitions of the console, so a reference field finds what it points at. */
export function DefinitionsProvider({
  definitions,
  children,
}: {
  definitions: ReadonlyMap<string, ResourceDefinition>;
  children: ReactNode;
}) {
  return <DefinitionsContext.Provider value={definitions}>{children}</DefinitionsContext.Provider>;
}

export const useDefinitions = () => useContext(DefinitionsContext);
