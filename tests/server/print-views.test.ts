import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoBankAccounts } from '../../server/db/seed/print';
import { bearer, oneDatabase } from './harness';
import { caller, rows, withFinanceServer } from './finance-support';
import { confirmationSets, settlementSets } from '../../server/domain/finance/search/result-sets';

/**
 * What each print view answers: the settlement statement and the invoicing confirmation
 * exactly as searchDJH/searchFPQRD, the fee notices as searchLYJKD/searchZLTZD and the
 * advance list row plus the upload time, the dunning record with the receiving account of
 * its floor from the server's settings and the seal; batches hold the list's rows in order.
 */
const base = '/bpm-runtime/bpm/atriumScript';
const seal = readFileSync(new URL('../../server/db/seed/assets/seal.png', import.meta.url));

function open(app: FastifyInstance, path: string, payload: object, token: string) {
  return app.inject({ method: 'POST', url: `${base}/${path}`, payload, headers: bearer(token) });
}

describe.each(oneDatabase)('print views on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const get = async (account: string, url: string) =>
    (await caller(server.app, tokens[account]!).get(url)).json().data;

  it('answers the settlement statement and the invoicing confirmation as the searches do', async () => {
    const [statement] = await rows<{ record_no: string; accounting_mode: string }>(
      server.db,
      `select t.record_no, t.accounting_mode from settlement_statements t
       join invoice_confirmations c on c.statement_id = t.id
       where t.merchant_code = '10001' and (select count(*) from settlement_fee_lines l where l.statement_id = t.id) >= 20
       order by t.month desc limit 1`,
    );
    const params = { JLBH: statement!.record_no, HSFS: statement!.accounting_mode };
    const query = `DJBH=${params.JLBH}&HSFS=${encodeURIComponent(params.HSFS)}`;
    // The print view names what the search answers as the platform's result sets.
    for (const [path, search, asSets] of [
      ['printView/fkqkd', 'searchDJH', settlementSets],
      ['printView/kpqrd', 'searchFPQRD', confirmationSets],
    ] as const) {
      const printed = await open(server.app, path, params, tokens.SZHY10001!);
      expect(printed.statusCode).toBe(200);
      expect(asSets(printed.json().value)).toEqual(
        await get('SZHY10001', `${base}/${search}?${query}`),
      );
    }
    const settlement = (await open(server.app, 'printView/fkqkd', params, tokens.SZHY10001!)).json()
      .value;
    expect(settlement.lines.length).toBeGreaterThanOrEqual(20);
  });

  it('answers a fee notice as its search or list row, confirmed, with the upload time', async () => {
    const notice = async (table: string) =>
      (
        await rows<{ contract_no: string; ny: string; merchant_code: string }>(
          server.db,
          `select contract_no, to_char(month, 'YYYY-MM') as ny, merchant_code from ${table}
           where merchant_code = '10001' and confirm_date is null order by month desc, id limit 1`,
        )
      )[0]!;
    const joint = await notice('joint_fee_notices');
    const lease = await notice('lease_fee_notices');
    for (const [path, search, found, key] of [
      ['printView/lyfyjsd', 'searchLYJKD', joint, 'DJBH'],
      ['printView/zlfymxd', 'searchZLTZD', lease, 'HTH'],
    ] as const) {
      const printed = await open(
        server.app,
        path,
        { [key]: found.contract_no, NY: found.ny },
        tokens.SZHY10001!,
      );
      const { SCSJ, ...value } = printed.json().value;
      expect(value).toEqual(
        await get(
          'SZHY10001',
          `${base}/${search}?GHDWDM=${found.merchant_code}&DJBH=${encodeURIComponent(found.contract_no)}&NY=${found.ny}`,
        ),
      );
      expect(value.CONFIRM).toBe('1');
      expect(value.CONFIRM_BY).toBe('SZHY10001');
      expect(SCSJ).toBe(value.CONFIRM_DATE);
      expect(SCSJ).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // The advance notice carries every field of its list row (HT_YJ_TZD).
    const [advance] = await rows<{ contract_no: string; ny: string; id: string }>(
      server.db,
      `select id, contract_no, to_char(month, 'YYYY-MM') as ny from advance_notices
       where merchant_code = '10001' and confirm_date is not null order by month, id limit 1`,
    );
    const printed = (
      await open(
        server.app,
        'printView/yjftzd',
        { DJBH: advance!.contract_no, NY: advance!.ny },
        tokens.SZHY10001!,
      )
    ).json().value;
    const list = await caller(server.app, tokens.SZHY10001!).query({
      query: 'statement.yjfytzd',
      filters: { contract: advance!.contract_no, startMonth: advance!.ny, endMonth: advance!.ny },
    });
    const { SCSJ, ...row } = printed;
    expect(row).toEqual(list.body.result.find((candidate) => candidate.ID === advance!.id));
    // An earlier confirmation is the upload time, whoever confirmed it.
    expect(SCSJ).toBe(row.CONFIRM_DATE);
    for (const field of [
      'NY',
      'HTH',
      'SHMC',
      'JYPP',
      'JZMJ',
      'BDZJ',
      'WYGLF',
      'XCTGF',
      'CKZJ',
      'WBF',
      'SYXTF',
      'HYFWF',
      'QTFY',
      'KKHJ',
      'LC',
      'BZ',
      'DZLH',
      'CONFIRM',
      'CONFIRM_DATE',
    ])
      // prettier-ignore
      expect(printed, field).toHaveProperty(field);
  });

  it('answers the dunning record with the account of its floor and the seal', async () => {
    const byFloor = await rows<{ id: string; floor: string }>(
      server.db,
      `select distinct on (floor) id, floor from dunning_notices order by floor, cutoff_date desc, id`,
    );
    expect(byFloor.map((row) => row.floor)).toEqual(expect.arrayContaining(['L2', 'L3', 'L5']));
    const upper = demoBankAccounts.byFloor[0]!.account;
    const other = demoBankAccounts.otherFloors;
    expect(upper.number).not.toBe(other.number);
    for (const { id, floor } of byFloor) {
      const response = await open(server.app, 'printView/shcjftzd', { ID: id }, tokens.admin!);
      expect(response.statusCode).toBe(200);
      const { record, seal: sealUrl } = response.json().value;
      const account = floor === 'L2' || floor === 'L3' ? upper : other;
      expect(record, floor).toMatchObject({
        ID_: id,
        F_LC: floor,
        F_SKHM: account.name,
        F_KHYH: account.bank,
        F_YHZH: account.number,
      });
      for (const field of [
        'F_HTH',
        'F_GYSMC',
        'F_PPMC',
        'F_JZRQ',
        'F_JYQK',
        'F_JYQK_WYJ',
        'F_JKYQ_WYJ',
        'F_QKWYJHJ',
        'F_BZ',
        'F_SJHM',
        'F_LC',
        'F_CONFIRM_DATE',
        'F_CYR',
        'F_CYSJ',
      ])
        // prettier-ignore
        expect(record, field).toHaveProperty(field);
      // An administrator's open is a staff view: no mark in the merchant's name (issue 36).
      expect(record.F_CYR).toBe('');
      expect(sealUrl.startsWith('data:image/png;base64,')).toBe(true);
      expect(Buffer.from(sealUrl.split(',')[1], 'base64').equals(seal)).toBe(true);
    }
    // The account comes from the server's setting: change it, and the notice follows.
    const changed = {
      ...demoBankAccounts,
      byFloor: [
        { floors: ['L5'], account: { name: '测试户名', bank: '测试银行', number: '0001' } },
      ],
    };
    await rows(
      server.db,
      `update system_settings set value = '${JSON.stringify(changed)}'::jsonb where key = 'print.bankAccounts'`,
    );
    try {
      const l5 = byFloor.find((row) => row.floor === 'L5')!;
      const l2 = byFloor.find((row) => row.floor === 'L2')!;
      const answer = async (id: string) =>
        (await open(server.app, 'printView/shcjftzd', { ID: id }, tokens.admin!)).json().value
          .record;
      expect((await answer(l5.id)).F_YHZH).toBe('0001');
      expect((await answer(l2.id)).F_YHZH).toBe(other.number);
    } finally {
      await rows(
        server.db,
        `update system_settings set value = '${JSON.stringify(demoBankAccounts)}'::jsonb where key = 'print.bankAccounts'`,
      );
    }
  });

  it("answers a batch with the list's rows in the list's order, each with its account", async () => {
    const descriptor = { query: 'overdue.list', filters: { store: 'S01' } };
    const response = await open(server.app, 'printBatch/shcjftzd', { descriptor }, tokens.admin!);
    expect(response.statusCode).toBe(200);
    const { rows: printed, total, seal: sealUrl } = response.json().value;
    const list = await caller(server.app, tokens.admin!).query(descriptor);
    expect(total).toBe(list.body.total);
    expect(printed.map((row: { ID_: string }) => row.ID_)).toEqual(
      list.body.result.map((row) => row.ID_),
    );
    expect(sealUrl).toMatch(/^data:image\/png;base64,/);
    for (const row of printed) {
      const upper = row.F_LC === 'L2' || row.F_LC === 'L3';
      expect(row.F_YHZH).toBe(
        upper ? demoBankAccounts.byFloor[0]!.account.number : demoBankAccounts.otherFloors.number,
      );
      // Viewed only by its merchant, never marked by the administrator's batch (issue 36).
      expect(row.F_CYR === '' || row.F_CYR === `SZHY${row.F_GYSDM}`).toBe(true);
    }
    // The monthly reminders of the print demo data: one contract, six notices.
    const reminders = await rows<{ contract_no: string; n: number }>(
      server.db,
      `select contract_no, count(*)::int as n from dunning_notices where id like '1700000080%'
       group by 1`,
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.n).toBe(6);
    const six = await open(
      server.app,
      'printBatch/shcjftzd',
      { descriptor: { query: 'overdue.list', filters: { contract: reminders[0]!.contract_no } } },
      tokens.SZHY10002!,
    );
    expect(six.json().value.total).toBe(6);
  });
});
