import { useGroupModals } from './group-modals';
import { GroupSettingsModal } from './group-settings-modal';
import { InviteModal } from './invite-modal';
import { NewChannelModal } from './new-channel-modal';
import { NewGroupModal } from './new-group-modal';
import { RenameGroupModal } from './rename-group-modal';

/** Renders the open group modals, at most one of each type (mounted once, in the toolbar). */
export function GroupModalHost() {
  const modals = useGroupModals();
  return (
    <>
      {modals.newGroup ? <NewGroupModal /> : null}
      {modals.newChannel ? <NewChannelModal key={modals.newChannel.groupId} {...modals.newChannel} /> : null}
      {modals.invite ? <InviteModal key={modals.invite.groupId ?? ''} {...modals.invite} /> : null}
      {modals.rename ? <RenameGroupModal key={modals.rename.groupId} {...modals.rename} /> : null}
      {modals.settings ? <GroupSettingsModal key={modals.settings.groupId} {...modals.settings} /> : null}
    </>
  );
}
