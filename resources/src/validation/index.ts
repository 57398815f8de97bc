/** The field rules of spec product §5, each with the message a user reads. Cross-field rules sit on the entities' input schemas. */
export * from './board.js';
export * from './catalogue.js';
export * from './dip.js';
export * from './email.js';
export * from './error-codes.js';
export * from './fields.js';
export * from './project.js';
export * from './questionnaire.js';
export * from './text.js';
export * from './upload.js';
export * from './upload-rules.js';
export * from './user.js';
export * from './tool-icons.js';
