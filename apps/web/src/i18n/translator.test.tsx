import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, i18n } from './index.js';
import translator from './translator.js';

afterEach(async () => {
  await applyLocale('en');
});

describe('the translator behind the i18next imports', () => {
  it('is what `i18next` and `react-i18next` resolve to in the tests, as in the build', () => {
    expect(i18next).toBe(translator);
    expect(i18n).toBe(translator);
  });

  it('reads nested keys and fills {{placeholders}} unescaped, leaving one without a value', () => {
    i18n.addResourceBundle('en', 'translation', { test: { greet: 'Hello {{name}} <{{who}}>' } });
    expect(i18n.t('test.greet', { name: 'A & B' })).toBe('Hello A & B <{{who}}>');
  });

  it('chooses the plural form by the language’s rules, with _zero for 0 when there is one', async () => {
    const texts = { test: { items_one: '{{count}} item', items_other: '{{count}} items' } };
    i18n.addResourceBundle('en', 'translation', texts);
    i18n.addResourceBundle('fr', 'translation', {
      test: { items_zero: 'aucun', items_one: '{{count}} élément', items_other: '{{count}} éléments' },
    });
    expect([0, 1, 2].map((count) => i18n.t('test.items', { count }))).toEqual([
      '0 items',
      '1 item',
      '2 items',
    ]);
    await applyLocale('fr');
    expect([0, 1, 1.5, 2].map((count) => i18n.t('test.items', { count }))).toEqual([
      'aucun',
      '1 élément',
      '1.5 élément',
      '2 éléments',
    ]);
  });

  it('falls back to English, then to defaultValue, then to the key', async () => {
    i18n.addResourceBundle('en', 'translation', { test: { onlyEnglish: 'English' } });
    await applyLocale('fr');
    expect(i18n.t('test.onlyEnglish')).toBe('English');
    expect(i18n.t('test.nowhere', { defaultValue: 'said {{x}}', x: 1 })).toBe('said 1');
    expect(i18n.t('test.nowhere')).toBe('test.nowhere');
    // A branch of the tree is not a text.
    expect(i18n.t('test', { defaultValue: 'fallback' })).toBe('fallback');
    expect(i18n.exists('test.onlyEnglish')).toBe(true);
    expect(i18n.exists('test')).toBe(false);
  });

  it('translates in the language asked with lng, whatever the interface language', () => {
    expect(i18n.t('app.name', { lng: 'fr' })).toBe('Portail du commerce des services');
    expect(i18n.t('app.name')).toBe('Services Trade Portal');
  });

  it('adds a bundle without overwriting what is there', () => {
    i18n.addResourceBundle('en', 'translation', { test: { kept: 'first' } }, true, false);
    i18n.addResourceBundle('en', 'translation', { test: { kept: 'second', added: 'new' } }, true, false);
    expect([i18n.t('test.kept'), i18n.t('test.added')]).toEqual(['first', 'new']);
  });
});

function Greeting() {
  const { t, i18n: instance } = useTranslation();
  return (
    <p data-testid="greeting" lang={instance.language}>
      {t('app.name')}
    </p>
  );
}

describe('useTranslation and Trans', () => {
  it('re-renders a component in the new language', async () => {
    render(<Greeting />);
    expect(screen.getByTestId('greeting')).toHaveTextContent('Services Trade Portal');
    await act(() => applyLocale('fr'));
    expect(screen.getByTestId('greeting')).toHaveTextContent('Portail du commerce des services');
    expect(screen.getByTestId('greeting')).toHaveAttribute('lang', 'fr');
  });

  it('puts the named elements around their parts and values in as text, never markup', () => {
    i18n.addResourceBundle('en', 'translation', {
      test: { trans: 'Account <strong>{{email}}</strong>, see <link>the help</link>.<br/>' },
    });
    const { container } = render(
      <Trans
        i18nKey="test.trans"
        values={{ email: '<i>a@b.c</i>' }}
        components={{ strong: <strong />, link: <a href="/help" />, br: <br /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      'Account <strong>&lt;i&gt;a@b.c&lt;/i&gt;</strong>, see <a href="/help">the help</a>.<br>',
    );
  });
});
