import { z } from 'zod';

/** What the project routes' schemas share: OpenAPI tags and security, the project id parameter. */
export { bearerSecurity as security } from '../../crud/openapi.js';
export const tags = ['projects'];
export const projectParams = z.object({ id: z.uuid() });
