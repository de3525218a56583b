import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TPageSlide } from '@stp/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBilingual } from './bilingual.js';
import './texts.js';

const controlSx = {
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  '&:hover': { bgcolor: 'background.paper' },
} as const;

/**
 * The template's slides as an accessible carousel (WAI-ARIA APG pattern): auto-advance at the template's
 * interval, a pause button, previous/next, paused while hovered or focused, and never moving on its
 * own for a visitor who asked for reduced motion.
 */
export function Slideshow({ slides, interval }: { slides: TPageSlide[]; interval: number }) {
  const { t } = useTranslation();
  const text = useBilingual();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [index, setIndex] = useState(0);
  // Until the visitor presses play or pause, reduced motion means paused.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const paused = userPaused ?? reducedMotion;
  const [held, setHeld] = useState(false);
  const count = slides.length;
  const rotating = count > 1 && !paused && !held;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), interval * 1000);
    return () => window.clearInterval(timer);
  }, [rotating, count, interval]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-roledescription="carousel"
      aria-label={t('content.slides.label')}
      data-testid="slideshow"
      data-interval={interval}
      sx={{ overflow: 'hidden', mb: 3 }}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <Box aria-live={rotating ? 'off' : 'polite'} sx={{ position: 'relative' }}>
        {slides.map((slide, i) => (
          <Box
            key={slide.image_url}
            role="group"
            aria-roledescription="slide"
            aria-label={t('content.slides.slide', { index: i + 1, count })}
            hidden={i !== index}
            data-testid="slide"
            component="figure"
            sx={{ m: 0 }}
          >
            <Box
              component="img"
              src={slide.image_url}
              alt={text(slide.caption)}
              sx={{ display: 'block', width: '100%', aspectRatio: '16 / 6', objectFit: 'cover' }}
            />
            {text(slide.caption) && (
              <Typography component="figcaption" variant="body2" sx={{ px: 2, py: 1 }} color="text.secondary">
                {text(slide.caption)}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {count > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pb: 1, flexWrap: 'wrap' }}>
          <IconButton
            size="small"
            sx={controlSx}
            onClick={() => setUserPaused(!paused)}
            aria-label={paused ? t('content.slides.play') : t('content.slides.pause')}
            data-testid="slides-pause"
          >
            {paused ? <PlayArrow /> : <Pause />}
          </IconButton>
          <IconButton
            size="small"
            sx={controlSx}
            onClick={() => go(index - 1)}
            aria-label={t('content.slides.previous')}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            size="small"
            sx={controlSx}
            onClick={() => go(index + 1)}
            aria-label={t('content.slides.next')}
            data-testid="slides-next"
          >
            <ChevronRight />
          </IconButton>
          <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
            {slides.map((slide, i) => (
              <Box
                key={slide.image_url}
                component="button"
                type="button"
                aria-label={t('content.slides.choose', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  '&::after': {
                    content: '""',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    border: 2,
                    borderColor: 'primary.main',
                    bgcolor: i === index ? 'primary.main' : 'transparent',
                  },
                  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
                }}
              />
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
