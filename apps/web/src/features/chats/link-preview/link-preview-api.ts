import * as utils from '@beseda/protocol/endpoints/utils';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import { call } from '../../../lib/api/client';

/** `GET utils/og ?url`: 404 when the page has no preview, 400 for a URL never previewed (spec §5). */
export function fetchLinkPreview(url: string, signal?: AbortSignal): Promise<LinkPreview> {
  return call(utils.getLinkPreview, { query: { url }, signal });
}
