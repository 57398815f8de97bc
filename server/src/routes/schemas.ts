export { errorResponses } from '../http/openapi.js';
