/** The three device kinds of spec §3 "Device state", as `enumerateDevices()` names them. */
export type DeviceKind = 'audioinput' | 'audiooutput' | 'videoinput';

/** The part of `MediaDeviceInfo` we read; tests pass plain objects. */
export interface DeviceInfoLike {
  readonly deviceId: string;
  readonly kind: string;
  readonly label: string;
  readonly groupId?: string;
}

/** One entry of a picker. `label` is empty when the browser hides names (no permission yet). */
export interface DeviceOption {
  id: string;
  label: string;
}

export interface DeviceLists {
  audioInputs: DeviceOption[];
  audioOutputs: DeviceOption[];
  videoInputs: DeviceOption[];
}

/** `''` is how the settings spell "the system default" (spec §3: the selected ids default to empty). */
export const DEFAULT_DEVICE_ID = '';

/**
 * Chromium lists pseudo-devices beside the real ones: `default` (whatever the system picks) and, on Windows,
 * `communications`. The picker offers «По умолчанию» itself as the empty id, so `default` would be a second entry for
 * the same thing; `communications` is a duplicate of a real device.
 */
const PSEUDO_DEVICE_IDS = new Set(['default', 'communications']);

/**
 * Splits `enumerateDevices()` into the three lists. Before permission Chromium returns one entry per kind with an
 * empty id and label: it says the kind exists, but there is nothing to pick, so it is dropped (the lists stay empty
 * until access is granted). Duplicated ids (seen after hot-plugging) are listed once.
 */
export function splitDevices(infos: readonly DeviceInfoLike[]): DeviceLists {
  const lists: DeviceLists = { audioInputs: [], audioOutputs: [], videoInputs: [] };
  const seen = new Set<string>();
  for (const info of infos) {
    if (info.deviceId === '' || PSEUDO_DEVICE_IDS.has(info.deviceId)) continue;
    const key = `${info.kind}/${info.deviceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const option = { id: info.deviceId, label: info.label };
    if (info.kind === 'audioinput') lists.audioInputs.push(option);
    else if (info.kind === 'audiooutput') lists.audioOutputs.push(option);
    else if (info.kind === 'videoinput') lists.videoInputs.push(option);
  }
  return lists;
}

/** Whether the browser admits a device of this kind exists at all, even without naming it (no permission yet). */
export function hasDeviceOfKind(infos: readonly DeviceInfoLike[], kind: DeviceKind): boolean {
  return infos.some((info) => info.kind === kind);
}

/** Names are shown only to a page with permission: a labelled device of the kind is the proof it was granted. */
export function hasLabelledDevice(infos: readonly DeviceInfoLike[], kind: DeviceKind): boolean {
  return infos.some((info) => info.kind === kind && info.label !== '');
}

/**
 * The device actually used for a saved choice: the choice itself while it is plugged in, otherwise the default. The
 * saved choice is kept, so a headset unplugged and plugged back is picked again without a visit to the settings.
 */
export function effectiveDeviceId(options: readonly DeviceOption[], preferredId: string): string {
  if (preferredId === DEFAULT_DEVICE_ID) return DEFAULT_DEVICE_ID;
  return options.some((option) => option.id === preferredId) ? preferredId : DEFAULT_DEVICE_ID;
}
