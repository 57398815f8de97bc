import { boardsResource } from '@portal/resources';
import { GeneratedList } from '../../generator/views';
import { boardsCustomization } from './customization';

/**
 * The board overview (spec product §2.4): the boards list of the definition with the per-board actions in
 * each row. On the dashboard it keeps its sort and filters to itself rather than in the address bar.
 */
export function BoardOverviewList({ embedded = false }: { embedded?: boolean }) {
  return (
    <GeneratedList
      definition={boardsResource}
      customization={boardsCustomization}
      disableSyncWithLocation={embedded}
      title={embedded ? false : undefined}
    />
  );
}
