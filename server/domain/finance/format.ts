import type { Language } from '../../i18n';
import { formatDateTime } from '../../lib/time';

/** How values look at the API edge: the platform's text formats. */

/** 'YYYY-MM-01' (a statement month) as 'YYYY-MM'. */
export const yearMonth = (date: string) => date.slice(0, 7);

/** 'YYYY-MM-DD HH:mm:ss' in the business time zone, '' when unset. */
export const dateTime = (value: Date | null, timeZone: string) => formatDateTime(value, timeZone);

/** A store's name in the reader's language: its English one for English, where it has one. */
export const storeName = (
  row: { store_name: string; store_name_en: string },
  context: { language?: Language | undefined },
) => (context.language === 'en-US' && row.store_name_en ? row.store_name_en : row.store_name);

/** The platform's yes/no flags are these two characters in the data. */
export const yesNo = (value: boolean) => (value ? '是' : '否');

/** A fee notice is confirmed once its confirmation date is set. */
export const confirmFlag = (value: Date | null) => (value ? '1' : '0');
