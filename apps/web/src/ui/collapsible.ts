/**
 * Spec §2 "Other UI": a collapsible list is open when it has items and closed when it has none; the user can
 * toggle it only when it has items; closed, it shows only the selected item (its preview). `choice` is what the
 * user last clicked (null: never), so a list that empties and fills again follows its items, not an old click.
 */
export function isListOpen(itemCount: number, choice: boolean | null): boolean {
  if (itemCount === 0) return false;
  return choice ?? true;
}

export function canToggleList(itemCount: number): boolean {
  return itemCount > 0;
}

/** What a list shows: everything when open, else only the selected item (if it is one of them). */
export function visibleListItems<T>(items: readonly T[], open: boolean, isSelected: (item: T) => boolean): T[] {
  return open ? [...items] : items.filter(isSelected);
}
