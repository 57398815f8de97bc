import Handshake from '@mui/icons-material/Handshake';
import { partnersResource } from '@portal/resources';
import type { ResourceCustomization } from '../../generator/resource';
import { GeneratedCreate, GeneratedEdit } from '../../generator/views';
import { gatedRoute } from '../../pages/page-access';

/** Partners, generated; the spec's paths /admin/partners/add and /admin/partners/edit/{partnerId} are aliases. */
export const partnersCustomization: ResourceCustomization = {
  icon: Handshake,
  routes: (
    <>
      {gatedRoute('add', 'partners', 'create', <GeneratedCreate definition={partnersResource} />)}
      {gatedRoute('edit/:id', 'partners', 'edit', <GeneratedEdit definition={partnersResource} />)}
    </>
  ),
};
