import { useState, type ReactNode } from 'react';
import { usePortal } from '../../../lib/portal-context';

/**
 * An item's icon from the catalogue's icon path (calls §7.8: relative to the tools API's v1 base, which is this
 * portal's API root; an absolute address is taken as it is). Decorative: the item's name is beside it. The
 * fallback (the kind's icon) stands in when there is none or it fails to load.
 */
export function CatalogueIcon({ icon, fallback }: { icon: string | null; fallback: ReactNode }) {
  const { api } = usePortal();
  const [failed, setFailed] = useState(false);
  if (!icon || failed) return fallback;
  return (
    <img
      src={new URL(icon, `${api.baseUrl}/`).href}
      width={24}
      height={24}
      loading="lazy"
      alt=""
      onError={() => setFailed(true)}
    />
  );
}
