import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import { firstPreviewLink } from '@beseda/protocol/link-finder';
import { parseMarkup } from '@beseda/protocol/markup';
import { queryKeys } from '../../../lib/query/query-keys';
import { useUserStore } from '../../auth/user-store';
import { fetchLinkPreview } from './link-preview-api';

/** Spec §9: the draft's link is previewed this long after the last change, not on every keystroke. */
export const LINK_PREVIEW_DEBOUNCE_MS = 1000;

/** A typed link's preview is asked once per session; the server caches it for a day anyway. */
const KEEP_MS = 10 * 60_000;

export interface DraftLinkPreview {
  /** The draft's first https link now (as the server will find it in the sent message), or null. */
  link: string | null;
  /** The card to show: the preview of `link` once the pause is over and the server has one; else null. */
  preview: LinkPreview | null;
  /** The user closed this link's card: the message goes without a preview (Telegram's behaviour). */
  dismissed: boolean;
  dismiss(): void;
  /** After a send: the next draft starts without a card or a dismissal. */
  reset(): void;
}

/**
 * The composer's link preview (issue 15): 1000 ms after the draft last changed, its first https link is previewed
 * through `GET utils/og` (TanStack Query, keyed by the URL, so retyping a link costs nothing). A failure (404, 400,
 * 429, no network) shows nothing (spec §8). A different link hides the card until its own pause is over.
 */
export function useDraftLinkPreview(draft: string): DraftLinkPreview {
  const userId = useUserStore((state) => state.id);
  const link = useMemo(() => {
    const { text, entities } = parseMarkup(draft);
    return firstPreviewLink(text, entities);
  }, [draft]);
  const [settled, setSettled] = useState<string | null>(null);
  const [dismissedLink, setDismissedLink] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(link), LINK_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, link]);

  const dismissed = link !== null && link === dismissedLink;
  const wanted = link !== null && settled === link && !dismissed ? link : null;
  const query = useQuery({
    queryKey: queryKeys.linkPreview(userId, wanted ?? ''),
    queryFn: ({ signal }) => fetchLinkPreview(wanted ?? '', signal),
    enabled: wanted !== null,
    staleTime: KEEP_MS,
    gcTime: KEEP_MS,
  });

  return {
    link,
    preview: wanted !== null && query.isSuccess ? query.data : null,
    dismissed,
    dismiss: () => setDismissedLink(link),
    reset: () => {
      setSettled(null);
      setDismissedLink(null);
    },
  };
}
