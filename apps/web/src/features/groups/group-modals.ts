import { create } from 'zustand';
import type { ChannelType } from '@beseda/protocol/groups';
import { closeModal, openModal, type ModalRegistry } from '../../ui/modal-registry';

/** The group feature's modals and what each needs to open (spec §2 Modals). */
export interface GroupModalProps {
  newGroup: Record<string, never>;
  newChannel: { groupId: string; type: ChannelType };
  /** null: no group selected (the modal then says so). */
  invite: { groupId: string | null };
  rename: { groupId: string };
  /** «Настройки сервера» (owner): the picture and the name. */
  settings: { groupId: string };
}

export type GroupModalType = keyof GroupModalProps;

/** One open modal per type: opening a type again replaces it (ui/modal-registry.ts). */
export const useGroupModals = create<ModalRegistry<GroupModalProps>>()(() => ({}));

export function showGroupModal<K extends GroupModalType>(type: K, props: GroupModalProps[K]): void {
  useGroupModals.setState((registry) => openModal(registry, type, props), true);
}

export function hideGroupModal(type: GroupModalType): void {
  useGroupModals.setState((registry) => closeModal(registry, type), true);
}

export function closeGroupModals(): void {
  useGroupModals.setState({}, true);
}
