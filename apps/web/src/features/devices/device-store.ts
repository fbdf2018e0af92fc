import { createStore, type StoreApi } from 'zustand/vanilla';
import type { GlobalSettings } from '../../lib/local-db/global-settings';
import {
  DEFAULT_DEVICE_ID,
  effectiveDeviceId,
  hasDeviceOfKind,
  hasLabelledDevice,
  splitDevices,
  type DeviceInfoLike,
  type DeviceKind,
  type DeviceLists,
} from './device-lists';
import {
  accessFromError,
  accessFromPermissionState,
  deniedPermission,
  INITIAL_ACCESS,
  MEDIA_KINDS,
  PERMISSION_NAME,
  type AccessByKind,
  type MediaAccess,
  type MediaKind,
} from './media-access';
import type { AudioProcessing } from './media-constraints';

/** Spec §3 "Device state". Selected ids are the devices in use: the saved choice, or the default while it is away. */
export interface DeviceState extends DeviceLists, AudioProcessing {
  selectedAudioInputId: string;
  selectedAudioOutputId: string;
  selectedVideoInputId: string;
  /** Whether the mic / camera is to be on: the saved defaults until the pre-join or the call panel toggles them. */
  activeMic: boolean;
  activeCamera: boolean;
  /** `HTMLMediaElement.prototype.setSinkId` exists: the output device can be chosen. */
  audioSinkSupported: boolean;
  /** Spec §3: the kinds not granted, both until access is; a denial puts a kind back. */
  deniedPermission: MediaKind[];
  /** What is known of each kind, so the UI can tell «allow it» from «no camera». */
  access: AccessByKind;
  /** Access was asked for (the settings page or the pre-join opened) and the lists are as good as they get. */
  ready: boolean;
}

export interface DeviceActions {
  /**
   * Asks for the microphone and the camera (only what is not granted yet, and never for a kind with no device),
   * then lists the devices. Called by the settings page and the pre-join, never on load (spec: asked on use).
   */
  requestAccess(): Promise<void>;
  /** Lists the devices again (`devicechange`): a chosen device that went away falls back to the default. */
  refresh(): Promise<void>;
  select(kind: DeviceKind, deviceId: string): void;
  setProcessing(key: keyof AudioProcessing, value: boolean): void;
  setActiveMic(on: boolean): void;
  setActiveCamera(on: boolean): void;
  /** A `getUserMedia` of this kind failed somewhere (tester, preview, call): spec §8, denied adds to the list. */
  reportFailure(kind: MediaKind, error: unknown): void;
  /** A `getUserMedia` of this kind succeeded somewhere. */
  reportGranted(kind: MediaKind): void;
  /** Re-lists on `devicechange` and re-asks when a permission changes (allowed from the address bar). */
  watch(): () => void;
}

export type DeviceStore = StoreApi<DeviceState & DeviceActions>;

/** The browser's `navigator.mediaDevices`, as much as we use of it. */
export interface MediaDevicesPort {
  enumerateDevices(): Promise<readonly DeviceInfoLike[]>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<{ getTracks(): readonly { stop(): void }[] }>;
  addEventListener(type: 'devicechange', listener: () => void): void;
  removeEventListener(type: 'devicechange', listener: () => void): void;
}

