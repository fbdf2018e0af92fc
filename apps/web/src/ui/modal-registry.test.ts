import { describe, expect, it } from 'vitest';
import { closeModal, openModal, openModalTypes, type ModalRegistry } from './modal-registry';

interface Modals {
  invite: { groupId: string };
  newGroup: Record<string, never>;
}

describe('modal registry', () => {
  it('keeps one modal per type: opening again replaces the props', () => {
    let registry: ModalRegistry<Modals> = {};
    registry = openModal(registry, 'invite', { groupId: 'a' });
    registry = openModal(registry, 'invite', { groupId: 'b' });
    expect(openModalTypes(registry)).toEqual(['invite']);
    expect(registry.invite).toEqual({ groupId: 'b' });
  });

  it('holds modals of different types side by side and closes one type', () => {
    let registry: ModalRegistry<Modals> = openModal({}, 'invite', { groupId: 'a' });
    registry = openModal(registry, 'newGroup', {});
    expect(openModalTypes(registry).sort()).toEqual(['invite', 'newGroup']);
    registry = closeModal(registry, 'invite');
    expect(openModalTypes(registry)).toEqual(['newGroup']);
  });

  it('returns the same registry when closing a type that is not open', () => {
    const registry: ModalRegistry<Modals> = openModal({}, 'newGroup', {});
    expect(closeModal(registry, 'invite')).toBe(registry);
  });
});
