import type { DeviceKind, MediaSettings } from './media-room';

export interface DeviceSwitch {
  kind: DeviceKind;
  deviceId: string;
}

const KINDS: readonly [DeviceKind, keyof MediaSettings][] = [
  ['audioinput', 'audioInputId'],
  ['videoinput', 'videoInputId'],
  ['audiooutput', 'audioOutputId'],
];

/**
 * The devices to switch to mid-call when the settings change (the settings page, another tab). Every kind when
 * `previous` is null: after a reconnect everything picked is applied again (spec §4). An empty id (the browser's
 * default) is switched to as `default`.
 */
export function deviceSwitches(previous: MediaSettings | null, next: MediaSettings): DeviceSwitch[] {
  const switches: DeviceSwitch[] = [];
  for (const [kind, key] of KINDS) {
    const id = next[key];
    if (previous === null ? id === '' : previous[key] === id) continue;
    switches.push({ kind, deviceId: id === '' ? 'default' : String(id) });
  }
  return switches;
}
