import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export const mainContentId = 'main-content';

/** A keyboard user's first tab stop: straight to the screen's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${mainContentId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        p: 1,
        bgcolor: 'background.paper',
        '&:focus': { top: 8 },
      }}
    >
      {t('nav.skipToContent')}
    </Link>
  );
}
