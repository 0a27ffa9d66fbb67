import type { DeadlineEntry } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { deadlinesToICalendar } from './icalendar';

function entry(corporationName: string): DeadlineEntry {
  return {
    corporation: { id: '00000000-0000-4000-8000-000000000001', name: corporationName },
    state: { code: 'LA', name: 'Lagos' },
    kind: 'paye',
    tax_month: '2026-10',
    title: 'PAYE tax for October 2026',
    deadline_date: '2026-11-10',
    safe_date: null,
    safe_note: null,
    status: 'due',
    days_overdue: 0,
    penalty: null,
    penalty_rule: null,
  };
}

/** The feed's logical lines: folded continuations (CRLF + space) joined back. */
function unfolded(feed: string): string[] {
  return feed.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

describe('the deadline feed as iCalendar', () => {
  it('keeps a name with a bare CR, LF, CRLF, backslash, semicolon and comma inside its own property', () => {
    const feed = deadlinesToICalendar({
      organisationId: 'org',
      organisationName: 'Ade\rLogistics',
      entries: [entry('Ade\rWorks; Lagos,\nNigeria\r\nLtd \\ Co\u0007')],
      stamp: new Date('2026-11-26T10:00:00Z'),
    });
    // No carriage return or line feed anywhere except as the CRLF that ends a line.
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfolded(feed);
    expect(lines).toContain('X-WR-CALNAME:Tax deadlines: Ade\\nLogistics');
    expect(lines).toContain(
      'SUMMARY:PAYE tax for October 2026: Ade\\nWorks\\; Lagos\\,\\nNigeria\\nLtd \\\\ Co\\, Lagos',
    );
    // Every line is a property (NAME: or NAME;) — no stray text became a line of its own.
    for (const line of lines) expect(line).toMatch(/^[A-Z-]+[:;]/);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const feed = deadlinesToICalendar({
      organisationId: 'org',
      organisationName: 'Ọ̀yọ́ Ìbàdàn '.repeat(12),
      entries: [],
      stamp: new Date('2026-11-26T10:00:00Z'),
    });
    const physical = feed.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    expect(unfolded(feed)).toContain(`X-WR-CALNAME:Tax deadlines: ${'Ọ̀yọ́ Ìbàdàn '.repeat(12)}`);
  });
});
