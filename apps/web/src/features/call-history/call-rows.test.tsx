import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query/query-client';
import { CallHistoryRow } from './call-history-row';
import { CallRecordRow } from './call-record-row';
import { callRecord, historyCall } from './test-calls';

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue();
});

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

const at = '2025-03-04T10:00:00.000Z';
const anna = historyCall('c0', at).user;
const me = { ...anna, id: 'me', nickname: 'me', name: 'me' };

describe('the call record row in the chat', () => {
  it('reads from the caller’s side, with «Перезвонить»', () => {
    const html = render(
      <CallRecordRow record={callRecord()} messageId="m1" createdAt={at} viewerId="me" peer={anna} />,
    );
    expect(html).toContain('Исходящий звонок · 3m 12s');
    expect(html).toContain('data-outcome="outgoing"');
    expect(html).toContain('Перезвонить');
    expect(html).toContain('aria-label="Исходящий звонок, 3 минуты 12 секунд,');
  });

  it('reads from the callee’s side, and red when nobody talked', () => {
    const answered = render(
      <CallRecordRow record={callRecord()} messageId="m1" createdAt={at} viewerId="anna-id" peer={me} />,
    );
    expect(answered).toContain('Входящий звонок · 3m 12s');
    const missed = render(
      <CallRecordRow
        record={callRecord({ missed: true })}
        messageId="m2"
        createdAt={at}
        viewerId="anna-id"
        peer={me}
      />,
    );
    expect(missed).toContain('>Пропущенный звонок<');
    expect(missed).toContain('data-outcome="missed"');
    expect(missed).toMatch(/class="[^"]*failed/);
  });
});

describe('a row of the calls page', () => {
  it('shows who, which way, how it went, how long, and both call-back buttons', () => {
    const html = render(<CallHistoryRow call={historyCall('c1', at, { direction: 'INCOMING' })} now={new Date(at)} />);
    expect(html).toContain('>anna<');
    expect(html).toContain('data-icon="arrowIncoming"');
    expect(html).toContain('>Входящий звонок<');
    expect(html).toContain('>3m 12s<');
    expect(html).toContain('aria-label="Позвонить anna"');
    expect(html).toContain('aria-label="Видеозвонок anna"');
  });

  it('a missed call has no duration and points out in red for the caller', () => {
    const call = historyCall('c1', at, { missed: true, duration: 0, acceptedAt: null });
    const html = render(<CallHistoryRow call={call} now={new Date(at)} />);
    expect(html).toContain('data-icon="arrowOutgoing"');
    expect(html).toContain('>Пропущенный звонок<');
    expect(html).not.toContain('call-row-duration');
  });
});
