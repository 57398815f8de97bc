import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  Loading,
  RecordContextProvider,
  Title,
  useBasename,
  useGetOne,
  useRequireAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { boardPagePath } from './board-actions';

/**
 * The frame of every per-board page: the board's edit access (these pages change the board), its name in the
 * title, a way back to the board overview, and the board as record context.
 */
export function BoardPageFrame({
  titleKey,
  children,
  actions,
}: {
  titleKey: string;
  children: ReactNode | ((board: RaRecord) => ReactNode);
  actions?: ReactNode;
}) {
  const { id } = useParams<'id'>();
  const translate = useTranslate();
  const basename = useBasename();
  const access = useRequireAccess({ resource: 'boards', action: 'edit' });
  const { data: board, isPending } = useGetOne('boards', { id: id! }, { enabled: !!id && !access.isPending });
  if (access.isPending || isPending) return <Loading />;
  if (!board) return null;
  const title = translate(titleKey, { name: String(board.name ?? '') });
  return (
    <RecordContextProvider value={board}>
      <Box sx={{ py: 2 }}>
        <Title title={title} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Button component={Link} to={boardPagePath(basename, board.id)} startIcon={<ArrowBack />}>
            {translate('portal.boards.back', { name: String(board.name ?? '') })}
          </Button>
          <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500, flexGrow: 1 }}>
            {title}
          </Typography>
          {actions}
        </Box>
        {typeof children === 'function' ? children(board) : children}
      </Box>
    </RecordContextProvider>
  );
}
