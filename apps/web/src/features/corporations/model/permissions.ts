/** The permissions that gate the corporations screens' buttons (product-spec §2, §6). */
export const CORPORATION_PERMISSIONS = {
  list: 'core-internal.corporation.getall',
  view: 'core-internal.corporation.getone',
  create: 'core-internal.corporation.create',
  verifyState: 'core-internal.corporation.verifystate',
  addState: 'core-internal.corporation.addstate',
  updateState: 'core-internal.corporation.updatestate',
  removeState: 'core-internal.corporation.removestate',
} as const;
