import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { Attachments } from './Attachments';
import { meta } from './meta';

defineElement({ meta, component: Attachments });
