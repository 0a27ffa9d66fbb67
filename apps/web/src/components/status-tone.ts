/** Status tag colours (docs/product.md §4). */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info';

const TONES: Record<Exclude<StatusTone, 'info'>, readonly string[]> = {
  success: ['success', 'active', 'approved', 'sent', 'payment_paid', 'filed', 'paid'],
  warning: [
    'warning',
    'pending',
    'invited',
    'payment_pending',
    'awaiting_payment_confirmation',
    'awaiting_approval',
    'processing',
  ],
  danger: ['declined', 'failed', 'cancelled', 'canceled', 'in_error', 'info', 'reversed', 'rejected'],
};

export function statusTone(status: string | null | undefined): StatusTone {
  const value = (status ?? '').trim().toLowerCase();
  for (const tone of ['success', 'warning', 'danger'] as const) {
    if (TONES[tone].includes(value)) return tone;
  }
  return 'info';
}

export const TONE_COLOURS: Record<StatusTone, string> = {
  success: 'green',
  warning: 'yellow',
  danger: 'red',
  info: 'gray',
};

/** `awaiting_payment_confirmation` → `Awaiting payment confirmation`. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
