import { lazyPage } from '../lazy-page';

// The Activity pages and the diff are loaded when first opened (the console's first-load budget).
const load = () => import('./activity-views');

export const LazyActivityList = lazyPage(load, (module) => module.ActivityList);
export const LazyActivityShow = lazyPage(load, (module) => module.ActivityShow);
export const LazyRecordHistory = lazyPage(load, (module) => module.RecordHistory);
