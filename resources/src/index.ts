export * from './roles.js';
export * from './errors.js';
export * from './range.js';
export * from './user.js';
export * from './board.js';
export * from './portal-config.js';
export * from './admin/definition.js';
export * from './admin/resources/boards.js';
