import { describe, expect, it } from 'vitest';
import { categoriseNarration, extractCounterparty, type Category, type ChargeKind } from './category-rules';

type Case = [narration: string, direction: 'debit' | 'credit', category: Category, chargeKind?: ChargeKind];

// Narrations in the shapes Nigerian banks and wallets print them (names and numbers invented).
const CASES: Case[] = [
  // Transfers in
  ['NIP TRANSFER FROM ADAEZE OKAFOR/ZENITH/house rent', 'credit', 'transfer_in'],
  ['NIP CR/MOB/CHINEDU EZE/GTB/payment for goods', 'credit', 'transfer_in'],
  ['NIP FRM MUSA BELLO-ACCESS-CONTRIBUTION', 'credit', 'transfer_in'],
  ['TRF FRM FUNKE ADEYEMI TO SELF VIA MOBILE APP', 'credit', 'transfer_in'],
  ['Transfer from Ngozi Nwosu', 'credit', 'transfer_in'],
  ['Received from TUNDE BAKARE', 'credit', 'transfer_in'],
  ['MOB/UTO/IBRAHIM YUSUF/Rent balance', 'credit', 'transfer_in'],
  ['USSD TRANSFER FROM EMEKA OBI', 'credit', 'transfer_in'],
  ['*737* TRF FROM BOLA AFOLABI', 'credit', 'transfer_in'],
  ['FIP:MB:HAUWA DANJUMA/school fees', 'credit', 'transfer_in'],
  ['NIBSS INSTANT PAYMENT INFLOW FROM SANI ABUBAKAR', 'credit', 'transfer_in'],
  ['Inward Transfer from IFEANYI UCHE | Opay', 'credit', 'transfer_in'],
  ['FT FROM YETUNDE OGUNLEYE', 'credit', 'transfer_in'],
  ['IB TRANSFER FROM OLUWASEUN OKONKWO', 'credit', 'transfer_in'],
  ['TRANSFER FROM BRIGHTPATH VENTURES LTD INV 22', 'credit', 'transfer_in'],
  ['NIP/KUDA/AISHA YUSUF/for market', 'credit', 'transfer_in'],
  ['TRSF FROM CHIDI OKAFOR', 'credit', 'transfer_in'],
  ['Transfer from MONIEPOINT/ADA STORES', 'credit', 'transfer_in'],
  ['NIP TRANSFER FROM KEMI ADEYEMI/UBA/thanks', 'credit', 'transfer_in'],
  ['MOBILE TRF FROM GODWIN EZE', 'credit', 'transfer_in'],
  // Salaries paid out: a payroll is not "other debits"
  ['SALARY PAYMENT MARCH 2026 STAFF', 'debit', 'payroll'],
  ['NIP TRANSFER TO EMEKA OBI/MARCH SALARY', 'debit', 'payroll'],
  ['BULK PAYROLL - FEB 2026', 'debit', 'payroll'],
  ['WAGES CASUAL STAFF WK 12', 'debit', 'payroll'],
  ['STAFF SALARIES APRIL', 'debit', 'payroll'],
  // Transfers out
  ['NIP TRANSFER TO ADAEZE OKAFOR/ZENITH/house rent', 'debit', 'transfer_out'],
  ['NIP DR/MOB/CHINEDU EZE/GTB/goods', 'debit', 'transfer_out'],
  ['Transfer to Ngozi Nwosu', 'debit', 'transfer_out'],
  ['TRF TO MUSA BELLO FROM MOBILE APP', 'debit', 'transfer_out'],
  ['USSD TRANSFER TO EMEKA OBI', 'debit', 'transfer_out'],
  ['*894* TRF TO BOLA AFOLABI', 'debit', 'transfer_out'],
  ['MOB/UTU/IBRAHIM YUSUF/rent', 'debit', 'transfer_out'],
  ['FIP:TO HAUWA DANJUMA/upkeep', 'debit', 'transfer_out'],
  ['Sent to TUNDE BAKARE | GTBank | 0123456789', 'debit', 'transfer_out'],
  ['FT TO YETUNDE OGUNLEYE', 'debit', 'transfer_out'],
  ['IB TRANSFER TO ZENTECH SOLUTIONS LIMITED', 'debit', 'transfer_out'],
  ['NIP TRANSFER TO BRIGHTPATH VENTURES LTD/supply of diesel', 'debit', 'transfer_out'],
  ['TRANSFER TO OKEKE AND SONS ENTERPRISES', 'debit', 'transfer_out'],
  ['NIBSS INSTANT PAYMENT TO SANI ABUBAKAR', 'debit', 'transfer_out'],
  ['NIP/PALMPAY/AISHA YUSUF/food', 'debit', 'transfer_out'],
  ['PAYMENT TO LAGOS CLEANERS SERVICES', 'debit', 'transfer_out'],
  ['Transfer to GODWIN EZE | Wema Bank', 'debit', 'transfer_out'],
  ['MOBILE TRF TO KEMI ADEYEMI', 'debit', 'transfer_out'],
  // POS and web
  ['POS PURCHASE @ SHOPRITE LEKKI', 'debit', 'pos'],
  ['POS PURCHASE @ TOTAL FILLING STN VI', 'debit', 'pos'],
  ['POS/WDL/AGENT BANKING IKORODU', 'debit', 'pos'],
  ['PURCHASE @ SPAR IKEJA LA NG', 'debit', 'pos'],
  ['POS TRAN-CHICKEN REPUBLIC YABA', 'debit', 'pos'],
  ['POS PMT AT MEDPLUS PHARMACY', 'debit', 'pos'],
  ['PAYMENT @ PRINCE EBEANO LEKKI', 'debit', 'pos'],
  ['MERCHANT PAYMENT JUSTRITE', 'debit', 'pos'],
  ['POS SETTLEMENT CREDIT MERCHANT 2045', 'credit', 'pos'],
  ['WEB PURCHASE JUMIA ORDER 330122', 'debit', 'web'],
  ['WEB PMT PAYSTACK*BOLT RIDES', 'debit', 'web'],
  ['NETFLIX.COM SUBSCRIPTION', 'debit', 'web'],
  ['FLUTTERWAVE*KONGA ONLINE', 'debit', 'web'],
  ['APPLE.COM/BILL ITUNES', 'debit', 'web'],
  ['GOOGLE *YouTube Premium', 'debit', 'web'],
  ['SPOTIFY P1A2B3', 'debit', 'web'],
  ['UBER TRIP LAGOS', 'debit', 'web'],
  ['ONLINE PURCHASE ALIEXPRESS', 'debit', 'web'],
  ['CHOWDECK ORDER 8891', 'debit', 'web'],
  // ATM
  ['ATM CASH WITHDRAWAL LEKKI', 'debit', 'atm'],
  ['ATM WDL @ 10441023 ACCESS IKEJA', 'debit', 'atm'],
  ['CASH WITHDRAWAL FROM OTHER BANK ATM', 'debit', 'atm'],
  ['CWDL ZENITH WUSE II', 'debit', 'atm'],
  ['ATM/CWDL/FIRSTBANK GRA PH', 'debit', 'atm'],
  // Cash deposits
  ['CASH DEPOSIT BY MUSA BELLO', 'credit', 'cash_deposit'],
  ['CASH DEP VIA TELLER MARINA BRANCH', 'credit', 'cash_deposit'],
  ['CASH LODGEMENT - IKEJA BRANCH', 'credit', 'cash_deposit'],
  ['DEPOSIT BY SELF', 'credit', 'cash_deposit'],
  // Airtime and data
  ['AIRTIME PURCHASE MTN 08031234567', 'debit', 'airtime_data'],
  ['Airtime recharge GLO 08051234567', 'debit', 'airtime_data'],
  ['MOBILE TOPUP AIRTEL 08021234567', 'debit', 'airtime_data'],
  ['DATA BUNDLE PURCHASE 9MOBILE', 'debit', 'airtime_data'],
  ['VTU MTN 2000', 'debit', 'airtime_data'],
  ['QUICKTELLER AIRTIME/08031234567', 'debit', 'airtime_data'],
  ['*901* AIRTIME SELF', 'debit', 'airtime_data'],
  ['MTN DATA PLAN 10GB', 'debit', 'airtime_data'],
  ['Mobile Data Top-up Airtel', 'debit', 'airtime_data'],
  // Bills and utilities
  ['IKEDC PREPAID TOKEN 0101123456', 'debit', 'bills_utilities'],
  ['EKEDC POSTPAID BILL', 'debit', 'bills_utilities'],
  ['DSTV SUBSCRIPTION 7023456', 'debit', 'bills_utilities'],
  ['GOTV MAX RENEWAL', 'debit', 'bills_utilities'],
  ['STARTIMES BASIC', 'debit', 'bills_utilities'],
  ['AEDC ELECTRICITY TOKEN', 'debit', 'bills_utilities'],
  ['PHED POWER BILL', 'debit', 'bills_utilities'],
  ['BILL PAYMENT LAWMA', 'debit', 'bills_utilities'],
  ['SPECTRANET DATA RENEWAL', 'debit', 'bills_utilities'],
  ['WAEC RESULT CHECKER PIN', 'debit', 'bills_utilities'],
  ['JAMB E-PIN', 'debit', 'bills_utilities'],
  ['ESTATE DUES Q1', 'debit', 'bills_utilities'],
  ['IBEDC PREPAID', 'debit', 'bills_utilities'],
  ['SHOWMAX MOBILE', 'debit', 'bills_utilities'],
  // Bank charges
  ['SMS ALERT CHARGES FOR THE MONTH', 'debit', 'bank_charges', 'sms_alert'],
  ['SMS CHARGE JAN 2025', 'debit', 'bank_charges', 'sms_alert'],
  ['ALERT FEE', 'debit', 'bank_charges', 'sms_alert'],
  ['NOTIFICATION CHARGE', 'debit', 'bank_charges', 'sms_alert'],
  ['VAT ON NIP TRANSFER FEE', 'debit', 'bank_charges', 'vat'],
  ['VALUE ADDED TAX ON CHARGES', 'debit', 'bank_charges', 'vat'],
  ['VAT CHG', 'debit', 'bank_charges', 'vat'],
  ['STAMP DUTY CHARGE', 'debit', 'bank_charges', 'stamp_duty'],
  ['STAMPDUTY 50.00', 'debit', 'bank_charges', 'stamp_duty'],
  ['SD CHG ON TRANSFER', 'debit', 'bank_charges', 'stamp_duty'],
  ['EMT LEVY ON ELECTRONIC RECEIPT', 'debit', 'bank_charges', 'emt_levy'],
  ['ELECTRONIC MONEY TRANSFER LEVY', 'debit', 'bank_charges', 'emt_levy'],
  ['EMTL 50', 'debit', 'bank_charges', 'emt_levy'],
  ['ACCOUNT MAINTENANCE FEE', 'debit', 'bank_charges', 'maintenance'],
  ['MAINT FEE JAN', 'debit', 'bank_charges', 'maintenance'],
  ['COT CHARGE', 'debit', 'bank_charges', 'maintenance'],
  ['CARD MAINTENANCE FEE Q1', 'debit', 'bank_charges', 'maintenance'],
  ['CARD ISSUANCE FEE', 'debit', 'bank_charges', 'card_fee'],
  ['TOKEN FEE', 'debit', 'bank_charges', 'card_fee'],
  ['NIP TRANSFER FEE', 'debit', 'bank_charges', 'transfer_fee'],
  ['NIP CHARGE', 'debit', 'bank_charges', 'transfer_fee'],
  ['TRANSFER COMMISSION', 'debit', 'bank_charges', 'transfer_fee'],
  ['USSD CHARGE', 'debit', 'bank_charges', 'transfer_fee'],
  ['CHARGES ON TRANSFER TO ADA OKAFOR', 'debit', 'bank_charges', 'transfer_fee'],
  ['ATM CHARGE OTHER BANK', 'debit', 'bank_charges', 'transfer_fee'],
  // Loans
  ['LOAN DISBURSEMENT 1029', 'credit', 'loan'],
  ['LOAN REPAYMENT 1029', 'debit', 'loan'],
  ['CARBON REPAYMENT', 'debit', 'loan'],
  ['FAIRMONEY LOAN CREDIT', 'credit', 'loan'],
  ['PALMCREDIT DEBIT', 'debit', 'loan'],
  ['RENMONEY INSTALMENT', 'debit', 'loan'],
  ['QUICKCHECK LOAN', 'credit', 'loan'],
  ['OVERDRAFT INTEREST AND PRINCIPAL', 'debit', 'loan'],
  ['CREDIT DIRECT LIMITED DEDUCTION', 'debit', 'loan'],
  ['SOFTLOAN DISBURSAL', 'credit', 'loan'],
  // Betting
  ['BET9JA WALLET FUNDING', 'debit', 'betting'],
  ['SPORTYBET DEPOSIT', 'debit', 'betting'],
  ['NAIRABET WINNINGS', 'credit', 'betting'],
  ['BETKING TOPUP', 'debit', 'betting'],
  ['1XBET PAYMENT', 'debit', 'betting'],
  ['MSPORT WITHDRAWAL', 'credit', 'betting'],
  ['BETWAY NG', 'debit', 'betting'],
  ['MERRYBET', 'debit', 'betting'],
  // Reversals
  ['REVERSAL WEB PURCHASE JUMIA ORDER FAILED', 'credit', 'reversal'],
  ['REV: NIP TRANSFER TO ADA OKAFOR', 'credit', 'reversal'],
  ['RVSL POS PURCHASE @ SHOPRITE', 'credit', 'reversal'],
  ['REFUND FROM KONGA', 'credit', 'reversal'],
  ['RETURNED: INSUFFICIENT FUNDS', 'debit', 'reversal'],
  ['FAILED TRF REVERSED', 'credit', 'reversal'],
  ['CHARGEBACK MERCHANT 0021', 'credit', 'reversal'],
  ['ATM REVERSAL DISPENSE ERROR', 'credit', 'reversal'],
  // Interest
  ['INTEREST PAID', 'credit', 'interest'],
  ['CREDIT INTEREST CAPITALISED', 'credit', 'interest'],
  ['INT.CR FOR JAN', 'credit', 'interest'],
  ['SAVINGS INTEREST', 'credit', 'interest'],
  ['INTEREST ON FIXED DEPOSIT', 'credit', 'interest'],
  // Salary
  ['NIP TRANSFER FROM ACME NIGERIA LIMITED SALARY FOR 2025-01', 'credit', 'salary'],
  ['SALARY PAYMENT JANUARY 2025', 'credit', 'salary'],
  ['JAN SAL ACME NIG LTD', 'credit', 'salary'],
  ['PAYROLL CREDIT FEBRUARY', 'credit', 'salary'],
  ['MAY 2025 SALARY', 'credit', 'salary'],
  ['WAGES WEEK 12', 'credit', 'salary'],
  ['STIPEND NYSC', 'credit', 'salary'],
  ['SAL FOR MARCH 2025', 'credit', 'salary'],
  // Tax payments
  ['FIRS VAT REMITTANCE JAN 2025', 'debit', 'tax'],
  ['LIRS PAYE JAN 2025', 'debit', 'tax'],
  ['REMITA PAYMENT: WHT DEC 2024', 'debit', 'tax'],
  ['NRS TAX PAYMENT CIT 2024', 'debit', 'tax'],
  ['PAYE REMITTANCE LAGOS IRS', 'debit', 'tax'],
  ['WITHHOLDING TAX ON RENT', 'debit', 'tax'],
  ['COMPANY INCOME TAX 2024', 'debit', 'tax'],
  ['OGIRS PAYE FEB', 'debit', 'tax'],
  ['FCT-IRS WHT REMITTANCE', 'debit', 'tax'],
  ['LAND USE CHARGE 2025', 'debit', 'tax'],
  ['VAT RETURN PAYMENT JAN', 'debit', 'tax'],
  ['TAXPRO MAX PAYMENT', 'debit', 'tax'],
  // Other
  ['DIRECT DEBIT MANDATE 0021', 'debit', 'other_out'],
  ['CUSTOMER CARE ADJUSTMENT', 'credit', 'other_in'],
];

