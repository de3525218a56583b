import FirstPage from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPage from '@mui/icons-material/LastPage';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The layout of MUI's TablePagination (rows per page, "1–20 of 300", first/previous/next/last) without
 * its select, menu and toolbar family, which cost the public lists' first view about 35 KB compressed.
 */
const Bar = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  rowGap: theme.spacing(0.5),
  minHeight: 52,
  paddingLeft: theme.spacing(2),
  paddingRight: theme.spacing(1),
  color: theme.palette.text.primary,
  '& p': { margin: 0 },
  '& .pagination-size': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), marginRight: 32 },
  '& .pagination-size select': {
    font: 'inherit',
    color: 'inherit',
    background: 'none',
    border: 0,
    borderRadius: theme.shape.borderRadius,
    padding: '4px 20px 4px 8px',
    textAlign: 'right',
    appearance: 'none',
    cursor: 'pointer',
    backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='${encodeURIComponent(theme.palette.action.active)}' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E")`,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'right center',
    backgroundSize: 20,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    '& option': { backgroundColor: theme.palette.background.paper, color: theme.palette.text.primary },
  },
  '& .pagination-actions': { display: 'flex', flexShrink: 0, marginLeft: 20 },
}));

/** Server-side pages of a list (page numbers from 1), with the rows-per-page choice. */
export function ListPagination(props: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  pageSizes?: number[];
}) {
  const { t } = useTranslation();
  const { count, pageSize } = props;
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  const page = count === 0 ? 0 : Math.min(props.page - 1, lastPage);
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  const go = (next: number) => props.onPage(next + 1, pageSize);
  const button = (type: 'first' | 'previous' | 'next' | 'last', target: number, icon: ReactNode) => {
    const label = t(`list.goTo.${type}`);
    const disabled = type === 'first' || type === 'previous' ? page === 0 : page >= lastPage;
    return (
      <IconButton aria-label={label} title={label} disabled={disabled} onClick={() => go(target)}>
        {icon}
      </IconButton>
    );
  };
  return (
    <Bar>
      <div className="pagination-size">
        <p aria-hidden>{t('list.rowsPerPage')}</p>
        <select
          aria-label={t('list.rowsPerPage')}
          value={pageSize}
          onChange={(event) => props.onPage(1, Number(event.target.value))}
        >
          {(props.pageSizes ?? [10, 20, 50, 100]).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p data-testid="displayed-rows">{t('list.displayedRows', { from, to, count })}</p>
      <div className="pagination-actions">
        {button('first', 0, <FirstPage />)}
        {button('previous', page - 1, <KeyboardArrowLeft />)}
        {button('next', page + 1, <KeyboardArrowRight />)}
        {button('last', lastPage, <LastPage />)}
      </div>
    </Bar>
  );
}
