import type { Db } from '../../database';
import type { QueryViewColumn, QueryViewCondition } from '../../schema-shell';
import { saveDefinition } from '../../../domain/forms/definitions';
import { contractPrintForm } from '../../../domain/shell/templates/contract-print-form';
import { roleIds } from '../ids';

/**
 * Custom queries, query views and the dyzl data template. The restful "demo" queries point at
 * /form/form/customQuery/v1/demoExternal/*, small endpoints of ours that answer the shapes an
 * external service may answer, so each error case of spec/shell.md section 8 can be shown.
 */
const external = (path: string) => `/form/form/customQuery/v1/demoExternal/${path}`;

const storeFields = JSON.stringify([
  { field: 'storeCode', comment: '门店编码', commentEn: 'Store code' },
  { field: 'storeName', comment: '门店名称', commentEn: 'Store' },
  { field: 'city', comment: '城市', commentEn: 'City' },
]);

const customQueries = [
  {
    alias: 'storeList',
    name: '门店一览',
    ds_type: 'dataSource' as const,
    request_type: 'POST' as const,
    named_query: 'stores',
    condition_fields: JSON.stringify([
      {
        field: 'storeName',
        comment: '门店名称',
        commentEn: 'Store',
        defaultValue: '',
        defaultType: '1',
      },
      { field: 'city', comment: '城市', commentEn: 'City', defaultValue: '', defaultType: '1' },
    ]),
    result_fields: storeFields,
    display_fields: storeFields,
  },
  {
    alias: 'myNewsReads',
    name: '我的阅读记录',
    ds_type: 'dataSource' as const,
    request_type: 'POST' as const,
    named_query: 'myNewsReads',
    condition_fields: JSON.stringify([
      { field: 'title', comment: '标题', defaultValue: '', defaultType: '1' },
    ]),
    display_fields: JSON.stringify([
      { field: 'title', comment: '标题' },
      { field: 'drafter', comment: '发布部门' },
      { field: 'readAt', comment: '阅读时间' },
    ]),
  },
  {
    alias: 'attendanceCard',
    name: '考勤与请假',
    ds_type: 'dataSource' as const,
    request_type: 'POST' as const,
    named_query: 'attendanceCard',
    display_fields: JSON.stringify([
      { field: 'exceptionCount', comment: '本月考勤异常' },
      { field: 'leaveDays', comment: '本年请假天数' },
    ]),
    page_size: 1,
  },
  {
    alias: 'demoStores',
    name: '外部门店接口（示例）',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('stores'),
    header: JSON.stringify({ 'X-Demo': 'atrium' }),
    list_key: 'data.list',
    condition_fields: JSON.stringify([
      { field: 'city', comment: '城市', defaultValue: '深圳', defaultType: '1' },
    ]),
    display_fields: storeFields,
  },
  {
    alias: 'demoEmptyUrl',
    name: '错误示例：未配置地址',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: '',
    list_key: 'data.list',
  },
  {
    alias: 'demoBadParams',
    name: '错误示例：POST 参数不是 JSON',
    ds_type: 'restful' as const,
    request_type: 'POST' as const,
    url: external('stores'),
    data_param: '{"city": "深圳",',
    list_key: 'data.list',
  },
  {
    alias: 'demoBadHeader',
    name: '错误示例：请求头不是 JSON',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('stores'),
    header: 'X-Demo: atrium',
    list_key: 'data.list',
  },
  {
    alias: 'demoBadConditions',
    name: '错误示例：条件字段不是 JSON',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('stores'),
    list_key: 'data.list',
    condition_fields: '[{"field": "city", "defaultValue": ',
  },
  {
    alias: 'demoEmptyAnswer',
    name: '错误示例：接口返回为空',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('empty'),
    list_key: 'data.list',
  },
  {
    alias: 'demoNotJson',
    name: '错误示例：接口返回不是 JSON',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('not-json'),
    list_key: 'data.list',
  },
  {
    alias: 'demoNoArray',
    name: '错误示例：列表键找不到数组',
    ds_type: 'restful' as const,
    request_type: 'GET' as const,
    url: external('no-array'),
    list_key: 'data.list',
  },
];

const col = (field: string, label: string, labelEn: string, extra: Partial<QueryViewColumn> = {}) =>
  ({ field, label, labelEn, ...extra }) satisfies QueryViewColumn;

const attendanceKinds = [
  { value: 'late', label: '迟到' },
  { value: 'early', label: '早退' },
  { value: 'absent', label: '旷工' },
  { value: 'missing', label: '缺卡' },
];

