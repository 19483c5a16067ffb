/** 'MM-DD' of a 'YYYY-MM-DD' date. */
export const monthDay = (date: string) => date.slice(5, 10);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Whether a yearly date (birthday, hiring day) falls on `today`. A 29 February is kept on
 * 28 February in other years, so nobody loses their day.
 */
export function isYearlyOn(date: string, today: string): boolean {
  const day = monthDay(date);
  if (day === monthDay(today)) return true;
  return day === '02-29' && monthDay(today) === '02-28' && !isLeapYear(Number(today.slice(0, 4)));
}
