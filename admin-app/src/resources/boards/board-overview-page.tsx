import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { boardsResource, historyEntityOf } from '@portal/resources';
import {
  BooleanField,
  ListButton,
  ShowBase,
  SimpleShowLayout,
  TextField,
  Title,
  TopToolbar,
  useBasename,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useRecordHistoryView } from '../../generator/history-context';
import { fieldOf } from '../../generator/schema';
import { fieldElement } from '../../generator/fields';
import { BOARD_ACTIONS, boardPagePath } from './board-actions';

function BoardOverviewContent() {
  const record = useRecordContext();
  const translate = useTranslate();
  const basename = useBasename();
  const History = useRecordHistoryView();
  if (!record) return null;
  const field = (source: string) => fieldElement(fieldOf(boardsResource, source));
  return (
    <Box sx={{ py: 1 }}>
      <Title title={String(record.name ?? '')} />
      <TopToolbar>
        <ListButton resource="boards" />
        <Button component={Link} to={boardPagePath(basename, record.id, 'show')} startIcon={<Visibility />}>
          {translate('ra.action.show')}
        </Button>
        <Button component={Link} to={boardPagePath(basename, record.id, 'edit')} startIcon={<Edit />}>
          {translate('portal.boards.edit_details')}
        </Button>
      </TopToolbar>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500, px: 2, pt: 2 }}>
          {String(record.name ?? '')}
        </Typography>
        <SimpleShowLayout
          resource="boards"
          direction="row"
          sx={{ flexWrap: 'wrap', '& .RaSimpleShowLayout-row': { mr: 4 } }}
        >
          <TextField source="ispn" emptyText="—" />
          <TextField source="type" emptyText="—" />
          {field('productType')}
          <BooleanField source="releasedForRegistration" />
          <BooleanField source="restrictedAccess" />
          <BooleanField source="secure" />
          {field('updatedAt')}
        </SimpleShowLayout>
      </Card>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 500, mb: 1 }}>
        {translate('portal.boards.actions_title')}
      </Typography>
      <Box
        component="nav"
        aria-label={translate('portal.boards.actions_title')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {BOARD_ACTIONS.map((action) => (
          <Card key={action.key} variant="outlined">
            <CardActionArea
              component={Link}
              to={boardPagePath(basename, record.id, action.path)}
              sx={{ height: '100%' }}
            >
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <action.icon color="primary" aria-hidden />
                <Typography component="span">{translate(`portal.boards.actions.${action.key}`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {History && (
        <Box component="section" aria-label={translate('portal.history.tab')} sx={{ mt: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 500, mb: 1 }}>
            {translate('portal.history.tab')}
          </Typography>
          <History entity={historyEntityOf(boardsResource)} entityId={record.id} />
        </Box>
      )}
    </Box>
  );
}

/** /admin/boards/{boardId}: the board at a glance and its per-board pages (spec product §2.3, §2.4). */
export function BoardOverviewPage() {
  const { id } = useParams<'id'>();
  return (
    <ShowBase resource="boards" id={id}>
      <BoardOverviewContent />
    </ShowBase>
  );
}
