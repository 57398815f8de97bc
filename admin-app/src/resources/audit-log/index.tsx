import History from '@mui/icons-material/History';
import type { ResourceCustomization } from '../../generator/resource';
import { LazyActivityList, LazyActivityShow } from '../../pages/activity/lazy';

/** The Activity page (the audit log): generated from its definition, loaded when first opened. */
export const auditLogCustomization: ResourceCustomization = {
  icon: History,
  views: { list: <LazyActivityList />, show: <LazyActivityShow /> },
};
