/** JSON from either driver: node-postgres and PGlite both parse json, but be sure. */
export const fromJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
