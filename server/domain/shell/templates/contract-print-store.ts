import type { Db } from '../../../db/database';
import type { DataTemplateRow } from '../../../db/schema-shell';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { financeScope, type FinanceScope } from '../../finance/scope';
import type { RecordStore } from '../../forms/record-store';
import type { SmsProvider } from '../../sms';
import { assertMethod, mayUse } from '../methods';
import { runNamedQuery, type QueryContext } from '../queries/registry';
import { contractPrintRows, contractPrints } from './contract-prints';

/** The form values the server keeps; store name, SMS flags and creation time it sets itself. */
interface PrintValues {
  F_MDID: string;
  F_GYSDM: string;
  F_GYSMC: string;
  F_PPMC: string;
  F_HTH: string;
  F_LXR: string;
  F_LXSJH: string;
  F_ZSRY: string;
  F_ZSRYSJH: string;
}

const fieldNames: (keyof PrintValues)[] = [
  'F_MDID',
  'F_GYSDM',
  'F_GYSMC',
  'F_PPMC',
  'F_HTH',
  'F_LXR',
  'F_LXSJH',
  'F_ZSRY',
  'F_ZSRYSJH',
];

function valuesOf(values: Record<string, unknown>): PrintValues {
  const entries = fieldNames.map((name) => {
    const value = values[name];
    return [name, value === undefined || value === null ? '' : String(value).trim()];
  });
  return Object.fromEntries(entries) as PrintValues;
}

/** Contract managers write rows of any store, the store role rows of its own stores. */
function writesStore(scope: FinanceScope, storeCode: string): boolean {
  return scope.contractManager || (scope.storeRole && scope.storeCodes.includes(storeCode));
}

/**
 * The unit and contract behind the typed-in values: a given vendor code must be a known
 * merchant; a contract number that exists links the row to its contract, and lends its unit
 * when none was typed.
 */
async function links(db: Db, values: PrintValues) {
  const store = await db
    .selectFrom('stores')
    .select('code')
    .where('code', '=', values.F_MDID)
    .executeTakeFirst();
  if (!store) throw badRequest('server:storeUnknown');
  if (values.F_GYSDM) {
    const merchant = await db
      .selectFrom('merchants')
      .select('code')
      .where('code', '=', values.F_GYSDM)
      .executeTakeFirst();
    if (!merchant) throw badRequest('server:shell.merchantUnknown');
    // A row tagged with a vendor shows up in that vendor's portal: the vendor must trade in
    // the row's store (hold a contract there).
    const trades = await db
      .selectFrom('contracts')
      .select('id')
      .where('merchant_code', '=', values.F_GYSDM)
      .where('store_code', '=', values.F_MDID)
      .limit(1)
      .executeTakeFirst();
    if (!trades) throw badRequest('server:shell.merchantNotInStore');
  }
  const contract = await db
    .selectFrom('contracts')
    .select(['id', 'merchant_code'])
    .where('number', '=', values.F_HTH)
    .where('store_code', '=', values.F_MDID)
    .executeTakeFirst();
  if (contract && values.F_GYSDM && contract.merchant_code !== values.F_GYSDM) {
    throw badRequest('server:shell.contractNotMerchants');
  }
  return {
    contractId: contract?.id ?? null,
    merchantCode: values.F_GYSDM || contract?.merchant_code || null,
  };
}

/**
 * Sends the registration notice to the brand contact and the merchant liaison once the row is
 * saved; each flag records whether its message went out (the list's "SMS succeeded" columns).
 */
async function notify(db: Db, sms: SmsProvider, id: string, values: PrintValues) {
  const text = `【海雅】${values.F_PPMC}（合同号${values.F_HTH}）的对账打印资料已登记，请登录企业门户查看。`;
  const send = async (mobile: string) => {
    try {
      await sms.send({ mobile, text });
      return true;
    } catch {
      return false;
    }
  };
  const brandOk = await send(values.F_LXSJH);
  const liaisonOk = await send(values.F_ZSRYSJH);
  await db
    .updateTable('contract_prints')
    .set({ brand_sms_ok: brandOk, liaison_sms_ok: liaisonOk })
    .where('id', '=', id)
    .execute();
}

async function getRow(ctx: QueryContext, scope: FinanceScope, id: string) {
  return contractPrintRows(ctx, scope).where('p.id', '=', id).executeTakeFirst();
}

function columnsOf(values: PrintValues, linked: Awaited<ReturnType<typeof links>>) {
  return {
    store_code: values.F_MDID,
    contract_id: linked.contractId,
    merchant_code: linked.merchantCode,
    merchant_name: values.F_GYSMC,
    brand: values.F_PPMC,
    contract_no: values.F_HTH,
    contact_name: values.F_LXR,
    contact_mobile: values.F_LXSJH,
    liaison_name: values.F_ZSRY,
    liaison_mobile: values.F_ZSRYSJH,
  };
}

