import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { NotFoundScreen } from './not-found-screen.js';

afterEach(async () => {
  await applyLocale('en');
});

const shown = () => {
  render(
    <MemoryRouter>
      <NotFoundScreen />
    </MemoryRouter>,
  );
  return screen.getByTestId('not-found');
};

describe('NotFoundScreen (spec 2)', () => {
  it('is titled "You\'re lost" and says it once', { timeout: 30_000 }, () => {
    const screenText = shown();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("You're lost");
    expect(screenText).toHaveTextContent('The page you are looking for could not be found');
    expect(screenText.textContent?.match(/You're lost/g)).toHaveLength(1);
  });

  it('says it once in French too', async () => {
    await applyLocale('fr');
    const screenText = shown();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vous êtes perdu');
    expect(screenText.textContent?.match(/Vous êtes perdu/g)).toHaveLength(1);
  });
});
