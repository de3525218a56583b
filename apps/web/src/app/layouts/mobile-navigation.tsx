import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Brand } from './header-bar.js';

/** The public navigation in a drawer, for screens narrower than 900 px. */
export function MobileNavigation(props: {
  items: readonly { key: string; to: string; label?: string }[];
  isCurrent: (to: string) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open onClose={props.onClose} data-testid="phone-menu">
      <Box component="nav" aria-label={t('nav.main')} sx={{ width: 280 }}>
        <Box sx={{ p: 2 }}>
          <Brand />
        </Box>
        <List>
          {props.items.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                data-testid={`phone-menu-${item.key}`}
                selected={props.isCurrent(item.to)}
                aria-current={props.isCurrent(item.to) ? 'page' : undefined}
                onClick={props.onClose}
              >
                <ListItemText primary={item.label ?? t(`nav.${item.key}`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
