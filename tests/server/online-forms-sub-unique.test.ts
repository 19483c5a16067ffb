import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './harness';
import { useServerAndClient } from './workflow-harness';

/**
 * The exists rule of a sub-table field (docs/forms.md, "Unique values"): a value may be held
 * by one row of the table across the form's records, checked under the write's lock.
 */
const base = '/form/form/dataTemplate/v1';
type Answer = { status: number; body: { state?: boolean; message?: string; value?: unknown } };

const registration = (contractNo: string, units: string[]) => ({
  contractNo,
  merchantName: '铺位商户',
  store: 'S01',
  kind: 'lease',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  monthlyRent: '1000',
  units: units.map((unitNo) => ({ unitNo })),
});

describe.each(databaseKinds)('unique sub-table values on %s', (kind) => {
  const { server, client } = useServerAndClient(kind, async () => {
    // Contract registration gains the shop units it covers: one unit under one contract.
    const current = await client.get(
      'admin',
      '/form/form/form/v1/getByKey?formKey=contractRegistration',
    );
    const { definition } = current.body.value as {
      definition: { fields: { options?: unknown }[] };
    };
    const saved = await client.post('admin', '/form/form/form/v1/save', {
      definition: {
        ...definition,
        fields: definition.fields.map(({ options: _options, ...field }) => field),
        subTables: [
          {
            name: 'units',
            label: '铺位',
            labelEn: 'Units',
            fields: [
              {
                name: 'unitNo',
                label: '铺位号',
                labelEn: 'Unit no.',
                type: 'text',
                required: true,
                rules: 'maxLength:20|exists',
              },
            ],
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
  });

  const save = (body: object, language = 'zh-CN') =>
    client.call(
      'contract01',
      'POST',
      `${base}/boSave/contractRegistration`,
      body,
      language,
    ) as Promise<Answer>;
  const holders = async (unitNo: string) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from form_sub_rows s join form_records r on r.id = s.record_id
      where r.form_key = 'contractRegistration' and s.sub_table = 'units'
        and s.data ->> 'unitNo' = ${unitNo}`.execute(server.db);
    return rows[0]!.n;
  };

  it('stores one of 100 adds naming the same unit at once, refusing the others by row', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        save(
          registration(`HT-UNIT-${index}`, [`L1-${index}A`, 'L1-RACE']),
          index % 2 ? 'en-US' : 'zh-CN',
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200).length).toBe(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.message))).toEqual(
      new Set([
        '铺位 第 2 行 铺位号：输入的值已存在',
        'Units row 2, Unit no.: Input already exists',
      ]),
    );
    expect(await holders('L1-RACE')).toBe(1);
  });

  it('refuses two rows of one record with the same unit, and keeps a record its own units on edit', async () => {
    const twice = await save(registration('HT-UNIT-TWICE', ['L2-01', 'L2-01']));
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('铺位 第 2 行 铺位号：输入的值已存在');
    expect(await holders('L2-01')).toBe(0);

    const first = await save(registration('HT-UNIT-KEEP', ['L2-02', 'L2-03']));
    expect(first.status).toBe(200);
    const edited = await save({
      ...registration('HT-UNIT-KEEP', ['L2-03', 'L2-02', 'L2-04']),
      ID_: first.body.value,
    });
    expect(edited.status).toBe(200);
    const other = await save(registration('HT-UNIT-OTHER', ['L2-04']));
    expect(other.body.message).toBe('铺位 第 1 行 铺位号：输入的值已存在');
  });

  it('lets a unit go to a new contract while its holder is deleted at the same moment, never twice', async () => {
    for (let round = 0; round < 5; round++) {
      const unit = `L3-${round}`;
      const holder = await save(registration(`HT-UNIT-OLD-${round}`, [unit]));
      expect(holder.status).toBe(200);
      const [removed, taken] = await Promise.all([
        client.call(
          'contract01',
          'DELETE',
          `${base}/boDel/contractRegistration?ids=${String(holder.body.value)}`,
        ) as Promise<Answer>,
        save(registration(`HT-UNIT-NEW-${round}`, [unit])),
      ]);
      expect(removed.status).toBe(200);
      // The save either saw the holder (refused, clean) or came after its delete (stored).
      expect([200, 400]).toContain(taken.status);
      if (taken.status === 400) {
        expect(taken.body.message).toBe('铺位 第 1 行 铺位号：输入的值已存在');
        expect(await holders(unit)).toBe(0);
        const again = await save(registration(`HT-UNIT-NEW-${round}`, [unit]));
        expect(again.status).toBe(200);
      }
      expect(await holders(unit)).toBe(1);
    }
  });
});
