import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Config } from './config';
import type { Db } from './db/client';
import {
  files,
  marketingSources,
  organisationIdentities,
  organisations,
  organisationUsers,
  roleGroups,
  roles,
  states,
  users,
  userTypes,
} from './db/schema/index';
import { ROLE_CODES, USER_TYPES } from './modules/accounts/permissions';
import { hashPassword } from './modules/accounts/secrets';
import { createLedgerService } from './modules/wallets/ledger.service';

// Composition, like app.ts: seeding writes several modules' tables, so it lives beside the app
// rather than in db/ (decision 0007).

/** The 36 states and the FCT with two-letter codes and their revenue services (docs/tax-rules.md §6). */
const STATES: Array<[code: string, name: string, abbreviation: string | null]> = [
  ['AB', 'Abia', null],
  ['AD', 'Adamawa', null],
  ['AK', 'Akwa Ibom', 'AKIRS'],
  ['AN', 'Anambra', null],
  ['BA', 'Bauchi', null],
  ['BY', 'Bayelsa', null],
  ['BE', 'Benue', 'BIRS'],
  ['BO', 'Borno', null],
  ['CR', 'Cross River', null],
  ['DE', 'Delta', null],
  ['EB', 'Ebonyi', null],
  ['ED', 'Edo', null],
  ['EK', 'Ekiti', null],
  ['EN', 'Enugu', null],
  ['FC', 'Federal Capital Territory', 'FCT-IRS'],
  ['GO', 'Gombe', null],
  ['IM', 'Imo', null],
  ['JI', 'Jigawa', null],
  ['KD', 'Kaduna', 'KADIRS'],
  ['KN', 'Kano', 'KIRS'],
  ['KT', 'Katsina', null],
  ['KE', 'Kebbi', null],
  ['KO', 'Kogi', null],
  ['KW', 'Kwara', null],
  ['LA', 'Lagos', 'LIRS'],
  ['NA', 'Nasarawa', null],
  ['NI', 'Niger', null],
  ['OG', 'Ogun', 'OGIRS'],
  ['ON', 'Ondo', null],
  ['OS', 'Osun', null],
  ['OY', 'Oyo', null],
  ['PL', 'Plateau', 'PSIRS'],
  ['RI', 'Rivers', 'RIRS'],
  ['SO', 'Sokoto', null],
  ['TA', 'Taraba', null],
  ['YO', 'Yobe', null],
  ['ZA', 'Zamfara', null],
];

/**
 * The federal collector of WHT on payments to companies (docs/tax-rules.md §3), beside the states so
 * that every `{state}` of a call resolves it; its id follows the states'.
 */
const NRS = {
  id: STATES.length + 1,
  code: 'NRS',
  name: 'Nigeria Revenue Service',
  abbreviation: 'NRS',
  revenueService: 'Nigeria Revenue Service',
  collector: 'federal' as const,
};

const MARKETING_SOURCES = [
  'Search engine',
  'Social media',
  'Friend or colleague',
  'Accountant or tax consultant',
  'Event or conference',
  'Blog or news article',
  'Other',
];

function revenueServiceName(code: string, name: string): string {
  return code === 'FC'
    ? 'Federal Capital Territory Internal Revenue Service'
    : `${name} State Internal Revenue Service`;
}

