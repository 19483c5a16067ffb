import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { GroupManager } from './GroupManager';
import { meta } from './meta';

defineElement({ meta, component: GroupManager });
