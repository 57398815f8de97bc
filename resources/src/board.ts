export {
  BOARD_SORT_FIELDS,
  boardListFilterSchema,
  boardSchema,
  PRODUCT_TYPES,
  type Board,
} from './entities/board.js';