const leaveKinds = [
  { value: 'annual', label: '年假' },
  { value: 'sick', label: '病假' },
  { value: 'personal', label: '事假' },
  { value: 'marriage', label: '婚假' },
  { value: 'compensatory', label: '调休' },
];

const queryViews = [
  {
    sql_alias: 'kqyc',
    alias: 'kqycmx',
    name: '考勤异常明细',
    name_en: 'Attendance exceptions',
    named_query: 'attendanceExceptions',
    columns: [
      col('day', '日期', 'Date', { width: 120 }),
      col('fullname', '姓名', 'Name', { width: 100 }),
      col('kindName', '异常类型', 'Type', { width: 100 }),
      col('minutes', '分钟', 'Minutes', { width: 80, align: 'right' }),
      col('note', '说明', 'Note'),
    ],
    conditions: [
      { field: 'day', label: '日期', labelEn: 'Date', type: 'date' },
      {
        field: 'kind',
        label: '异常类型',
        labelEn: 'Type',
        type: 'select',
        options: attendanceKinds,
      },
    ] satisfies QueryViewCondition[],
  },
  {
    sql_alias: 'grqjmx',
    alias: 'grqj',
    name: '个人请假明细',
    name_en: 'My leave',
    named_query: 'leaveRecords',
    columns: [
      col('fullname', '姓名', 'Name', { width: 100 }),
      col('kindName', '假别', 'Kind', { width: 100 }),
      col('startsOn', '开始日期', 'From', { width: 120 }),
      col('endsOn', '结束日期', 'To', { width: 120 }),
      col('days', '天数', 'Days', { width: 80, align: 'right' }),
      col('statusName', '状态', 'Status', { width: 90 }),
      col('reason', '事由', 'Reason'),
    ],
    conditions: [
      { field: 'startsOn', label: '开始日期', labelEn: 'From', type: 'date' },
      { field: 'kind', label: '假别', labelEn: 'Kind', type: 'select', options: leaveKinds },
    ] satisfies QueryViewCondition[],
  },
];

const dyzlColumns = [
  col('F_MD', '门店', 'Store', { width: 140 }),
  col('F_GYSMC', '商户名称', 'Merchant', { width: 230 }),
  col('F_PPMC', '品牌', 'Brand', { width: 120 }),
  // Wide enough for a whole contract number (HT-2024-S01-0001): it is what users look for.
  col('F_HTH', '合同号', 'Contract no.', { width: 170, whole: true }),
  col('F_LXR', '品牌联系人', 'Brand contact', { width: 100 }),
  col('F_LXSJH', '联系人手机号', 'Contact mobile', { width: 120 }),
  col('F_DXSFFSCG', '品牌短信是否发送成功', 'Brand SMS sent', { width: 90, align: 'center' }),
  col('F_ZSRY', '招商对接人员', 'Liaison', { width: 100 }),
  col('F_ZSRYSJH', '人员手机号', 'Liaison mobile', { width: 120 }),
  col('F_ZSRYTZSFCG', '人员短信是否发送成功', 'Liaison SMS sent', { width: 90, align: 'center' }),
  col('F_CJSJ', '创建时间', 'Created', { width: 160 }),
];

export async function seedQueries(db: Db): Promise<void> {
  await db.insertInto('custom_queries').values(customQueries).execute();
  await db
    .insertInto('query_views')
    .values(
      queryViews.map((view) => ({
        ...view,
        columns: JSON.stringify(view.columns),
        conditions: JSON.stringify(view.conditions),
      })),
    )
    .execute();
  // dyzl is an online form whose records are the rows of contract_prints (record-stores.ts).
  await saveDefinition(db, contractPrintForm, null);
  await db
    .insertInto('data_templates')
    .values({
      template_key: 'dyzl',
      name: '合同打印资料',
      name_en: 'Contract print data',
      bo_alias: 'dyzl',
      form_key: 'dyzl',
      named_query: 'contractPrints',
      columns: JSON.stringify(dyzlColumns),
      conditions: JSON.stringify([
        { field: 'F_MDID', label: '门店', labelEn: 'Store', type: 'select', optionsFrom: 'stores' },
        { field: 'F_HTH', label: '合同号', labelEn: 'Contract no.', type: 'text' },
        { field: 'F_GYSMC', label: '商户名称', labelEn: 'Merchant', type: 'text' },
        { field: 'F_PPMC', label: '品牌', labelEn: 'Brand', type: 'text' },
        { field: 'F_CJSJ', label: '创建时间', labelEn: 'Created', type: 'date' },
      ] satisfies QueryViewCondition[]),
      fields: '[]',
      source: 'form',
      edit_role_ids: JSON.stringify([roleIds.contractManager, roleIds.store]),
    })
    .execute();
}
