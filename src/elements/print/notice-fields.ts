/**
 * The amount lines of the three fee notices (spec section 3), grouped as on the paper forms.
 * A line marked optional is hidden when zero; the others always show, with a dash when zero
 * or empty (spec section 5). `total` is the notice's total, also printed in capitals.
 */
export type NoticeKind = 'yjftzd' | 'lyfyjsd' | 'zlfymxd';

export interface NoticeLine {
  field: string;
  optional?: boolean;
}

export interface NoticeSection {
  /** A key of print:notice.sections. */
  title: 'fees' | 'sales' | 'deposits' | 'totals';
  lines: NoticeLine[];
}

export interface NoticeLayout {
  brandField: 'PP' | 'JYPP';
  remarkField: 'BZ' | 'BZSM' | 'BZMX';
  totalField: 'KKHJ' | 'FYHJ' | 'ZJHJ';
  sections: NoticeSection[];
}

const always = (...fields: string[]): NoticeLine[] => fields.map((field) => ({ field }));
const optional = (...fields: string[]): NoticeLine[] =>
  fields.map((field) => ({ field, optional: true }));

/** The running fees of joint-operation and lease notices. */
const runningFees = [
  ...always('WYGLF'),
  ...optional('WYGLF_TZ', 'QCJK_GLF'),
  ...always('TGF'),
  ...optional('TGFTZ', 'QCJK_TGF'),
  ...always('DF', 'SF'),
  ...optional('XFS', 'DQSYF', 'WSFBT', 'TDF', 'JRKKF', 'WBF', 'CKF', 'SYXT_SYF', 'HY_FWF'),
  ...optional('WLF', 'BXF', 'DHF', 'TM_CDF', 'QT', 'HYFKK', 'PPTGF', 'JFCE'),
];

const deposits: NoticeSection = {
  title: 'deposits',
  lines: optional('WYBZJ', 'SDBZJ', 'SYXT_YJ', 'QTYJ'),
};

export const noticeLayouts: Record<NoticeKind, NoticeLayout> = {
  yjftzd: {
    brandField: 'JYPP',
    remarkField: 'BZ',
    totalField: 'KKHJ',
    sections: [
      {
        title: 'fees',
        lines: [
          ...always('BDZJ', 'WYGLF', 'XCTGF'),
          ...optional('CKZJ', 'WBF', 'SYXTF', 'HYFWF', 'QTFY'),
        ],
      },
    ],
  },
  lyfyjsd: {
    brandField: 'PP',
    remarkField: 'BZSM',
    totalField: 'FYHJ',
    sections: [
      {
        title: 'sales',
        lines: [
          ...always('YSXSE'),
          ...optional('HDYHZE', 'XFTHDYHE'),
          ...always('ZZKK'),
          ...optional('KKTZ'),
          ...always('KPJE'),
          ...optional('THKXSKPJE', 'HDYHBTZPJE', 'DSYYK'),
        ],
      },
      { title: 'fees', lines: runningFees },
      deposits,
      {
        title: 'totals',
        lines: [...always('QCJK', 'GYSHK'), ...optional('ZG_ZSXJK', 'WS_DSXJ'), ...always('YSXJ')],
      },
    ],
  },
  zlfymxd: {
    brandField: 'PP',
    remarkField: 'BZMX',
    totalField: 'ZJHJ',
    sections: [
      { title: 'fees', lines: [...always('ZJ'), ...runningFees] },
      deposits,
      {
        title: 'totals',
        lines: [...always('QCJK'), ...optional('ZG_ZSXJK', 'WS_DSXJ'), ...always('YSXJ')],
      },
    ],
  },
};
