import type { DeadlineEntry } from '@levy/contracts';
import { addDays } from '@levy/tax';

/** The deadline calendar as iCalendar (RFC 5545): one all-day event per deadline, with a reminder three days before. */

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break (CRLF,
 * LF or a bare CR) written as \n, and other control characters, which TEXT may not hold, dropped.
 * A name typed with a stray CR would otherwise end the line and start a property of its own.
 */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((character) => !isControl(character))
    .join('');
}

/** A control character other than HTAB: line breaks are escaped before these are dropped. */
function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const character of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + character, 'utf8') > limit) {
      parts.push(current);
      current = character;
    } else current += character;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (date: string) => date.replace(/-/g, '');

export function deadlinesToICalendar(input: {
  organisationId: string;
  organisationName: string;
  entries: DeadlineEntry[];
  stamp: Date;
}): string {
  const stamp = `${input.stamp.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Levy//Tax deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`Tax deadlines: ${input.organisationName}`)}`,
    'X-WR-TIMEZONE:Africa/Lagos',
  ];
  for (const entry of input.entries) {
    const summary =
      `${entry.title}: ${entry.corporation.name}, ${entry.state.name}` +
      `${entry.status === 'paid' ? (entry.kind === 'annual_return' ? ' (filed)' : ' (paid)') : entry.status === 'overdue' ? ' (overdue)' : ''}`;
    const description = [
      `Legal due date: ${entry.deadline_date}.`,
      entry.safe_note ? `${entry.safe_note}.` : null,
      entry.status === 'overdue' && entry.penalty
        ? entry.kind === 'annual_return'
          ? `Late-filing penalty so far: NGN ${entry.penalty.total}.`
          : `Penalty and interest so far: NGN ${entry.penalty.total}; each further week adds about NGN ${entry.penalty.per_extra_week}.`
        : null,
      entry.penalty_rule
        ? `${entry.kind === 'annual_return' ? 'Late filing' : 'Late remittance'}: ${entry.penalty_rule}.`
        : null,
    ]
      .filter((line): line is string => line !== null)
      .join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${entry.kind}-${entry.tax_month}-${entry.corporation.id}-${entry.state.code}@levy.${input.organisationId}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(entry.deadline_date)}`,
      `DTEND;VALUE=DATE:${compact(addDays(entry.deadline_date, 1))}`,
      `SUMMARY:${escapeText(summary)}`,
      `DESCRIPTION:${escapeText(description)}`,
      'TRANSP:TRANSPARENT',
      ...(entry.status === 'paid'
        ? []
        : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(summary)}`, 'TRIGGER:-P3D', 'END:VALARM']),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
