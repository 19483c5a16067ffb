import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { Meetings } from './Meetings';
import { meta } from './meta';

defineElement({ meta, component: Meetings });
