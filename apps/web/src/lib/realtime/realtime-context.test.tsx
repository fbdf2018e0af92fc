import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FakeCentrifuge } from './fake-centrifuge';
import { RealtimeClient } from './realtime-client';
import { useRealtimeState } from './realtime-context';
import { RealtimeProvider } from './realtime-provider';

function StateProbe() {
  return <span>{useRealtimeState()}</span>;
}

describe('realtime hooks', () => {
  it('throw outside the provider', () => {
    expect(() => renderToString(<StateProbe />)).toThrow(/inside <RealtimeProvider>/);
  });

  it('read the connection state inside it', () => {
    const client = new RealtimeClient({
      url: 'ws://app.test/connection/websocket',
      getToken: () => Promise.resolve('jwt'),
      createCentrifuge: (url, options) => new FakeCentrifuge(url, options),
    });
    const html = renderToString(
      <RealtimeProvider client={client} userId="u1">
        <StateProbe />
      </RealtimeProvider>,
    );
    expect(html).toBe('<span>disconnected</span>');
  });
});
