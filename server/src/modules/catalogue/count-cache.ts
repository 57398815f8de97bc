// The count cache is the one of every list (http/count-cache.ts, issue 24); the catalogue imports it from here.
export { COUNT_TTL_MS, CountCache } from '../../http/count-cache.js';
