import { describe, expect, it, vi } from 'vitest';
import { disconnectBeaconBody, installDisconnectBeacon } from './beacon';

function setup(userId: string, clientId: string | null) {
  const target = new EventTarget();
  const send = vi.fn((_url: string, _body: Blob) => true);
  const uninstall = installDisconnectBeacon({
    target,
    getUserId: () => userId,
    getClientId: () => clientId,
    send,
  });
  return { target, send, uninstall };
}

describe('disconnect beacon', () => {
  it('sends {clientId} as a JSON blob on pagehide', async () => {
    const { target, send } = setup('u1', 'client-7');
    target.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledOnce();
    const [url, body] = send.mock.calls[0] ?? [];
    expect(url).toBe('/api/user-status/disconect');
    expect(body?.type).toBe('application/json');
    expect(JSON.parse((await body?.text()) ?? '')).toEqual({ clientId: 'client-7' });
  });

  it('sends nothing without a user id', () => {
    const { target, send } = setup('', 'client-7');
    target.dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends an empty JSON object while not connected', async () => {
    expect(JSON.parse(await disconnectBeaconBody(null).text())).toEqual({});
  });

  it('stops listening once uninstalled', () => {
    const { target, send, uninstall } = setup('u1', 'client-7');
    uninstall();
    target.dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
  });
});
