import Handshake from '@mui/icons-material/Handshake';
import { partnersResource } from '@portal/resources';
import { Route } from 'react-router';
import type { ResourceCustomization } from '../../generator/resource';
import { GeneratedCreate, GeneratedEdit } from '../../generator/views';

/** Partners, generated; the spec's paths /admin/partners/add and /admin/partners/edit/{partnerId} are aliases. */
export const partnersCustomization: ResourceCustomization = {
  icon: Handshake,
  routes: (
    <>
      <Route path="add" element={<GeneratedCreate definition={partnersResource} />} />
      <Route path="edit/:id" element={<GeneratedEdit definition={partnersResource} />} />
    </>
  ),
};
