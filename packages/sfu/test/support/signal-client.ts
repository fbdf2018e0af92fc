import { SignalRequest, SignalResponse } from '@livekit/protocol';
import { WebSocket } from 'ws';

type ResponseCase = NonNullable<SignalResponse['message']['case']>;
type ResponseValue<C extends ResponseCase> = Extract<SignalResponse['message'], { case: C }>['value'];

/**
 * A bare signalling client on `@livekit/protocol` + ws: speaks LiveKit's SignalRequest/SignalResponse without any
 * WebRTC, to check the protocol itself.
 */
export class SignalClient {
  readonly received: SignalResponse[] = [];
  private waiters: { test: (response: SignalResponse) => boolean; resolve: (response: SignalResponse) => void }[] = [];
  readonly closed: Promise<void>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const response = SignalResponse.fromBinary(new Uint8Array(data));
      this.received.push(response);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(response)) return true;
        waiter.resolve(response);
        return false;
      });
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static connect(url: string, token: string, via: 'query' | 'header' = 'query'): Promise<SignalClient> {
    const socket =
      via === 'query'
        ? new WebSocket(`${url}/rtc?access_token=${encodeURIComponent(token)}&auto_subscribe=1&protocol=16`)
        : new WebSocket(`${url}/rtc?auto_subscribe=1&protocol=16`, { headers: { Authorization: `Bearer ${token}` } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new SignalClient(socket)));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  send(message: SignalRequest['message']): void {
    this.socket.send(new SignalRequest({ message }).toBinary());
  }

  /** The next (or an already received, unconsumed by `from`) response of that kind that passes `test`. */
  next<C extends ResponseCase>(
    kind: C,
    test: (value: ResponseValue<C>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<ResponseValue<C>> {
    const matches = (response: SignalResponse): boolean =>
      response.message.case === kind && test(response.message.value as ResponseValue<C>);
    return this.take(matches, kind, timeoutMs).then((response) => response.message.value) as Promise<ResponseValue<C>>;
  }

  private take(
    matches: (response: SignalResponse) => boolean,
    kind: string,
    timeoutMs: number,
  ): Promise<SignalResponse> {
    const earlier = this.received.find(matches);
    if (earlier !== undefined) {
      this.received.splice(this.received.indexOf(earlier), 1);
      return Promise.resolve(earlier);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${kind} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test: matches,
        resolve: (response) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(response), 1);
          resolve(response);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
