/** Moving one item of a list, for the studio's drag-and-drop and its keyboard equivalent. */

/** The ids with `activeId` moved to where `overId` is; the same list when either is missing. */
export function moveId<Id>(ids: readonly Id[], activeId: Id, overId: Id): Id[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** The lesson moved to the end of another section: that section's new order. */
export function appendId<Id>(ids: readonly Id[], id: Id): Id[] {
  return [...ids.filter((item) => item !== id), id];
}
