import BarChart from '@mui/icons-material/BarChart';
import { CanAccess, Menu, useBasename } from 'react-admin';

/**
 * The dashboard, every resource the user may list (react-admin asks `canAccess` for each, so a company space
 * admin sees only what the definitions give them), then the hand-made pages they may open.
 */
export function AdminMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="portal.menu.dashboard" />
      <Menu.ResourceItems />
      <CanAccess resource="statistics" action="list">
        <Menu.Item
          to={`${basename}/statistics`}
          primaryText="portal.menu.statistics"
          leftIcon={<BarChart />}
        />
      </CanAccess>
    </Menu>
  );
}
