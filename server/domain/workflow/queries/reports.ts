import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database';
import { badRequest } from '../../../lib/errors';
import { statusLabelKey } from '../../../../src/core/workflow/status';
import { viewableBy, type Caller } from '../access';

/**
 * Named workflow reports for report/v1/getEchartsData, answered as ECharts takes them:
 * categories on the x axis, one series per legend entry, data aligned to the categories.
 * Each counts only instances the caller may read (the admin: all). The report names are a
 * fixed list in our code; nothing of the request reaches the SQL but parameters.
 */
export interface EchartsData {
  legend: string[];
  xAxis: string[];
  series: { name: string; type: 'bar' | 'line'; data: number[] }[];
}

type Report = (db: Db, caller: Caller) => Promise<EchartsData>;

const instanceStatuses = ['running', 'end', 'manualend', 'revoke'] as const;

function scopeOf(caller: Caller): RawBuilder<boolean> {
  return caller.isAdmin ? sql<boolean>`true` : viewableBy(sql.raw('i.id'), caller.id);
}

/** The flow name of a key: its main version's, so versions count as one flow. */
const flowName = sql`(select m.name from wf_definitions m where m.def_key = i.def_key and m.is_main)`;

/** Instances per flow, one series per instance status. */
const instancesByFlow: Report = async (db, caller) => {
  const rows = await sql<{ flow: string; status: string; n: number }>`
    select ${flowName} as flow, i.status, count(*) as n
    from wf_instances i where ${scopeOf(caller)}
    group by i.def_key, i.status`.execute(db);
  const flows = [...new Set(rows.rows.map((row) => row.flow))].sort();
  const series = instanceStatuses.map((status) => ({
    name: caller.translate(`workflow:instStatus.${status}`),
    type: 'bar' as const,
    data: flows.map((flow) =>
      Number(rows.rows.find((row) => row.flow === flow && row.status === status)?.n ?? 0),
    ),
  }));
  return { legend: series.map((item) => item.name), xAxis: flows, series };
};

/** Open tasks per platform status (NORMAL, SHARE, BACK...). */
const tasksByStatus: Report = async (db, caller) => {
  const rows = await sql<{ status: string; n: number }>`
    select t.status, count(*) as n
    from wf_tasks t join wf_instances i on i.id = t.inst_id
    where t.state = 'open' and ${scopeOf(caller)}
    group by t.status order by t.status`.execute(db);
  const name = caller.translate('server:workflow.report.openTasks');
  return {
    legend: [name],
    // The labels of the to-do lists (BACKSHARE reads as SHARE, an unknown status as 其他):
    // never a raw message key (issue 39, item 6).
    xAxis: rows.rows.map((row) => caller.translate(statusLabelKey(row.status))),
    series: [{ name, type: 'bar', data: rows.rows.map((row) => Number(row.n)) }],
  };
};

/** Average hours from start to end of the finished (ended or terminated) instances, per flow. */
const avgDurationByFlow: Report = async (db, caller) => {
  const rows = await sql<{ flow: string; hours: number }>`
    select ${flowName} as flow,
      round((avg(extract(epoch from (i.ended_at - i.created_at))) / 3600)::numeric, 1) as hours
    from wf_instances i
    where i.status in ('end', 'manualend') and i.ended_at is not null and ${scopeOf(caller)}
    group by i.def_key order by 1`.execute(db);
  const name = caller.translate('server:workflow.report.avgHours');
  return {
    legend: [name],
    xAxis: rows.rows.map((row) => row.flow),
    series: [{ name, type: 'bar', data: rows.rows.map((row) => Number(row.hours)) }],
  };
};

const reports: Record<string, Report> = { instancesByFlow, tasksByStatus, avgDurationByFlow };

export const reportIds = Object.keys(reports);

export async function echartsData(db: Db, caller: Caller, reportId: string) {
  const report = Object.hasOwn(reports, reportId) ? reports[reportId] : undefined;
  if (!report) {
    throw badRequest('server:workflow.reportUnknown', { reportId, known: reportIds.join(', ') });
  }
  return report(db, caller);
}
