import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { AuthPage, preloadInitialPage } from './lazy-pages';

beforeAll(() => {
  initI18n();
});

describe('the sign-in page on a cold /auth', () => {
  it('renders at once once start-up has preloaded it: no suspense, so no fallback held back by React', async () => {
    await preloadInitialPage('/auth');
    const html = renderToString(
      <MemoryRouter initialEntries={['/auth']}>
        <Suspense fallback={<p>fallback</p>}>
          <AuthPage />
        </Suspense>
      </MemoryRouter>,
    );
    expect(html).not.toContain('fallback');
    expect(html).toContain('Войти');
  });
});