/** The template's own roles say who may write at all (data); the store's scope says where. */
const holdsRole = (ctx: QueryContext, template: DataTemplateRow) =>
  template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role));

/** Someone who may add holds some store to add in (or every store). */
const addsSomewhere = (scope: FinanceScope) =>
  scope.contractManager || (scope.storeRole && scope.storeCodes.length > 0);

async function mayAct(ctx: QueryContext, template: DataTemplateRow, action: string) {
  return (
    holdsRole(ctx, template) &&
    (await mayUse(ctx.db, ctx.caller, `${template.template_key}:${action}`))
  );
}

/**
 * The dyzl form's records: the rows of contract_prints (the /ht contract list), seen through
 * the finance area's financeScope, listed by the contractPrints named query (its indexes);
 * a save links the row to its contract and, on add, sends the registration SMS. Export and
 * import are of the JSONB store only (the /ht list exports these rows).
 */
export function contractPrintStore(sms: SmsProvider): RecordStore {
  return {
    list: (ctx, _form, filters, paging) => runNamedQuery(contractPrints, ctx, filters, paging),
    async get(ctx, _form, id) {
      const row = await getRow(ctx, financeScope(ctx.caller), id);
      if (!row) throw notFound('server:shell.recordNotFound');
      return row;
    },
    async permissions(ctx, { template }) {
      const [add = false, edit = false, del = false] = await Promise.all(
        ['add', 'edit', 'del'].map((action) => mayAct(ctx, template, action)),
      );
      const scope = financeScope(ctx.caller);
      return {
        add: add && addsSomewhere(scope),
        edit,
        del: del && addsSomewhere(scope),
        export: false,
        import: false,
      };
    },
    async assertMayWrite(ctx, { template }, id) {
      if (!holdsRole(ctx, template)) throw forbidden('server:shell.templateNoWrite');
      await assertMethod(ctx.db, ctx.caller, `${template.template_key}:${id ? 'edit' : 'add'}`);
      const scope = financeScope(ctx.caller);
      if (!id) {
        if (!addsSomewhere(scope)) throw forbidden('server:shell.templateNoWrite');
        return;
      }
      const existing = await getRow(ctx, scope, id);
      if (!existing) throw notFound('server:shell.recordNotFound');
      if (!writesStore(scope, existing.F_MDID)) throw forbidden('server:shell.templateNoWrite');
    },
    async mayEdit(ctx, { template }, record) {
      if (!(await mayAct(ctx, template, 'edit'))) return false;
      return writesStore(financeScope(ctx.caller), String(record.F_MDID));
    },
    async save(ctx, _form, record, id) {
      const scope = financeScope(ctx.caller);
      const values = valuesOf(record.main);
      // The store the row is saved in (also the one it is moved to) must be the caller's.
      if (!writesStore(scope, values.F_MDID)) throw forbidden('server:shell.templateNoWrite');
      const columns = columnsOf(values, await links(ctx.db, values));
      if (id) {
        const existing = await getRow(ctx, scope, id);
        if (!existing) throw notFound('server:shell.recordNotFound');
        if (!writesStore(scope, existing.F_MDID)) throw forbidden('server:shell.templateNoWrite');
        await ctx.db.updateTable('contract_prints').set(columns).where('id', '=', id).execute();
        return id;
      }
      const rowId = newId();
      await ctx.db
        .insertInto('contract_prints')
        .values({
          id: rowId,
          ...columns,
          brand_sms_ok: false,
          liaison_sms_ok: false,
          created_at: new Date(),
        })
        .execute();
      await notify(ctx.db, sms, rowId, values);
      return rowId;
    },
    async remove(ctx, { template }, ids) {
      if (!holdsRole(ctx, template)) throw forbidden('server:forms.noDelete');
      await assertMethod(ctx.db, ctx.caller, `${template.template_key}:del`);
      const scope = financeScope(ctx.caller);
      const rows = await contractPrintRows(ctx, scope).where('p.id', 'in', ids).execute();
      // Another's row (or none) among them: nothing is deleted, as the form store does.
      if (rows.length !== new Set(ids).size) throw notFound('server:shell.recordNotFound');
      if (rows.some((row) => !writesStore(scope, row.F_MDID)))
        throw forbidden('server:forms.noDelete');
      await ctx.db.deleteFrom('contract_prints').where('id', 'in', ids).execute();
      return rows.length;
    },
  };
}
