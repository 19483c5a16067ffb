import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { Messages } from './Messages';
import { meta } from './meta';

defineElement({ meta, component: Messages });
