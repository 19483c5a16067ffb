import type { Db } from '../../db/database';
import type { FileStorage } from '../storage';
import { UserError } from '../../lib/errors';

/**
 * What the printed dunning notice takes from the server's settings (system_settings), never
 * from the element: the receiving bank account of each floor (spec: L2 or L3 one account,
 * every other floor another) and the company seal image.
 */
export const printSettingKeys = {
  bankAccounts: 'print.bankAccounts',
  seal: 'print.seal',
} as const;

export interface BankAccount {
  /** 户名 */
  name: string;
  /** 开户银行 */
  bank: string;
  /** 账号 */
  number: string;
}

export interface BankAccounts {
  /** Accounts of particular floors, first match wins. */
  byFloor: { floors: string[]; account: BankAccount }[];
  /** The account of every other floor. */
  otherFloors: BankAccount;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function isAccount(value: unknown): value is BankAccount {
  const account = value as Partial<BankAccount> | null;
  return isText(account?.name) && isText(account.bank) && isText(account.number);
}

function isBankAccounts(value: unknown): value is BankAccounts {
  const accounts = value as Partial<BankAccounts> | null;
  return (
    Array.isArray(accounts?.byFloor) &&
    accounts.byFloor.every(
      (rule) => Array.isArray(rule?.floors) && rule.floors.every(isText) && isAccount(rule.account),
    ) &&
    isAccount(accounts.otherFloors)
  );
}

async function setting(db: Db, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** The floor → account rule; a missing or malformed setting is the operator's to fix. */
export async function readBankAccounts(db: Db): Promise<(floor: string) => BankAccount> {
  const accounts = await setting(db, printSettingKeys.bankAccounts);
  return (floor) => {
    if (!isBankAccounts(accounts)) {
      throw new UserError(500, 'print:errors.bankNotConfigured', { floor });
    }
    const rule = accounts.byFloor.find((candidate) => candidate.floors.includes(floor));
    return rule?.account ?? accounts.otherFloors;
  };
}

/** The seal file's bytes as a data URL; '' when no seal is configured. Kept per file id. */
const sealCache = new Map<string, string>();

export async function readSeal(db: Db, storage: FileStorage): Promise<string> {
  const value = (await setting(db, printSettingKeys.seal)) as { fileId?: unknown } | undefined;
  const fileId = typeof value?.fileId === 'string' ? value.fileId : '';
  if (!fileId) return '';
  const cached = sealCache.get(fileId);
  if (cached !== undefined) return cached;
  const file = await db
    .selectFrom('files')
    .select(['storage_key', 'mime'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file || !(await storage.exists(file.storage_key))) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(file.storage_key)) chunks.push(chunk as Buffer);
  const url = `data:${file.mime};base64,${Buffer.concat(chunks).toString('base64')}`;
  // A file's bytes never change under its id; a new seal is a new file.
  if (sealCache.size > 8) sealCache.clear();
  sealCache.set(fileId, url);
  return url;
}
