import type { ActivityNeighbour } from '@beseda/protocol/voice';
import { getActivityNeighbours } from '@beseda/protocol/endpoints/activity';
import { call } from '../../lib/api/client';

/** Spec §7: `GET /activity-user/get-activity-neighbours`, friends and fellow members in voice channels. */
export function fetchActivityNeighbours(): Promise<ActivityNeighbour[]> {
  return call(getActivityNeighbours);
}