/** One permission's status (`navigator.permissions.query`), watched for changes. */
export interface PermissionStatusPort {
  readonly state: string;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

export interface DevicePorts {
  /** Absent on an insecure origin or a browser without media: every list stays empty, every kind `missing`. */
  mediaDevices: MediaDevicesPort | null;
  /** Resolves null where the browser cannot query this permission (Firefox has no `camera`). */
  queryPermission(name: string): Promise<PermissionStatusPort | null>;
  audioSinkSupported: boolean;
  /** The global settings (spec §3): the saved choices are read here and every change is written back. */
  settings: {
    get(): GlobalSettings;
    update<K extends keyof GlobalSettings>(key: K, value: GlobalSettings[K]): void;
  };
  onError?(message: string, error: unknown): void;
}

const SETTING_OF_KIND = {
  audioinput: 'selectedAudioInputId',
  audiooutput: 'selectedAudioOutputId',
  videoinput: 'selectedVideoInputId',
} as const satisfies Record<DeviceKind, keyof GlobalSettings>;

const DEVICE_KIND_OF: Readonly<Record<MediaKind, DeviceKind>> = { mic: 'audioinput', camera: 'videoinput' };

function selectionFor(lists: DeviceLists, settings: GlobalSettings) {
  return {
    selectedAudioInputId: effectiveDeviceId(lists.audioInputs, settings.selectedAudioInputId),
    selectedAudioOutputId: effectiveDeviceId(lists.audioOutputs, settings.selectedAudioOutputId),
    selectedVideoInputId: effectiveDeviceId(lists.videoInputs, settings.selectedVideoInputId),
  };
}

function withAccess(access: AccessByKind, kind: MediaKind, value: MediaAccess): AccessByKind {
  return access[kind] === value ? access : { ...access, [kind]: value };
}

export function createDeviceStore(ports: DevicePorts): DeviceStore {
  const initial = ports.settings.get();
  const report = ports.onError ?? (() => undefined);

  return createStore<DeviceState & DeviceActions>()((set, get) => {
    function setAccess(kind: MediaKind, value: MediaAccess): void {
      const access = withAccess(get().access, kind, value);
      if (access !== get().access) set({ access, deniedPermission: deniedPermission(access) });
    }

    /** Asks for one kind by opening it and closing it at once: the grant outlives the stream. */
    async function ask(media: MediaDevicesPort, kind: MediaKind): Promise<void> {
      try {
        const stream = await media.getUserMedia(kind === 'mic' ? { audio: true } : { video: true });
        for (const track of stream.getTracks()) track.stop();
        setAccess(kind, 'granted');
      } catch (error) {
        setAccess(kind, accessFromError(error));
      }
    }

    async function readPermission(kind: MediaKind): Promise<MediaAccess | null> {
      try {
        const status = await ports.queryPermission(PERMISSION_NAME[kind]);
        return status ? accessFromPermissionState(status.state) : null;
      } catch {
        return null;
      }
    }

    async function list(media: MediaDevicesPort): Promise<readonly DeviceInfoLike[]> {
      const infos = await media.enumerateDevices();
      const lists = splitDevices(infos);
      set({ ...lists, ...selectionFor(lists, ports.settings.get()) });
      return infos;
    }

    let asking: Promise<void> | null = null;

    async function requestAccessOnce(): Promise<void> {
      const media = ports.mediaDevices;
      if (!media) {
        set({ access: { mic: 'missing', camera: 'missing' }, deniedPermission: ['camera', 'mic'], ready: true });
        return;
      }
      try {
        const infos = await media.enumerateDevices();
        await Promise.all(
          MEDIA_KINDS.map(async (kind) => {
            const deviceKind = DEVICE_KIND_OF[kind];
            if (hasLabelledDevice(infos, deviceKind)) return setAccess(kind, 'granted');
            if (!hasDeviceOfKind(infos, deviceKind)) return setAccess(kind, 'missing');
            // A denial stands until the user changes it in the browser: asking again would fail silently.
            if ((await readPermission(kind)) === 'denied') return setAccess(kind, 'denied');
            return ask(media, kind);
          }),
        );
        await list(media);
      } catch (error) {
        report('Listing media devices failed', error);
      }
      set({ ready: true });
    }

    return {
      audioInputs: [],
      audioOutputs: [],
      videoInputs: [],
      selectedAudioInputId: DEFAULT_DEVICE_ID,
      selectedAudioOutputId: DEFAULT_DEVICE_ID,
      selectedVideoInputId: DEFAULT_DEVICE_ID,
      activeMic: initial.defaultMicEnabled,
      activeCamera: initial.defaultCameraEnabled,
      audioSinkSupported: ports.audioSinkSupported,
      deniedPermission: deniedPermission(INITIAL_ACCESS),
      access: INITIAL_ACCESS,
      ready: false,
      noiseSuppression: initial.noiseSuppression,
      echoCancellation: initial.echoCancellation,
      autoGainControl: initial.autoGainControl,

      requestAccess() {
        // The settings page and the pre-join may both mount at once; one round of prompts is enough.
        asking ??= requestAccessOnce().finally(() => {
          asking = null;
        });
        return asking;
      },

      async refresh() {
        const media = ports.mediaDevices;
        if (!media) return;
        try {
          const infos = await list(media);
          // A device plugged in after a grant is named at once; one unplugged leaves its kind empty.
          for (const kind of MEDIA_KINDS) {
            const deviceKind = DEVICE_KIND_OF[kind];
            if (hasLabelledDevice(infos, deviceKind)) setAccess(kind, 'granted');
            else if (!hasDeviceOfKind(infos, deviceKind) && get().access[kind] === 'granted')
              setAccess(kind, 'missing');
          }
        } catch (error) {
          report('Listing media devices failed', error);
        }
      },

      select(kind, deviceId) {
        ports.settings.update(SETTING_OF_KIND[kind], deviceId);
        set(selectionFor(get(), ports.settings.get()));
      },

      setProcessing(key, value) {
        ports.settings.update(key, value);
        set({ [key]: value });
      },

      setActiveMic: (on) => set({ activeMic: on }),
      setActiveCamera: (on) => set({ activeCamera: on }),

      reportFailure(kind, error) {
        setAccess(kind, accessFromError(error));
      },

      reportGranted(kind) {
        setAccess(kind, 'granted');
      },

      watch() {
        const media = ports.mediaDevices;
        const onDeviceChange = () => void get().refresh();
        media?.addEventListener('devicechange', onDeviceChange);
        let stopped = false;
        const unwatchPermissions: (() => void)[] = [];
        for (const kind of MEDIA_KINDS) {
          void ports.queryPermission(PERMISSION_NAME[kind]).then(
            (status) => {
              if (!status || stopped) return;
              // Allowed (or blocked) from the address bar's lock icon: follow it without a reload.
              const onChange = () => {
                const known = accessFromPermissionState(status.state);
                if (known === 'denied') setAccess(kind, 'denied');
                else void get().requestAccess();
              };
              status.addEventListener('change', onChange);
              unwatchPermissions.push(() => status.removeEventListener('change', onChange));
            },
            (error: unknown) => report('Permission query failed', error),
          );
        }
        return () => {
          stopped = true;
          media?.removeEventListener('devicechange', onDeviceChange);
          for (const unwatch of unwatchPermissions) unwatch();
        };
      },
    };
  });
}
