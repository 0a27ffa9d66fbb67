/** The permissions that gate the corporations screens' buttons (docs/product.md §2, §6). */
import * as calls from '@levy/contracts/calls';
export const CORPORATION_PERMISSIONS = {
  list: calls.listCorporations.permission,
  view: calls.getCorporation.permission,
  create: calls.createCorporation.permission,
  verifyState: calls.verifyStateTaxId.permission,
  addState: calls.addCorporationState.permission,
  updateState: calls.updateCorporationStateTaxId.permission,
  removeState: calls.removeCorporationState.permission,
  listPriorPayments: calls.listPriorPayePayments.permission,
  recordPriorPayment: calls.recordPriorPayePayment.permission,
  removePriorPayment: calls.removePriorPayePayment.permission,
} as const;
