import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ProjectStatus } from '@portal/resources';
import { MuiScope } from '../../../app/mui-scope';
import { useI18n } from '../../../i18n/i18n';
import { PROJECT_STATUSES } from '../model/list-state';

/**
 * The status filter's choices: a list box of several choices under the toolbar's status field. A menu with MUI's
 * focus handling and keys, so it loads when opened, not with the project list.
 */
export function StatusMenu({
  anchor,
  labelledBy,
  selected,
  onToggle,
  onClose,
}: {
  anchor: HTMLElement;
  labelledBy: string;
  selected: readonly ProjectStatus[];
  onToggle: (status: ProjectStatus) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <MuiScope>
      <Menu
        open
        anchorEl={anchor}
        onClose={onClose}
        slotProps={{
          list: { role: 'listbox', 'aria-multiselectable': true, 'aria-labelledby': labelledBy, dense: true },
        }}
      >
        {PROJECT_STATUSES.map((status) => {
          const checked = selected.includes(status);
          return (
            <MenuItem key={status} role="option" aria-selected={checked} onClick={() => onToggle(status)}>
              <ListItemIcon>
                {checked ? (
                  <CheckBox fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlank fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={t(`project.status.${status}`)} />
            </MenuItem>
          );
        })}
      </Menu>
    </MuiScope>
  );
}
