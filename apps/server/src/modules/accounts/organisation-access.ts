import { AppError } from '../../errors';
import type { Caller } from '../../http/route';

/**
 * The organisation boundary: a caller reaches only the organisation its session works in. Any
 * other id answers NOT_FOUND, so nothing about another organisation leaks, not even that it exists.
 */
export function requireOwnOrganisation(caller: Caller, organisationId: string): string {
  if (!caller.organisationId || caller.organisationId !== organisationId)
    throw new AppError('NOT_FOUND', 'Organisation not found.');
  return organisationId;
}
