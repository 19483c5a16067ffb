import type { Security } from '../api/mail';

/**
 * The mail services users in China use most, with their published IMAP and SMTP servers, so
 * the account form fills them from the address. `code`: the service wants an authorisation
 * code (授权码) or app password, not the web sign-in password, once IMAP/SMTP is switched on
 * in its web settings. Company domains hosted by Tencent Exmail or Aliyun's enterprise mail
 * cannot be told from the address: the form offers those services by name.
 */
export interface MailProvider {
  id: string;
  /** Address domains that belong to the service. */
  domains: string[];
  imap: { host: string; port: number; security: Security };
  smtp: { host: string; port: number; security: Security };
  code: boolean;
}

const tls = (host: string, port: number) => ({ host, port, security: 'ssl' as const });

export const mailProviders: readonly MailProvider[] = [
  {
    id: 'qq',
    domains: ['qq.com', 'foxmail.com', 'vip.qq.com'],
    imap: tls('imap.qq.com', 993),
    smtp: tls('smtp.qq.com', 465),
    code: true,
  },
  {
    id: 'netease163',
    domains: ['163.com', 'vip.163.com'],
    imap: tls('imap.163.com', 993),
    smtp: tls('smtp.163.com', 465),
    code: true,
  },
  {
    id: 'netease126',
    domains: ['126.com', 'vip.126.com'],
    imap: tls('imap.126.com', 993),
    smtp: tls('smtp.126.com', 465),
    code: true,
  },
  {
    id: 'aliyun',
    domains: ['aliyun.com'],
    imap: tls('imap.aliyun.com', 993),
    smtp: tls('smtp.aliyun.com', 465),
    code: false,
  },
  {
    id: 'aliyunEnterprise',
    domains: [],
    imap: tls('imap.qiye.aliyun.com', 993),
    smtp: tls('smtp.qiye.aliyun.com', 465),
    code: false,
  },
  {
    id: 'exmail',
    domains: ['exmail.qq.com'],
    imap: tls('imap.exmail.qq.com', 993),
    smtp: tls('smtp.exmail.qq.com', 465),
    code: true,
  },
  {
    id: 'outlook',
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'],
    imap: tls('outlook.office365.com', 993),
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    code: true,
  },
  {
    id: 'gmail',
    domains: ['gmail.com', 'googlemail.com'],
    imap: tls('imap.gmail.com', 993),
    smtp: tls('smtp.gmail.com', 465),
    code: true,
  },
];

/** The service an address belongs to, by its domain; undefined for any other domain. */
export function providerOfAddress(address: string): MailProvider | undefined {
  const domain = address.trim().toLowerCase().split('@')[1];
  if (!domain) return undefined;
  return mailProviders.find((provider) => provider.domains.includes(domain));
}

export const providerById = (id: string): MailProvider | undefined =>
  mailProviders.find((provider) => provider.id === id);
