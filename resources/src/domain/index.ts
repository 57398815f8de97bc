export * from './versions.js';
export * from './tools.js';
export * from './cart.js';
export * from './project-members.js';
export * from './boards.js';
export * from './layout.js';
export * from './tool-api-version.js';
export * from './sign-in.js';
