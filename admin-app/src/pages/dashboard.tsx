import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { boardsResource } from '@portal/resources';
import { createElement } from 'react';
import {
  CanAccess,
  Title,
  useBasename,
  useCanAccessResources,
  useGetIdentity,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useDefinitions } from '../generator/definitions-context';
import { BoardOverviewList } from '../resources/boards/board-overview-list';

/**
 * /admin: a card for each section the user may open, then (for admins) the board overview with its per-board
 * actions, the console's everyday work. A company space admin sees their two sections.
 */
export function Dashboard() {
  const translate = useTranslate();
  const basename = useBasename();
  const { identity } = useGetIdentity();
  const definitions = useDefinitions();
  const registered = useResourceDefinitions();
  const names = [...definitions.keys()].filter((name) => registered[name]?.hasList);
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: names });
  const sections = isPending ? [] : names.filter((name) => canAccess?.[name]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="portal.dashboard.title" />
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 500, mb: 2 }}>
        {translate('portal.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <Box
        component="nav"
        aria-label={translate('portal.dashboard.sections')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', mb: 3 }}
      >
        {sections.map((name) => {
          const icon = registered[name]?.icon;
          return (
            <Card key={name} variant="outlined">
              <CardActionArea component={Link} to={`${basename}/${name}`} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  {icon && createElement(icon, { color: 'primary', 'aria-hidden': true })}
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {translate(`resources.${name}.name`, { smart_count: 2 })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <CanAccess resource={boardsResource.name} action="list">
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 500, mb: 1 }}>
          {translate('portal.boards.overview')}
        </Typography>
        <BoardOverviewList embedded />
      </CanAccess>
    </Box>
  );
}
