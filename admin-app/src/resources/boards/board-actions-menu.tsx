import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { useBasename, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { BOARD_ACTIONS, boardPagePath } from './board-actions';

/** The per-board actions of a board overview row, as a menu so the row stays one line. */
export function BoardActionsMenu() {
  const record = useRecordContext();
  const translate = useTranslate();
  const basename = useBasename();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!record) return null;
  const open = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={translate('portal.boards.actions_for', { name: String(record.name ?? '') })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={open}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
      >
        {BOARD_ACTIONS.map((action) => (
          <MenuItem
            key={action.key}
            component={Link}
            to={boardPagePath(basename, record.id, action.path)}
            onClick={close}
          >
            <ListItemIcon>
              <action.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate(`portal.boards.actions.${action.key}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
