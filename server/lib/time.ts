/** Formats instants in the business time zone the way the platform does ("yyyy-MM-dd HH:mm:ss"). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    // The Swedish locale writes ISO-like "2026-11-22 09:05:00".
    found = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  return formatter(timeZone).format(date);
}

export function formatDate(value: Date | string | null | undefined, timeZone: string): string {
  return formatDateTime(value, timeZone).slice(0, 10);
}
