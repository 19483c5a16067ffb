import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { ApprovalPhrases } from './ApprovalPhrases';
import { meta } from './meta';

defineElement({ meta, component: ApprovalPhrases });
