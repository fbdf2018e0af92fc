import { defineEndpoint } from '../endpoint.js';
import { activityNeighboursResponseSchema } from '../voice.js';

/** Friends and fellow group members who are in a voice channel now (the friends page activity panel, spec §2). */
export const getActivityNeighbours = defineEndpoint({
  method: 'GET',
  path: '/activity-user/get-activity-neighbours',
  response: activityNeighboursResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
