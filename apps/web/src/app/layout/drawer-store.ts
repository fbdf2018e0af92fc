import { create } from 'zustand';

/**
 * Whether the navigation drawer is open. It only matters below the drawer breakpoint (`layout.module.css`), where
 * the rail and the sidebar leave the row and slide over the content; on a wide window they are always shown and
 * this flag changes nothing.
 */
interface DrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useDrawer = create<DrawerState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
