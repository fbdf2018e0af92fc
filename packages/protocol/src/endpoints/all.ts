import type { Endpoint } from '../endpoint.js';
import * as activity from './activity.js';
import * as auth from './auth.js';
import * as channel from './channel.js';
import * as chat from './chat.js';
import * as contact from './contact.js';
import * as directCalls from './direct-calls.js';
import * as files from './files.js';
import * as group from './group.js';
import * as health from './health.js';
import * as livekit from './livekit.js';
import * as notifications from './notifications.js';
import * as settings from './settings.js';
import * as user from './user.js';
import * as userStatus from './user-status.js';
import * as utils from './utils.js';

/**
 * Every endpoint the server serves. The server's route test fails when a registered route has no descriptor here or
 * a descriptor here has no route, so a new area module must be added to this list.
 */
export const allEndpoints: readonly Endpoint[] = [
  auth,
  user,
  userStatus,
  contact,
  chat,
  group,
  channel,
  files,
  livekit,
  directCalls,
  activity,
  settings,
  notifications,
  utils,
  health,
].flatMap((area) => Object.values(area));
