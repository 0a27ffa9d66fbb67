import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '../support/fixtures';
import { callGateway } from '../support/api';
import { renderFirstPageToPng } from '../support/pdf-preview';
import { expectWithinScreenWidth } from '../support/layout';
import { snap } from '../support/screenshots';
import { BillsList, csvUpload, fundWallet, logInToDashboard, ownerInLagos, PayTaxes } from '../pages/bills-pages';

// WHT credit notes and vendors: a paid WHT bill's note per payee and all as a ZIP, the
// vendors built from paid bills with a note emailed, and the WHT form suggesting a known vendor.

test('pay a WHT bill, download a credit note and the ZIP, see the vendors, email a note, and use a suggestion', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerInLagos(request, 'credit-notes');
  await fundWallet(request, owner.token, owner.organisationId, '5000000');
  await logInToDashboard(page, owner.email);

  // Pay rent to three landlords and suppliers from a file.
  const payTaxes = new PayTaxes(page);
  let dialog = await payTaxes.start('Withholding Tax');
  await dialog.getByText('Multiple beneficiaries (file)', { exact: true }).click();
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', 'Lagos · C-0012345', /^Agency/);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Auto calculate', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await payTaxes.chooseWhtType(dialog, 'Rent');
  await payTaxes.attach(
    dialog,
    csvUpload('landlords.csv', [
      'tax_payer_number,name,amount',
      'N-1234567,Adaeze Properties,1200000',
      'C-0076543,Ikeja Warehousing Ltd,850000.50',
      'N-2468135,Bola Haulage,400000',
    ]),
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Pay' }).click();
  const reference = await new BillsList(page).openDrawerReference();
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 45_000 });

  // Each payee's row offers their credit note; the bill offers them all as a ZIP.
  const recipients = drawer.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('button', { name: /^Credit note for / })).toHaveCount(3);
  await snap(page, 'credit-notes-01-paid-bill');
  let download = page.waitForEvent('download');
  await recipients.getByRole('button', { name: 'Credit note for Ikeja Warehousing Ltd' }).click();
  const notePath = 'e2e/screenshots/credit-notes-02-note.pdf';
  const note = await download;
  expect(note.suggestedFilename()).toBe(`${reference}-3-C-0076543-credit-note.pdf`);
  await note.saveAs(notePath);
  expect(fs.readFileSync(notePath).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await renderFirstPageToPng(browser, notePath, 'e2e/screenshots/credit-notes-02-note-page-1.png')).toBe(1);

  download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download all credit notes (ZIP)' }).click();
  const zipPath = 'e2e/screenshots/credit-notes-03-notes.zip';
  await (await download).saveAs(zipPath);
  expect(Object.keys(unzipSync(new Uint8Array(fs.readFileSync(zipPath)))).sort()).toEqual([
    `${reference}-2-N-1234567-credit-note.pdf`,
    `${reference}-3-C-0076543-credit-note.pdf`,
    `${reference}-4-N-2468135-credit-note.pdf`,
  ]);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The vendors: one per payee, with the year's tax withheld.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
  const vendors = page.getByRole('table', { name: 'Vendors' });
  await expect(vendors.getByRole('row')).toHaveCount(4);
  const ikeja = vendors.getByRole('row').filter({ hasText: 'Ikeja Warehousing Ltd' });
  await expect(ikeja).toContainText('C-0076543');
  await expect(ikeja).toContainText('Rent');
  await expect(ikeja).toContainText('₦85,000.05 withheld');
  await expect(ikeja).toContainText('of ₦850,000.50 paid · 1 note');
  await snap(page, 'credit-notes-04-vendors');
  // On a phone each vendor is a card: the name reads as words, not a column of letters.
  await page.setViewportSize({ width: 390, height: 844 });
  // Measured once the page has reflowed to the phone's width (the row becomes a card).
  const name = ikeja.getByText('Ikeja Warehousing Ltd', { exact: true });
  await expect.poll(async () => (await name.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await expectWithinScreenWidth(ikeja.getByRole('button', { name: '1 note of Ikeja Warehousing Ltd' }));
  await expectWithinScreenWidth(ikeja.getByText('₦85,000.05 withheld'));
  await snap(page, 'credit-notes-04-vendors-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('textbox', { name: 'Search vendors' }).fill('haul');
  await expect(vendors.getByRole('row')).toHaveCount(2);
  await expect(vendors).toContainText('Bola Haulage');
  await page.getByRole('textbox', { name: 'Search vendors' }).fill('');
  await expect(vendors.getByRole('row')).toHaveCount(4);

  // A member keeps the vendor's email and sends them their note.
  await ikeja.getByRole('button', { name: 'Add the email of Ikeja Warehousing Ltd' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Email for Ikeja Warehousing Ltd' });
  await emailDialog.getByRole('textbox', { name: /Email/ }).fill('accounts@ikeja-warehousing.ng');
  await emailDialog.getByRole('button', { name: 'Save email' }).click();
  await expect(emailDialog).toBeHidden();
  await expect(ikeja).toContainText('accounts@ikeja-warehousing.ng');
  await snap(page, 'credit-notes-05-vendor-email');
  await ikeja.getByRole('button', { name: '1 note of Ikeja Warehousing Ltd' }).click();
  const notesDrawer = page.getByRole('dialog', { name: 'Credit notes: Ikeja Warehousing Ltd' });
  const notes = notesDrawer.getByRole('table', { name: 'Credit notes' });
  await expect(notes).toContainText(reference);
  await expect(notes).toContainText('₦85,000.05');
  await snap(page, 'credit-notes-06-vendor-notes');
  await notes.getByRole('button', { name: `Email note ${reference} row 3` }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The credit note was sent to accounts@ikeja-warehousing.ng' }),
  ).toBeVisible();
  const mailbox = await callGateway<Array<{ to: string; subject: string; text: string; links: string[] }>>(request, {
    method: 'GET',
    namespace: 'public',
    path: 'dev/mailbox',
  });
  const mail = mailbox.data.find((item) => item.to === 'accounts@ikeja-warehousing.ng');
  expect(mail?.subject).toBe(`Withholding tax credit note ${reference}-3 from Balogun Foods Ltd`);
  expect(mail?.text).toContain('Tax withheld: ₦85,000.05');
  expect(mail?.links[0]).toMatch(/\/verify\/[0-9A-Z]{42}$/);
  await notesDrawer.getByRole('button', { name: 'Close' }).click();

  // The single-payee WHT form suggests a known vendor: it fills the Tax ID, the name and the usual type.
  dialog = await payTaxes.start('Withholding Tax');
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', 'Lagos · C-0012345', /^Agency/);
  await dialog.getByRole('textbox', { name: /Beneficiary name/ }).fill('ikeja');
  const suggestion = dialog
    .getByRole('group', { name: 'Known vendors' })
    .getByRole('button', { name: 'Ikeja Warehousing Ltd · C-0076543 · usually Rent' });
  await expect(suggestion).toBeVisible();
  await snap(page, 'credit-notes-07-suggestion');
  await suggestion.click();
  await expect(dialog.getByRole('textbox', { name: /Beneficiary Tax ID/ })).toHaveValue('C-0076543');
  await expect(dialog.getByRole('textbox', { name: /Beneficiary name/ })).toHaveValue('Ikeja Warehousing Ltd');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Auto calculate', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: /^WHT type/ })).toHaveValue('Rent (10%)');
  await snap(page, 'credit-notes-08-suggested-type');
});
