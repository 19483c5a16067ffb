/** Date arithmetic on 'YYYY-MM-DD' text, in UTC so no time zone shifts a day. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const rest = date.slice(4);
  // 29 February of a leap year becomes 28 February when the target year has none.
  if (rest === '-02-29' && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) {
    return `${year}-02-28`;
  }
  return `${year}${rest}`;
}