/** Upserts the reference data; safe to run on every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userTypes)
      .values([
        { id: USER_TYPES.staff.id, code: USER_TYPES.staff.code, name: 'Staff' },
        { id: USER_TYPES.customer.id, code: USER_TYPES.customer.code, name: 'Organisation user' },
      ])
      .onConflictDoUpdate({ target: userTypes.id, set: { code: sql`excluded.code`, name: sql`excluded.name` } });
    await tx
      .insert(roleGroups)
      .values([{ id: 1, name: 'Organisation roles', userTypeId: USER_TYPES.customer.id }])
      .onConflictDoUpdate({ target: roleGroups.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(roles)
      .values([
        {
          id: 1,
          code: ROLE_CODES.admin,
          name: 'Admin',
          description: 'Can manage organization settings and carry out all functions',
          groupId: 1,
          isAdmin: true,
        },
        {
          id: 2,
          code: ROLE_CODES.member,
          name: 'Member',
          description: 'Can only carry out the functions',
          groupId: 1,
          isAdmin: false,
        },
      ])
      .onConflictDoUpdate({
        target: roles.id,
        set: { code: sql`excluded.code`, name: sql`excluded.name`, description: sql`excluded.description` },
      });
    await tx
      .insert(marketingSources)
      .values(MARKETING_SOURCES.map((name, index) => ({ id: index + 1, name })))
      .onConflictDoUpdate({ target: marketingSources.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(states)
      .values([
        ...STATES.map(([code, name, abbreviation], index) => ({
          id: index + 1,
          code,
          name,
          abbreviation,
          revenueService: revenueServiceName(code, name),
          collector: 'state' as const,
        })),
        NRS,
      ])
      .onConflictDoUpdate({
        target: states.id,
        set: {
          code: sql`excluded.code`,
          name: sql`excluded.name`,
          abbreviation: sql`excluded.abbreviation`,
          revenueService: sql`excluded.revenue_service`,
          collector: sql`excluded.collector`,
        },
      });
    await createLedgerService({ db }).ensureSystemAccounts(tx);
  });
}

/**
 * The demo organisation's CAC certificate: onboarding requires one before KYC is completed, so the
 * demo, which starts KYC-completed, has one on file too. A one-page PDF marked as a sample.
 */
async function renderDemoCacCertificate(legalName: string, cacNumber: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 72,
    info: { Title: `Certificate of Incorporation: ${legalName}`, Author: 'Levy demo' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica-Bold').fontSize(20).text('Certificate of Incorporation', { align: 'center' });
  doc
    .moveDown()
    .font('Helvetica')
    .fontSize(12)
    .text(
      `${legalName} is incorporated under the Companies and Allied Matters Act 2020 as a private company limited by shares.`,
      { align: 'center' },
    );
  doc.moveDown().font('Helvetica-Bold').text(`Registration number: ${cacNumber}`, { align: 'center' });
  doc
    .moveDown(2)
    .font('Helvetica-Oblique')
    .fontSize(10)
    .fillColor('#5b6478')
    .text('Sample document of the Levy demo organisation; not issued by the Corporate Affairs Commission.', {
      align: 'center',
    });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/**
 * On an empty database, a demo owner with a KYC-completed organisation (README "Demo account").
 * Returns true when it was created now.
 */
export async function seedDemoAccount(db: Db, config: Pick<Config, 'demoEmail' | 'demoPassword'>): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(config.demoPassword);
  const legalName = 'Demo Industries Limited';
  const cacNumber = 'RC1234567';
  const certificatePdf = await renderDemoCacCertificate(legalName, cacNumber);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        firstName: 'Ada',
        lastName: 'Okafor',
        email: config.demoEmail,
        phone: '+2348012345678',
        passwordHash,
        userTypeId: USER_TYPES.customer.id,
        emailVerifiedAt: new Date(),
      })
      .returning();
    const [organisation] = await tx
      .insert(organisations)
      .values({ name: legalName, ownerUserId: user.id, isKycCompleted: true, kycCompletedAt: new Date() })
      .returning();
    const [lagos] = await tx.select().from(states).where(eq(states.code, 'LA'));
    const [certificate] = await tx
      .insert(files)
      .values({
        organisationId: organisation.id,
        filename: 'cac-certificate.pdf',
        contentType: 'application/pdf',
        sizeBytes: certificatePdf.length,
        sha256: createHash('sha256').update(certificatePdf).digest('hex'),
        content: certificatePdf,
        uploadedBy: user.id,
      })
      .returning({ id: files.id });
    await tx.insert(organisationIdentities).values({
      organisationId: organisation.id,
      legalName,
      cacNumber,
      businessType: 'Limited liability company',
      industry: 'Manufacturing',
      taxId: 'C-0012345',
      address: '12 Adeola Odeku Street, Victoria Island, Lagos',
      stateId: lagos.id,
      phone: '+2348012345678',
      website: 'https://demo.levy.ng',
      cacDocumentFileId: certificate.id,
    });
    const [admin] = await tx.select().from(roles).where(eq(roles.code, ROLE_CODES.admin));
    await tx.insert(organisationUsers).values({
      organisationId: organisation.id,
      userId: user.id,
      email: user.email,
      roleId: admin.id,
      status: 'active',
      acceptedAt: new Date(),
    });
  });
  return true;
}
