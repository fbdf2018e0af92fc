import type { MessagePreview } from '@beseda/protocol/chats';
import { stripBidiControls } from '@beseda/protocol/validation';

/** Small formatting rules for message times and sidebar previews; pure, so tested without a DOM or i18n. */

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** «14:05», local time: beside each message (the day label above says which day). */
export function formatClock(iso: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return '';
  return `${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** «05.03.2025, 14:05»: a full moment, for tooltips and sign-in notices. */
export function formatDateTime(iso: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return `${pad(value.getDate())}.${pad(value.getMonth() + 1)}.${value.getFullYear()}, ${formatClock(iso)}`;
}

export const PREVIEW_MAX_LENGTH = 80;

export type PreviewParts =
  | { kind: 'text'; own: boolean; text: string }
  | { kind: 'system'; system: NonNullable<MessagePreview['system']> }
  | { kind: 'none' };

/**
 * The sidebar line for a chat's last message. `content` is already plain text (markup markers became entities),
 * so only the layout is flattened: line breaks and runs of spaces become one space, and long text is cut. Bidi
 * override and isolate controls are dropped, as in the message itself (markup/render-entities.tsx).
 */
export function describePreview(preview: MessagePreview | null, meId: string): PreviewParts {
  if (!preview) return { kind: 'none' };
  if (preview.system) return { kind: 'system', system: preview.system };
  const flat = stripBidiControls(preview.content).replace(/\s+/g, ' ').trim();
  const text = flat.length > PREVIEW_MAX_LENGTH ? `${flat.slice(0, PREVIEW_MAX_LENGTH - 1).trimEnd()}…` : flat;
  return { kind: 'text', own: preview.senderId === meId, text };
}
