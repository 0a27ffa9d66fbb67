import { expect, type APIRequestContext } from '@playwright/test';
import { callGateway, linkFromMailbox, NEW_USER_PASSWORD, uniqueEmail } from './api';

const CERTIFICATE = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface OnboardedOwner {
  email: string;
  token: string;
  organisationId: string;
  corporationId: string;
}

/**
 * A new owner with a KYC-completed organisation and one corporation, made through the API, so a
 * journey that changes settings or spends money never touches the demo organisation others use.
 */
export async function onboardedOwner(
  request: APIRequestContext,
  names: { prefix: string; firstName: string; lastName: string; legalName: string; corporationName: string },
): Promise<OnboardedOwner> {
  const email = uniqueEmail(names.prefix);
  await callGateway(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: {
      first_name: names.firstName,
      last_name: names.lastName,
      email,
      password: NEW_USER_PASSWORD,
      phone: '+2348035550000',
      marketing_source_id: 1,
    },
  });
  const verifyToken = new URL(await linkFromMailbox(request, email, '/authenticate?token=')).searchParams.get('token');
  const session = await callGateway<{ token: string }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/verify-email',
    body: { token: verifyToken },
  });
  const token = session.data.token;
  const organisation = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'auth',
    path: 'organisations',
    token,
    body: {},
  });
  const organisationId = organisation.data.id;
  const identity = await request.post(`/service/v1/organisations/${organisationId}/identity`, {
    headers: { 'Api-Token': token },
    multipart: {
      namespace: 'auth',
      legal_name: names.legalName,
      cac_number: 'RC7654321',
      business_type: 'Limited liability company',
      industry: 'Agriculture',
      tax_id: 'C-0076543',
      address: '5 Ring Road, Ibadan',
      state_id: '31',
      phone: '+2348035550000',
      cac_document: { name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE },
    },
  });
  expect(identity.ok()).toBe(true);
  const kyc = await callGateway(request, {
    method: 'POST',
    namespace: 'auth',
    path: `organisations/${organisationId}/kyc/completed`,
    token,
  });
  expect(kyc.code).toBe('OK');
  const corporation = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'core',
    path: 'internal/corporations',
    token,
    body: { name: names.corporationName },
  });
  expect(corporation.code).toBe('OK');
  return { email, token, organisationId, corporationId: corporation.data.id };
}

/** A new person invited to an owner's organisation (role 2 Member, 1 Admin) who signs up from the link and accepts. */
export async function joinedMember(
  request: APIRequestContext,
  owner: Pick<OnboardedOwner, 'token' | 'organisationId'>,
  names: { prefix: string; firstName: string; lastName: string },
  roleId = 2,
) {
  const email = uniqueEmail(names.prefix);
  const invited = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'auth',
    path: 'organisations/users/invite',
    token: owner.token,
    body: { email, role_id: roleId },
  });
  expect(invited.code, invited.message).toBe('OK');
  const invitationToken = (await linkFromMailbox(request, email, '/invite/')).split('/invite/')[1];
  const registered = await callGateway<{ session?: { token: string } }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: {
      first_name: names.firstName,
      last_name: names.lastName,
      email,
      password: NEW_USER_PASSWORD,
      phone: '+2348035550001',
      marketing_source_id: 1,
      invitation_token: invitationToken,
    },
  });
  expect(registered.code, registered.message).toBe('OK');
  const token = registered.data.session!.token;
  const accepted = await callGateway(request, {
    method: 'POST',
    namespace: 'auth',
    path: `organisations/${owner.organisationId}/users/invite/${invited.data.id}`,
    token,
  });
  expect(accepted.code, accepted.message).toBe('OK');
  return { email, token };
}
