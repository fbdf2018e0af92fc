/**
 * Spec §2 Modals: only one modal of each type is open at once. The registry maps a modal type to the props of
 * its open instance; opening a type that is already open replaces it instead of stacking a second one.
 */
export type ModalRegistry<M> = { readonly [K in keyof M]?: M[K] };

export function openModal<M, K extends keyof M>(registry: ModalRegistry<M>, type: K, props: M[K]): ModalRegistry<M> {
  return { ...registry, [type]: props };
}

export function closeModal<M, K extends keyof M>(registry: ModalRegistry<M>, type: K): ModalRegistry<M> {
  if (!(type in registry)) return registry;
  return Object.fromEntries(Object.entries(registry).filter(([key]) => key !== type)) as ModalRegistry<M>;
}

export function openModalTypes<M>(registry: ModalRegistry<M>): (keyof M)[] {
  return Object.keys(registry) as (keyof M)[];
}
