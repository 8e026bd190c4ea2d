/** Who made an admin's change and in which request: what each change records (audit trail, logs). */
export function adminAct(req: { caller: { userId: string }; id: unknown }): {
  adminId: string;
  requestId: string;
} {
  return { adminId: req.caller.userId, requestId: String(req.id) };
}
