// Every table, for the Drizzle client's relational queries and for drizzle-kit.
export * from './schema.js';
export * from './schema-boards.js';
export * from './schema-projects.js';
export * from './schema-catalogue.js';
export * from './schema-commerce.js';
export * from './schema-mail.js';
export * from './schema-dip.js';
export * from './schema-board-tools.js';
