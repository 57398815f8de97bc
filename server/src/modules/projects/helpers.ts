import { z } from 'zod';

/** What every project route's OpenAPI entry shares. */
export { bearerSecurity as security } from '../../http/openapi.js';
export const tags = ['projects'];
export const projectParams = z.object({ id: z.uuid() });
