import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { checkPermission, smsApiPaths, type SmsServiceItem } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { hiddenBelow, phoneHidden, phoneWrappingChip } from '../../components/list/cell-styles.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { isSupportedLocale } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import { useSession } from '../../session/session.js';
import { SmsServiceDialog } from './sms-service-dialog.js';
import { smsServicesTexts } from './texts.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/** The activation date folds away below 1200 px: with the signed-in navigation the table fits from 600 px. */
const activatedOnCell = hiddenBelow('lg');

void smsServicesTexts;

function SkeletonRows() {
  return Array.from({ length: 8 }, (_, index) => (
    <TableRow key={index}>
      <TableCell colSpan={6}>
        <Skeleton variant="text" />
      </TableCell>
    </TableRow>
  ));
}

/** SMS services (`/auth/config/sms-services`): each partner state's SMS reporting service, edited in a dialog. */
export function SmsServicesScreen() {
  const { t, i18n } = useTranslation();
  const locale = isSupportedLocale(i18n.language) ? i18n.language : 'en';
  const user = useSession((state) => state.user);
  const canChange = checkPermission(user, { permissions: ['core.change_smsservice'] });
  const query = useQuery(apiQuery<SmsServiceItem[]>(smsApiPaths.services));
  const [editing, setEditing] = useState<SmsServiceItem | null>(null);
  const nameOf = (item: SmsServiceItem) => item.country_name[locale];
  const none = t('smsServices.none');

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ScreenHeading title={t('routes.smsServices')} intro={t('smsServices.intro')} />
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('smsServices.retry')}
            </Button>
          }
        >
          {t('smsServices.loadError')}
        </Alert>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-busy={query.isLoading || undefined} data-testid="sms-services-table">
            <caption style={visuallyHidden}>{t('smsServices.caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('smsServices.country')}</TableCell>
                <TableCell>{t('smsServices.status')}</TableCell>
                <TableCell sx={phoneHidden}>{t('smsServices.shortCode')}</TableCell>
                <TableCell sx={phoneHidden}>{t('smsServices.keyword')}</TableCell>
                <TableCell sx={activatedOnCell}>{t('smsServices.activatedOn')}</TableCell>
                <TableCell align="right">
                  <span style={visuallyHidden}>{t('smsServices.actions')}</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isLoading && <SkeletonRows />}
              {query.data?.map((item) => (
                <TableRow key={item.country} data-testid={`sms-service-${item.country}`}>
                  <TableCell component="th" scope="row">
                    {nameOf(item)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={item.is_active ? 'filled' : 'outlined'}
                      color={item.is_active ? 'success' : 'default'}
                      label={item.is_active ? t('smsServices.active') : t('smsServices.inactive')}
                      sx={phoneWrappingChip}
                    />
                  </TableCell>
                  <TableCell sx={phoneHidden}>{item.short_code || none}</TableCell>
                  <TableCell sx={phoneHidden} data-testid="sms-keyword">
                    {item.keyword || none}
                  </TableCell>
                  <TableCell sx={activatedOnCell}>
                    {item.activated_on ? formatDate(item.activated_on, locale) : none}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setEditing(item)}
                      aria-label={t(canChange ? 'smsServices.editLabel' : 'smsServices.viewLabel', {
                        country: nameOf(item),
                      })}
                    >
                      {t(canChange ? 'smsServices.edit' : 'smsServices.view')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing && (
        <SmsServiceDialog
          key={editing.country}
          service={editing}
          countryName={nameOf(editing)}
          canChange={canChange}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
