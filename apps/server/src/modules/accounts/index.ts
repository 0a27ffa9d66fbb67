import type { SessionPayload } from '@levy/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/route';
import type { MailModule } from '../mail/index';
import type { ReferenceModule } from '../reference/index';
import { identityRoutes } from './identity.routes';
import { createIdentityService, hasAccount, switchSessionOrganisation, usersByIds } from './identity.service';
import { createOrganisationDirectory } from './organisation-directory';
import { organisationRoutes } from './organisations.routes';
import { createOrganisationsService, type SummaryContribution } from './organisations.service';
import { teamRoutes } from './team.routes';
import { createTeamService } from './team.service';

export type { OrganisationDirectory } from './organisation-directory';
export type { SummaryContribution } from './organisations.service';

type SessionAlerts = (organisationId: string) => Promise<SessionPayload['alerts']>;

/**
 * People, sessions, organisations and their teams. Two things it shows are owned by modules built
 * after it, which offer them here: the onboarding summary's counts and the session's alerts.
 */
export function accountsModule(deps: { db: Db; config: Config; mail: MailModule; reference: ReferenceModule }) {
  const { db, config, mail, reference } = deps;
  const directory = createOrganisationDirectory({ db, reference, usersByIds });
  const team = createTeamService({
    db,
    config,
    mail,
    reference,
    switchOrganisation: switchSessionOrganisation,
    organisationsByIds: directory.byIds,
    ownerUserIdOf: directory.ownerUserIdOf,
    usersByIds,
    hasAccount,
  });
  const summaryContributions: SummaryContribution[] = [];
  const organisations = createOrganisationsService({
    db,
    directory,
    reference,
    switchOrganisation: switchSessionOrganisation,
    summaryContributions,
    addOwner: team.addOwner,
    activeAdminCount: async (organisationId) => (await team.adminsOf(organisationId)).length,
  });
  let sessionAlerts: SessionAlerts = async () => [];
  const identity = createIdentityService({
    db,
    config,
    mail,
    findPendingInvitations: team.pendingInvitations,
    isInvitationFor: team.isInvitationFor,
    activeMembership: team.activeMembership,
    sessionMembership: team.sessionMembership,
    organisationCard: async (executor, id) => (await directory.byIds(executor, [id]))[0],
    alertsFor: (organisationId) => sessionAlerts(organisationId),
  });
  return {
    directory,
    adminsOf: team.adminsOf,
    activeAdmins: team.activeAdmins,
    usersByIds,
    /** People's names and emails by user id. */
    people: (userIds: string[]) => usersByIds(db, userIds),
    /** The payer's address for receipts and returns, from the organisation's KYC identity; null when not given. */
    async payerAddress(caller: Caller, organisationId: string) {
      const identity = await directory.getIdentity(caller, organisationId);
      return identity.address ? [identity.address, identity.state?.name].filter(Boolean).join(', ') : null;
    },
    resolveCaller: identity.resolveCaller,
    /** A module that owns counted data (corporations, wallets, bills) adds its counts to the onboarding summary. */
    offerSummary: (contribution: SummaryContribution) => void summaryContributions.push(contribution),
    /** The alerts module offers the session's alerts. */
    offerSessionAlerts: (alerts: SessionAlerts) => void (sessionAlerts = alerts),
    routes: [...identityRoutes(identity), ...organisationRoutes(organisations), ...teamRoutes(team)],
  };
}

export type AccountsModule = ReturnType<typeof accountsModule>;
