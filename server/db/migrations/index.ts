import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation';
import * as finance from './0002-finance';
import * as workflow from './0003-workflow';
import * as shell from './0004-shell';
import * as workflowLinks from './0005-workflow-links';
import * as security from './0006-security';
import * as workflowCorrectness from './0007-workflow-correctness';
import * as listPaging from './0008-list-paging';
import * as mail from './0009-mail';
import * as directory from './0010-directory';
import * as methods from './0011-methods';
import * as charts from './0012-charts';
import * as homeWidgets from './0013-home-widgets';
import * as floorMap from './0014-floor-map';
import * as doneListOrder from './0016-done-list-order';
import * as onlineForms from './0017-online-forms';
import * as customDialogs from './0018-custom-dialogs';
import * as sessionEvents from './0019-session-events';
import * as sysModules from './0020-sys-modules';
import * as englishTexts from './0023-english-texts';
import * as englishNames from './0024-english-names';
import * as dyzlForm from './0025-dyzl-form';
import * as floorMapMenu from './0026-floor-map-menu';
import * as englishPostsMessages from './0027-english-posts-messages';
import * as assignShopsMenu from './0028-assign-shops-menu';
import * as englishSubjects from './0029-english-subjects';
import * as draftEnglishSubjects from './0030-draft-english-subjects';
import * as workflowIntegrity from './0031-workflow-integrity';
import * as mailUniqueAddress from './0032-mail-unique-address';
import * as formRights from './0033-form-rights';
import * as uploadQuota from './0034-upload-quota';
import * as noticeStaffViews from './0035-notice-staff-views';
import * as approvalOutcomes from './0036-approval-outcomes';
import * as everySpecRow from './0037-every-spec-row';
import * as mailUndelivered from './0038-mail-undelivered';
import * as chartStoreContains from './0039-chart-store-contains';
import * as chartMonthRange from './0040-chart-month-range';
import * as mapLayoutDrafts from './0041-map-layout-drafts';
import * as liveEvents from './0042-live-events';
import * as liveSecretaries from './0043-live-secretaries';
import * as meetingEnglishSubjects from './0044-meeting-english-subjects';
import * as oneMeetingARequest from './0045-one-meeting-a-request';
import * as paymentRequestsForMerchants from './0046-payment-requests-for-merchants';
import * as storeListEnglish from './0047-store-list-english';
import * as homeColumnEnglishHtml from './0048-home-column-english-html';
import * as storeCitiesEnglish from './0049-store-cities-english';
import * as messageOutcomes from './0050-message-outcomes';

/** Every migration, in order. A static list: no directory scanning, works the same bundled. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-finance': finance,
  '0003-workflow': workflow,
  '0004-shell': shell,
  '0005-workflow-links': workflowLinks,
  '0006-security': security,
  '0007-workflow-correctness': workflowCorrectness,
  '0008-list-paging': listPaging,
  '0009-mail': mail,
  '0010-directory': directory,
  '0011-methods': methods,
  '0012-charts': charts,
  '0013-home-widgets': homeWidgets,
  '0014-floor-map': floorMap,
  '0016-done-list-order': doneListOrder,
  '0017-online-forms': onlineForms,
  '0018-custom-dialogs': customDialogs,
  '0019-session-events': sessionEvents,
  '0020-sys-modules': sysModules,
  '0023-english-texts': englishTexts,
  '0024-english-names': englishNames,
  '0025-dyzl-form': dyzlForm,
  '0026-floor-map-menu': floorMapMenu,
  '0027-english-posts-messages': englishPostsMessages,
  '0028-assign-shops-menu': assignShopsMenu,
  '0029-english-subjects': englishSubjects,
  '0030-draft-english-subjects': draftEnglishSubjects,
  '0031-workflow-integrity': workflowIntegrity,
  '0032-mail-unique-address': mailUniqueAddress,
  '0033-form-rights': formRights,
  '0034-upload-quota': uploadQuota,
  '0035-notice-staff-views': noticeStaffViews,
  '0036-approval-outcomes': approvalOutcomes,
  '0037-every-spec-row': everySpecRow,
  '0038-mail-undelivered': mailUndelivered,
  '0039-chart-store-contains': chartStoreContains,
  '0040-chart-month-range': chartMonthRange,
  '0041-map-layout-drafts': mapLayoutDrafts,
  '0042-live-events': liveEvents,
  '0043-live-secretaries': liveSecretaries,
  '0044-meeting-english-subjects': meetingEnglishSubjects,
  '0045-one-meeting-a-request': oneMeetingARequest,
  '0046-payment-requests-for-merchants': paymentRequestsForMerchants,
  '0047-store-list-english': storeListEnglish,
  '0048-home-column-english-html': homeColumnEnglishHtml,
  '0049-store-cities-english': storeCitiesEnglish,
  '0050-message-outcomes': messageOutcomes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
