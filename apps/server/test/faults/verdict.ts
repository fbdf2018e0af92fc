import type { Message } from '@beseda/protocol/chats';
import type { ReceiverReport } from './receiver-messages.js';

/** Per fault: what was acknowledged, stored and delivered, in counts, and which numbers went missing. */
export interface Verdict {
  sent: number;
  /** Messages the sender got a 200 for. */
  acknowledged: number;
  /** Rows of this run the API lists. */
  stored: number;
  /** Acknowledged but not listed: the database lost an acknowledged message. */
  acknowledgedNotStored: number;
  /** Listed but not acknowledged, or listed twice for one number (a retry stored a second row). */
  storedExtra: number;
  /** Acknowledged and delivered by a `new_message` publication. */
  live: number;
  /** Acknowledged, missed live, and fetched by a resync the client was told to do. */
  byResync: number;
  /** Acknowledged and never delivered either way (they would show only after a reload): their numbers. */
  lost: number[];
  /** Numbers the receiver would show more than once (under more than one id). */
  shownDuplicates: number;
  /** Publications of a message id the receiver already had (harmless: clients skip them by id). */
  rawDuplicatePublications: number;
  resyncsTold: number;
  reconnectCodes: number[];
}

export function judge(
  count: number,
  acks: ReadonlyMap<number, Message>,
  storedOfRun: readonly Message[],
  report: ReceiverReport,
): Verdict {
  const storedIds = new Set(storedOfRun.map((message) => message.id));
  const ackedIds = new Set([...acks.values()].map((message) => message.id));
  const resynced = new Set(report.resynced);
  const lost: number[] = [];
  let live = 0;
  let byResync = 0;
  for (const [n, message] of [...acks].sort(([x], [y]) => x - y)) {
    if ((report.live[message.id] ?? 0) > 0) live += 1;
    else if (resynced.has(message.id)) byResync += 1;
    else lost.push(n);
  }
  const idsByContent = new Map<string, Set<string>>();
  for (const [id, content] of Object.entries(report.contents)) {
    idsByContent.set(content, (idsByContent.get(content) ?? new Set()).add(id));
  }
  return {
    sent: count,
    acknowledged: acks.size,
    stored: storedIds.size,
    acknowledgedNotStored: [...ackedIds].filter((id) => !storedIds.has(id)).length,
    storedExtra: [...storedIds].filter((id) => !ackedIds.has(id)).length,
    live,
    byResync,
    lost,
    shownDuplicates: [...idsByContent.values()].filter((ids) => ids.size > 1).length,
    rawDuplicatePublications: Object.values(report.live).reduce((sum, times) => sum + Math.max(0, times - 1), 0),
    resyncsTold: report.resyncs,
    reconnectCodes: report.reconnectCodes,
  };
}

/** One line per fault for the test log. */
export function describeVerdict(fault: string, verdict: Verdict, seconds: number): string {
  const lost = verdict.lost.length;
  const which = lost === 0 ? '' : ` (№ ${verdict.lost.slice(0, 12).join(', ')}${lost > 12 ? ', …' : ''})`;
  return (
    `faults: ${fault}: sent ${verdict.sent}, acknowledged ${verdict.acknowledged}, stored ${verdict.stored}` +
    ` (not stored ${verdict.acknowledgedNotStored}, extra ${verdict.storedExtra}), delivered live ${verdict.live}` +
    ` + by told resync ${verdict.byResync}, LOST ${lost}${which}, duplicates shown ${verdict.shownDuplicates}` +
    ` (raw duplicate publications ${verdict.rawDuplicatePublications}), resyncs told ${verdict.resyncsTold},` +
    ` reconnects [${verdict.reconnectCodes.join(' ')}], ${seconds.toFixed(1)} s`
  );
}
