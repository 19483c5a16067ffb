import { describe, expect, it } from 'vitest';
import { mailProviders, providerOfAddress } from '../../src/core/mail/providers';

describe('mail services found from an address', () => {
  it('knows the services users in China use most, by any of their domains', () => {
    const cases: [string, string | undefined][] = [
      ['a@qq.com', 'imap.qq.com'],
      ['A@FoxMail.com ', 'imap.qq.com'],
      ['b@163.com', 'imap.163.com'],
      ['c@126.com', 'imap.126.com'],
      ['d@aliyun.com', 'imap.aliyun.com'],
      ['e@hotmail.com', 'outlook.office365.com'],
      ['f@gmail.com', 'imap.gmail.com'],
      ['g@haiya.example', undefined],
      ['no-at-sign', undefined],
      ['h@qq.com.evil.example', undefined],
    ];
    for (const [address, imap] of cases) {
      expect(providerOfAddress(address)?.imap.host, address).toBe(imap);
    }
  });

  it('gives every service encrypted connections and one owner per domain', () => {
    const domains = mailProviders.flatMap((provider) => provider.domains);
    expect(new Set(domains).size).toBe(domains.length);
    for (const provider of mailProviders) {
      expect(provider.imap.security).not.toBe('none');
      expect(provider.smtp.security).not.toBe('none');
    }
  });
});
