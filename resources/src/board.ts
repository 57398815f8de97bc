export { boardSchema, type Board } from './entities/board.js';