describe('categoriseNarration', () => {
  it('has a table of at least 150 narrations', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
  });

  it.each(CASES)('%s (%s) → %s', (narration, direction, category, chargeKind) => {
    const match = categoriseNarration(narration, direction);
    expect(match.category).toBe(category);
    if (chargeKind) expect(match.chargeKind).toBe(chargeKind);
  });
});

describe('extractCounterparty', () => {
  it.each([
    ['NIP TRANSFER FROM ADAEZE OKAFOR/ZENITH/house rent', 'ADAEZE OKAFOR'],
    ['NIP FRM MUSA BELLO-ACCESS-CONTRIBUTION', 'MUSA BELLO'],
    ['TRF FRM FUNKE ADEYEMI TO SELF VIA MOBILE APP', 'FUNKE ADEYEMI'],
    ['Transfer to Ngozi Nwosu', 'NGOZI NWOSU'],
    ['Transfer to TUNDE BAKARE | GTBank | 0123456789', 'TUNDE BAKARE'],
    ['MOB/UTO/IBRAHIM YUSUF/Rent balance', 'IBRAHIM YUSUF'],
    ['NIP/KUDA/AISHA YUSUF/for market', 'AISHA YUSUF'],
    ['NIP TRANSFER TO BRIGHTPATH VENTURES LTD/supply of diesel', 'BRIGHTPATH VENTURES LTD'],
    ['POS PURCHASE @ SHOPRITE LEKKI', 'SHOPRITE LEKKI'],
    ['Received from EMEKA OBI REF 99812233', 'EMEKA OBI'],
  ])('%s → %s', (narration, name) => {
    expect(extractCounterparty(narration)).toBe(name);
  });

  it('finds no counterparty in a charge', () => {
    expect(extractCounterparty('SMS ALERT CHARGES FOR THE MONTH')).toBeNull();
    expect(extractCounterparty('STAMP DUTY CHARGE')).toBeNull();
  });
});
