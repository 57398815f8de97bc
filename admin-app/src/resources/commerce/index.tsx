import CardMembership from '@mui/icons-material/CardMembership';
import Gavel from '@mui/icons-material/Gavel';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { ResourceCustomization } from '../../generator/resource';
import { lazyPage } from '../../pages/lazy-page';
import { PriceField } from './price';

const OrderPositionsSection = lazyPage(
  () => import('./order-positions-section'),
  (m) => m.OrderPositionsSection,
);

/** Orders: the generated list and show page, with the positions and their decisions (spec §3, §4). */
export const ordersCustomization: ResourceCustomization = {
  icon: ReceiptLong,
  fields: { total: () => <PriceField key="total" source="total" /> },
  show: { sections: <OrderPositionsSection /> },
};

/** Licenses: generated; an admin revokes or restores one with a note. */
export const licensesCustomization: ResourceCustomization = { icon: CardMembership };

/** Export access requests: generated; the edit form is the decision (a refusal says why). */
export const exportAccessRequestsCustomization: ResourceCustomization = { icon: Gavel };
