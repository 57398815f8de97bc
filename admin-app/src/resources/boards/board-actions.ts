import type { SvgIconComponent } from '@mui/icons-material';
import Article from '@mui/icons-material/Article';
import Build from '@mui/icons-material/Build';
import FactCheck from '@mui/icons-material/FactCheck';
import Handshake from '@mui/icons-material/Handshake';
import Link from '@mui/icons-material/Link';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import NextPlan from '@mui/icons-material/NextPlan';
import Numbers from '@mui/icons-material/Numbers';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import Route from '@mui/icons-material/Route';
import SupportAgent from '@mui/icons-material/SupportAgent';

/** A per-board page of spec product §2.3, under /admin/boards/{boardId}/. */
export interface BoardAction {
  /** Catalogue key `portal.boards.actions.<key>`. */
  key: string;
  /** The path under the board, exactly as the spec writes it. */
  path: string;
  icon: SvgIconComponent;
}

/** The board overview's per-board actions (spec product §2.4), in the order the spec lists them. */
export const BOARD_ACTIONS: readonly BoardAction[] = [
  { key: 'restrictions', path: 'restrictions', icon: PeopleAlt },
  { key: 'serial_numbers', path: 'serialnumbers/edit', icon: Numbers },
  { key: 'documents', path: 'documents/edit', icon: Article },
  { key: 'tools', path: 'tools/edit', icon: Build },
  { key: 'partners', path: 'partners/edit', icon: Handshake },
  { key: 'links', path: 'links', icon: Link },
  { key: 'support_link', path: 'edit-support', icon: SupportAgent },
  { key: 'getting_started', path: 'getting-started/edit', icon: MenuBook },
  { key: 'dip', path: 'dip', icon: Route },
  { key: 'follow_up', path: 'next', icon: NextPlan },
  { key: 'secure_workflow', path: 'secure-workflow', icon: Lock },
  { key: 'validation', path: 'validation', icon: FactCheck },
];

export const boardPagePath = (basename: string, boardId: string | number, path = '') =>
  `${basename}/boards/${encodeURIComponent(String(boardId))}${path ? `/${path}` : ''}`;
