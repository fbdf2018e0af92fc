import { InvitePage } from '../../features/invite/invite-page';
import { SignedInRoot } from './signed-in-root';

/** `/invite/{code}` has no layout, so it brings its own signed-in root (accepting loads the group into the cache). */
export function InviteRoot() {
  return (
    <SignedInRoot>
      <InvitePage />
    </SignedInRoot>
  );
}
