import {
  DESKTOP_INVOKE_CHANNELS,
  desktopSetupConnectRequestSchema,
  isDesktopInvokeChannel,
  type DesktopInvokeChannel,
  type DesktopInvokeReply,
  type DesktopInvokeRequest,
} from '@beseda/protocol/desktop';
import { isFirstRunPage } from './app-page.js';
import { originOf } from './origin.js';

/*
 * Every renderer → main call passes here before a handler runs: the channel must be on the protocol's allow-list,
 * the call must come from the top frame of a page on the configured server origin (an iframe — a link preview, an
 * embed — or a page the window was somehow navigated to never gets the shell's powers), and the payload must match
 * the channel's zod schema.
 */

export interface IpcSender {
  /** `event.senderFrame.url`; undefined when the frame is gone. */
  frameUrl: string | undefined;
  /** `event.senderFrame.parent === null`. */
  isMainFrame: boolean;
}

export type IpcRefusal = 'unknown-channel' | 'foreign-sender' | 'subframe' | 'invalid-payload';

export type IpcCheck =
  { ok: true; channel: DesktopInvokeChannel; payload: unknown } | { ok: false; reason: IpcRefusal; detail: string };

export function checkInvoke(
  channel: string,
  sender: IpcSender,
  args: readonly unknown[],
  /** Null while no server is configured (the first-run page): then no page may use the bridge. */
  serverOrigin: string | null,
): IpcCheck {
  if (!isDesktopInvokeChannel(channel)) return { ok: false, reason: 'unknown-channel', detail: channel };
  const origin = originOf(sender.frameUrl);
  if (origin === null || origin !== serverOrigin)
    return { ok: false, reason: 'foreign-sender', detail: String(origin) };
  if (!sender.isMainFrame) return { ok: false, reason: 'subframe', detail: String(sender.frameUrl) };
  // Each channel takes at most one argument; extra arguments are a caller that does not speak this contract.
  if (args.length > 1) return { ok: false, reason: 'invalid-payload', detail: `${args.length} arguments` };
  const parsed = DESKTOP_INVOKE_CHANNELS[channel].request.safeParse(args[0]);
  if (!parsed.success) return { ok: false, reason: 'invalid-payload', detail: parsed.error.message };
  return { ok: true, channel, payload: parsed.data };
}

export type DesktopInvokeHandlers = {
  [C in DesktopInvokeChannel]: (
    payload: DesktopInvokeRequest<C>,
  ) => DesktopInvokeReply<C> | Promise<DesktopInvokeReply<C>>;
};

export class IpcRefusedError extends Error {
  constructor(
    readonly reason: IpcRefusal,
    detail: string,
  ) {
    super(`desktop IPC refused (${reason}): ${detail}`);
    this.name = 'IpcRefusedError';
  }
}

/**
 * The dispatcher `main.ts` registers for each channel: checks, then calls the typed handler. A refusal rejects the
 * renderer's promise (and is logged by the caller); it never reaches a handler.
 */
export function createIpcDispatcher(handlers: DesktopInvokeHandlers, serverOrigin: () => string | null) {
  return async (channel: string, sender: IpcSender, args: readonly unknown[]): Promise<unknown> => {
    const check = checkInvoke(channel, sender, args, serverOrigin());
    if (!check.ok) throw new IpcRefusedError(check.reason, check.detail);
    const handler = handlers[check.channel] as (payload: unknown) => unknown;
    return handler(check.payload);
  };
}

export type SetupCheck = { ok: true; address: string } | { ok: false; reason: IpcRefusal; detail: string };

/**
 * `desktop-setup:connect` (the first-run page's «Подключиться»): only from the top frame of our own
 * `beseda-app://first-run` page, never from a server's page (which could otherwise repoint the app), with one string.
 */
export function checkSetupConnect(sender: IpcSender, args: readonly unknown[]): SetupCheck {
  if (!isFirstRunPage(sender.frameUrl)) return { ok: false, reason: 'foreign-sender', detail: String(sender.frameUrl) };
  if (!sender.isMainFrame) return { ok: false, reason: 'subframe', detail: String(sender.frameUrl) };
  if (args.length !== 1) return { ok: false, reason: 'invalid-payload', detail: `${args.length} arguments` };
  const parsed = desktopSetupConnectRequestSchema.safeParse(args[0]);
  if (!parsed.success) return { ok: false, reason: 'invalid-payload', detail: parsed.error.message };
  return { ok: true, address: parsed.data };
}
