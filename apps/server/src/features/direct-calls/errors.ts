import { ConflictError, NotFoundError } from '../../errors.js';

/** A call the caller is not a party of: identical for "does not exist" and "not yours", so ids cannot be probed. */
export class CallNotFoundError extends NotFoundError {
  constructor() {
    super('Call not found');
  }
}

/** An accept (or a decline) after another device of the callee accepted the call. */
export class CallAcceptedElsewhereError extends ConflictError {
  constructor() {
    super('The call was accepted on another device', 'CALL_ACCEPTED_ELSEWHERE');
  }
}

/** An accept of a call that is over (declined, cancelled, rang out, hung up). */
export class CallEndedError extends ConflictError {
  constructor() {
    super('The call is over', 'CALL_ENDED');
  }
}
