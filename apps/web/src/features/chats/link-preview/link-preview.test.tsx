import { renderToStaticMarkup } from 'react-dom/server';
import { linkPreviewImageUrl, type LinkPreview } from '@beseda/protocol/link-previews';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../../lib/i18n/i18n';
import { LinkEmbed } from './link-embed';
import { LinkPreviewCard } from './link-preview-card';

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue();
});

const page = 'https://news.example.test/today';
const preview: LinkPreview = {
  url: page,
  title: 'Сегодня',
  description: 'Всё о главном',
  image: linkPreviewImageUrl(page, 'image'),
  favicon: linkPreviewImageUrl(page, 'favicon'),
  siteName: 'Пример',
};

describe('the message embed', () => {
  it('links the title safely and loads the picture lazily from our origin', () => {
    const html = renderToStaticMarkup(<LinkEmbed preview={preview} />);
    expect(html).toContain(`href="${page}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain('>Сегодня</a>');
    expect(html).toContain('Всё о главном');
    expect(html).toContain('Пример');
    expect(html).toMatch(/<img[^>]+src="\/api\/utils\/og\/image\?[^"]+kind=image"[^>]+loading="lazy"/);
    expect(html).toContain('aria-label="Предпросмотр ссылки: Сегодня"');
  });

  it('names the host when the page has no title or site name, and never links an unsafe URL', () => {
    const bare = { ...preview, title: null, siteName: null, image: null, favicon: null, description: null };
    const html = renderToStaticMarkup(<LinkEmbed preview={bare} />);
    expect(html).toContain('>news.example.test</a>');
    expect(html).not.toContain('<img');
    const unsafe = renderToStaticMarkup(<LinkEmbed preview={{ ...preview, url: 'javascript:alert(1)' }} />);
    expect(unsafe).not.toContain('<a ');
  });
});

describe('the composer card', () => {
  it('shows the site, title, description and thumbnail, with a labelled close button', () => {
    const html = renderToStaticMarkup(<LinkPreviewCard preview={preview} onClose={() => undefined} />);
    expect(html).toContain('aria-label="Предпросмотр ссылки"');
    expect(html).toContain('aria-label="Отправить без предпросмотра ссылки"');
    expect(html).toContain('Сегодня');
    expect(html).toContain('Всё о главном');
    expect(html).toContain('kind=favicon');
  });
});
