import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import { useApi } from '../providers/api-context';
import { toAdminError } from '../providers/errors';
import { BarChart } from './bar-chart';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '2rem', fontWeight: 500 }}>{value}</Typography>
      </CardContent>
    </Card>
  );
}

/** /admin/statistics: project figures and charts by status, board and month (spec product §2.3, §2.4). */
export function StatisticsPage() {
  const translate = useTranslate();
  const api = useApi();
  const { data, error, isPending } = useQuery({
    queryKey: ['projects', 'statistics'],
    queryFn: ({ signal }) => api.call('GET /projects/statistics', { signal }),
  });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="portal.statistics.title" />
      <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500, mb: 2 }}>
        {translate('portal.statistics.title')}
      </Typography>
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Alert severity="error">{(toAdminError(error) as Error | undefined)?.message}</Alert>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              mb: 3,
            }}
          >
            <Figure label={translate('portal.statistics.total')} value={data.total} />
            <Figure label={translate('portal.statistics.secure')} value={data.secure} />
            <Figure label={translate('portal.statistics.last_30_days')} value={data.registeredLast30Days} />
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Card variant="outlined">
              <CardContent>
                <BarChart
                  title={translate('portal.statistics.by_status')}
                  emptyText={translate('portal.statistics.none')}
                  bars={Object.entries(data.byStatus).map(([status, value]) => ({
                    label: translate(`portal.statistics.statuses.${status}`),
                    value,
                  }))}
                />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent>
                <BarChart
                  title={translate('portal.statistics.top_boards')}
                  emptyText={translate('portal.statistics.none')}
                  bars={data.topBoards.map((board) => ({ label: board.boardName, value: board.count }))}
                />
              </CardContent>
            </Card>
            <Card variant="outlined" sx={{ gridColumn: { md: '1 / span 2' } }}>
              <CardContent>
                <BarChart
                  title={translate('portal.statistics.by_month')}
                  emptyText={translate('portal.statistics.none')}
                  bars={data.byMonth.map((month) => ({ label: month.month, value: month.count }))}
                />
              </CardContent>
            </Card>
          </Box>
        </>
      )}
    </Box>
  );
}
