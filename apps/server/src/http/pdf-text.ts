import { MONTH_ABBREVIATIONS } from '@levy/tax';

/** Naira for a PDF: its built-in fonts have no naira sign, so amounts read "NGN 1,234.56", as banks print them. */
export function pdfAmount(naira: string): string {
  const [whole, kobo] = naira.split('.');
  return `NGN ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${kobo}`;
}

// Made once: building a formatter costs more than formatting.
const LAGOS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: '2-digit',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** DD MMM, YYYY (docs/product.md "Expected everywhere"), in Lagos time when a time is given. */
export function longDate(iso: string, withTime = false): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  const parts = LAGOS_PARTS.formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const day = `${part('day')} ${MONTH_ABBREVIATIONS[Number(part('month')) - 1]}, ${part('year')}`;
  return withTime ? `${day} ${part('hour')}:${part('minute')} (Lagos)` : day;
}

/** "1 employee", "3 employees". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? singular : pluralForm}`;
}
